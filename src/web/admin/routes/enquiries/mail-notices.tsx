// The notes about e-mail above the list (pending-mail-note.tsx) as a phone shows them (issue 28): a
// line for each thing that is wrong, which opens to the whole notes, so the first enquiry is on the
// first screen. From a tablet up they show in full as before.
import { ChevronDown, MailWarning } from 'lucide-react';
import { useId, useState } from 'react';
import { NOT_DELIVERED } from '#shared/mail-delivery.ts';
import { counted } from '#shared/report-words.ts';
import type { Enquiry } from '#shared/schemas/enquiries.ts';
import { useSetupStatus } from '../../api/setup-status.ts';
import { PendingMailNote } from './pending-mail-note.tsx';

/** What the notes are about, a line each, or null when there are none. */
function summaryOf(list: readonly Enquiry[], toFiles: boolean): string[] | null {
  const owed = list.filter((enquiry) => enquiry.notification_pending).length;
  const parts = [
    toFiles ? NOT_DELIVERED : null,
    owed > 0 ? `E-mails still to send: ${counted(owed, 'enquiry', 'enquiries')}` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts : null;
}

export function MailNotices({ list }: { list: Enquiry[] }) {
  const setup = useSetupStatus();
  const [open, setOpen] = useState(false);
  const id = useId();
  const summary = summaryOf(list, setup.data?.mail.transport === 'outbox');
  if (summary === null) return <PendingMailNote list={list} />;
  return (
    <div className="mb-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((shown) => !shown)}
        className="flex min-h-11 w-full items-center gap-2 rounded-card border border-amber-300 bg-amber-50 px-4 py-2 text-left text-sm font-semibold text-amber-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 sm:hidden"
      >
        <MailWarning className="size-5 shrink-0" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          {summary.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </span>
        <ChevronDown
          className={`size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
          aria-hidden="true"
        />
      </button>
      {/* The notes keep their own bottom margin; the last one's is this wrapper's. */}
      <div id={id} className={`${open ? 'mt-2' : 'hidden'} sm:mt-0 sm:block [&>*:last-child]:mb-0`}>
        <PendingMailNote list={list} />
      </div>
    </div>
  );
}
