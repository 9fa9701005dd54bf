import { BellRing, Building2, Mail, Phone, Reply, Signpost, Trash2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { ENQUIRY_STATUSES } from '#shared/constants.ts';
import { phoneHref, readablePhone } from '#shared/phone.ts';
import type { Enquiry, EnquiryStatus, NotificationWait } from '#shared/schemas/enquiries.ts';
import { Button } from '../../../components/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateEnquiryStatus } from '../../api/enquiries-update-status.ts';
import { BookAction } from './book-action.tsx';
import { EnquiryWishes } from './enquiry-wishes.tsx';
import { errorToast } from './error-toast.ts';
import { describeSource, formatReceived } from './format.ts';
import { StatusBadge, STATUS_LABELS } from './status-badge.tsx';

const WAIT_LABELS: Record<NotificationWait, string> = {
  address: 'Notification pending: no address yet',
  mail_server: 'Notification pending: mail server problem',
  sending: 'Notification pending',
};

export function EnquiryCard({
  enquiry,
  selected,
  onSelect,
  onDelete,
}: {
  enquiry: Enquiry;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onDelete: () => void;
}) {
  const status = enquiry.status ?? 'new';
  const titleId = `enquiry-${enquiry.id}-name`;

  return (
    <li
      id={`enquiry-${enquiry.id}`}
      aria-labelledby={titleId}
      className={`scroll-mt-20 rounded-card border bg-white shadow-sm ${selected ? 'border-accent-600 ring-1 ring-accent-600' : 'border-ink-200'}`}
    >
      <div className="flex gap-3 p-4 sm:p-5">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Select enquiry from ${enquiry.name}`}
          className="mt-1 size-5 shrink-0 cursor-pointer accent-accent-600"
        />
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="text-lg font-semibold break-words text-ink-900">
              {enquiry.name}
            </h2>
            <StatusBadge status={status} />
            {enquiry.notification_pending && (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                <BellRing className="size-3.5 shrink-0" aria-hidden="true" />
                {WAIT_LABELS[enquiry.notification_waiting_for ?? 'sending']}
              </span>
            )}
            {enquiry.acknowledgement_pending && (
              <span className="inline-flex items-center rounded-full bg-ink-100 px-2.5 py-0.5 text-xs font-semibold text-ink-800">
                Visitor not acknowledged yet
              </span>
            )}
            <time
              dateTime={enquiry.created_at}
              className="basis-full text-sm text-ink-600 sm:ml-auto sm:basis-auto"
            >
              {formatReceived(enquiry.created_at)}
            </time>
          </div>
          <EnquiryContacts enquiry={enquiry} />
          <EnquiryWishes enquiry={enquiry} />
          <p className="rounded-lg bg-ink-50 p-3 text-ink-800 break-words whitespace-pre-line">
            {enquiry.message}
          </p>
          <EnquiryActions enquiry={enquiry} status={status} onDelete={onDelete} />
        </div>
      </div>
    </li>
  );
}

/** What can be done with an enquiry: its status, a reply, a booking, deleting it. */
function EnquiryActions({
  enquiry,
  status,
  onDelete,
}: {
  enquiry: Enquiry;
  status: EnquiryStatus;
  onDelete: () => void;
}) {
  const reply = `mailto:${enquiry.email}?subject=${encodeURIComponent('Re: your booking enquiry')}`;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <StatusSelect enquiry={enquiry} status={status} />
      <a
        href={reply}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-ink-100 px-4 text-sm font-semibold text-ink-900 hover:bg-ink-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink-500"
        aria-label={`Reply to ${enquiry.name} by email`}
      >
        <Reply className="size-4" aria-hidden="true" /> Reply
      </a>
      <BookAction enquiry={enquiry} />
      <Button
        variant="ghost"
        className="ml-auto text-danger-600 hover:bg-red-50"
        onClick={onDelete}
        aria-label={`Delete enquiry from ${enquiry.name}`}
      >
        <Trash2 className="size-4" aria-hidden="true" /> Delete
      </Button>
    </div>
  );
}

/** How to reach the visitor, and where their enquiry came from. */
function EnquiryContacts({ enquiry }: { enquiry: Enquiry }) {
  return (
    <dl className="grid grid-cols-1 gap-1 text-sm text-ink-700 sm:grid-cols-2">
      <Detail icon={Mail} label="Email">
        <dd className="min-w-0 truncate">
          <a href={`mailto:${enquiry.email}`} className="text-accent-700 underline underline-offset-2">
            {enquiry.email}
          </a>
        </dd>
      </Detail>
      {enquiry.phone && (
        <Detail icon={Phone} label="Phone">
          <dd className="min-w-0">
            <a
              href={phoneHref(enquiry.phone)}
              className="text-accent-700 underline underline-offset-2"
              aria-label={`Call ${enquiry.name} on ${readablePhone(enquiry.phone)}`}
            >
              {readablePhone(enquiry.phone)}
            </a>
          </dd>
        </Detail>
      )}
      <Detail icon={Building2} label="Organisation">
        <dd className="min-w-0 break-words">{enquiry.organisation}</dd>
      </Detail>
      <Detail icon={Signpost} label="Source" wide>
        <dd className="min-w-0 break-words">{describeSource(enquiry.source)}</dd>
      </Detail>
    </dl>
  );
}

const DETAIL = 'flex min-w-0 items-center gap-1.5';

/** One line of the contacts: an icon named for screen readers, then the value (the `dd` given). */
function Detail({
  icon: Icon,
  label,
  wide = false,
  children,
}: {
  icon: LucideIcon;
  label: string;
  /** Across both columns from a tablet up. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? `${DETAIL} sm:col-span-2` : DETAIL}>
      <dt>
        <Icon className="size-4 text-ink-500" aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </dt>
      {children}
    </div>
  );
}

function StatusSelect({ enquiry, status }: { enquiry: Enquiry; status: EnquiryStatus }) {
  const updateStatus = useUpdateEnquiryStatus();
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold text-ink-800">
      Status
      <select
        value={status}
        disabled={updateStatus.isPending}
        onChange={(event) => {
          const next = event.target.value as EnquiryStatus;
          updateStatus.mutate(
            { id: enquiry.id, status: next },
            {
              onSuccess: () =>
                toast.success('Status updated', {
                  description: `${enquiry.name}: ${STATUS_LABELS[next]}`,
                }),
              onError: (error) => errorToast(errorMessage(error, 'Failed to update enquiry status')),
            },
          );
        }}
        className="min-h-11 rounded-lg border border-ink-300 bg-white px-3 text-base font-normal text-ink-900 focus:outline-2 focus:outline-accent-400"
      >
        {ENQUIRY_STATUSES.map((value) => (
          <option key={value} value={value}>
            {STATUS_LABELS[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
