// Personal data requests (superadmin): when a visitor asks what the site holds about them, or asks for
// it to be deleted, the owner looks them up by e-mail address, downloads a copy to send them, and
// erases it. Over GET/DELETE /api/admin/data-subject (issue 9; docs/decisions/0409).
import { Download, Trash2, UserSearch } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { dataSubjectQuery, type DataSubjectRecords } from '#shared/schemas/data-subject.ts';
import { Banner, EmptyState, Loading } from '../../../components/admin-ui.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useDataSubject, useEraseDataSubject } from '../../api/data-subject.ts';
import { confirmDelete } from '../../components/confirm.ts';
import { formatReceived } from '../enquiries/format.ts';
import { StatusBadge } from '../enquiries/status-badge.tsx';
import { fieldSentence, SettingsSection } from './section.tsx';

const FIELD_LABEL = 'Their e-mail address';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 enquiries, 1 booking and a count of 2 acknowledgement e-mails", naming only what there is. */
function describeHoldings({
  enquiries,
  bookings,
  acknowledgements_counted: counted,
}: DataSubjectRecords): string {
  const parts = [];
  if (enquiries.length > 0) parts.push(plural(enquiries.length, 'enquiry', 'enquiries'));
  if (bookings.length > 0) parts.push(plural(bookings.length, 'booking', 'bookings'));
  if (counted > 0)
    parts.push(`a count of ${plural(counted, 'acknowledgement e-mail', 'acknowledgement e-mails')}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

/** A file name that is safe on every system and still says whose data it is. */
export const copyFileName = (email: string) =>
  `personal-data-${email.toLowerCase().replace(/[^a-z0-9.@_-]+/g, '_')}.json`;

/** The person's bookings, one line each (the copy holds every field). */
function BookingLines({ records }: { records: DataSubjectRecords }) {
  if (records.bookings.length === 0) return null;
  return (
    <ul aria-label={`Bookings of ${records.email}`} className="space-y-1 text-ink-800">
      {records.bookings.map((booking) => (
        <li key={booking.id}>
          Booking {booking.id}: {booking.start_date}
          {booking.end_date !== booking.start_date && ` to ${booking.end_date}`}, {booking.state}
          {booking.location && `, ${booking.location}`}
        </li>
      ))}
    </ul>
  );
}

function Holdings({ records, onErased }: { records: DataSubjectRecords; onErased: (text: string) => void }) {
  const erase = useEraseDataSubject();
  const held = describeHoldings(records);

  const download = () => {
    const copy = { ...records, exported_at: new Date().toISOString() };
    saveFile(
      new Blob([JSON.stringify(copy, null, 2)], { type: 'application/json' }),
      copyFileName(records.email),
    );
  };

  const eraseAll = () => {
    if (!confirmDelete(`${held} stored under ${records.email}`)) return;
    erase.mutate(records.email, {
      onSuccess: ({ deleted }) => {
        // The banner above says it; a toast beside it would say it twice (issue 16).
        const anonymised = deleted.bookings
          ? ` ${plural(deleted.bookings, 'booking', 'bookings')} kept for the accounts, without name or place.`
          : '';
        onErased(
          `Erased ${plural(deleted.enquiries, 'enquiry', 'enquiries')} from ${records.email}.${anonymised}`,
        );
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to erase this data')),
    });
  };

  return (
    <div className="space-y-4">
      <p className="font-semibold text-ink-900">
        Stored under <span className="break-words">{records.email}</span>: {held}.
      </p>
      {records.enquiries.length > 0 && (
        <ul
          aria-label={`Enquiries from ${records.email}`}
          className="divide-y divide-ink-200 overflow-hidden rounded-lg border border-ink-200 bg-white"
        >
          {records.enquiries.map((enquiry) => (
            <li key={enquiry.id} className="space-y-1 px-4 py-3">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-semibold text-ink-900">{enquiry.name}</span>
                {enquiry.organisation && <span className="text-ink-700">{enquiry.organisation}</span>}
                <StatusBadge status={enquiry.status} />
              </div>
              <p className="text-sm text-ink-600">
                Received <time dateTime={enquiry.created_at}>{formatReceived(enquiry.created_at)}</time>
              </p>
              <p className="line-clamp-3 whitespace-pre-line break-words text-ink-800">{enquiry.message}</p>
            </li>
          ))}
        </ul>
      )}
      <BookingLines records={records} />
      {records.acknowledgements_counted > 0 && (
        <p className="text-sm text-ink-600">
          The acknowledgement count only limits how many automatic replies go to this mailbox a day; it holds
          no message.
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={download}>
          <Download className="size-5" aria-hidden="true" />
          Download a copy
        </Button>
        <Button variant="danger" onClick={eraseAll} disabled={erase.isPending}>
          <Trash2 className="size-5" aria-hidden="true" />
          {erase.isPending ? 'Erasing…' : 'Erase all of it'}
        </Button>
      </div>
    </div>
  );
}

export function DataSubjectSection() {
  const [draft, setDraft] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [email, setEmail] = useState<string | null>(null);
  const [erasedNotice, setErasedNotice] = useState<string | null>(null);
  const records = useDataSubject(email);

  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    const parsed = dataSubjectQuery.safeParse({ email: draft });
    if (!parsed.success) {
      setFieldError(fieldSentence('The address', parsed.error.issues[0]?.message));
      return;
    }
    setFieldError(undefined);
    setErasedNotice(null);
    if (parsed.data.email === email) void records.refetch();
    else setEmail(parsed.data.email);
  };

  return (
    <SettingsSection
      id="settings-data-subject"
      title="Personal data requests"
      icon={UserSearch}
      description="When someone asks for a copy of what the site holds about them, or asks for it to be deleted, look them up by the e-mail address they wrote from. Copies in your own mailbox and in backups are not touched."
    >
      <form onSubmit={lookUp} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label={FIELD_LABEL}
          type="email"
          autoComplete="off"
          inputMode="email"
          className="sm:flex-1"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={fieldError}
          hint="Capital letters do not matter."
        />
        <Button type="submit" className="sm:mt-7" disabled={records.isFetching}>
          {records.isFetching ? 'Looking up…' : 'Look up'}
        </Button>
      </form>
      <div className="mt-5 space-y-4" aria-live="polite">
        {erasedNotice && <Banner kind="success">{erasedNotice}</Banner>}
        {email === null ? null : records.isPending ? (
          <Loading label="Looking up" />
        ) : records.isError ? (
          <Banner kind="error">{errorMessage(records.error, 'Failed to look up this address')}</Banner>
        ) : !describeHoldings(records.data) ? (
          <EmptyState>
            Nothing is stored under <span className="break-words">{records.data.email}</span>.
          </EmptyState>
        ) : (
          <Holdings records={records.data} onErased={setErasedNotice} />
        )}
      </div>
    </SettingsSection>
  );
}
