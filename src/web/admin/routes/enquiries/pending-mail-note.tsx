import { MailQuestion } from 'lucide-react';
import { Link } from 'react-router';
import type { Enquiry } from '#shared/schemas/enquiries.ts';
import { useSetupStatus } from '../../api/setup-status.ts';
import { ADMIN_PATHS } from '../../paths.ts';
import { MailNote } from './mail-note.tsx';
import { OutboxNote } from './outbox-note.tsx';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Why e-mails are still owed and what fixes it, above the list; while there is no mail server, that
 * they only reach files (issue 28). Nothing when every e-mail went.
 */
export function PendingMailNote({ list }: { list: Enquiry[] }) {
  const setup = useSetupStatus();
  const toFiles = setup.data?.mail.transport === 'outbox';
  const outbox = toFiles && <OutboxNote canEdit={setup.data?.mail.can_edit ?? false} />;
  const pending = list.filter((enquiry) => enquiry.notification_pending);
  if (pending.length === 0) return outbox || null;
  return (
    <>
      {outbox}
      <OwedNote pending={pending} canEdit={setup.data?.business_details.can_edit ?? false} />
    </>
  );
}

/** The enquiries with e-mails still owed, and why. */
function OwedNote({ pending, canEdit }: { pending: Enquiry[]; canEdit: boolean }) {
  const setup = useSetupStatus();
  const waitingForAddress = pending.filter((e) => e.notification_waiting_for === 'address').length;
  const failing = pending.filter((e) => e.notification_waiting_for === 'mail_server').length;
  const visitorsWaiting = pending.filter((e) => e.acknowledgement_pending).length;
  return (
    <MailNote label="E-mails still to send" icon={MailQuestion}>
      <p className="font-semibold">
        {plural(pending.length, 'enquiry has', 'enquiries have')} e-mails still to send.
      </p>
      {waitingForAddress > 0 && (
        <p>
          No address to send enquiries to yet —{' '}
          {canEdit ? (
            <Link
              to={`${ADMIN_PATHS.settings}#settings-business`}
              className="font-semibold underline underline-offset-2"
            >
              add the business e-mail in Settings › Business details
            </Link>
          ) : (
            'ask a superadmin to add the business e-mail in Settings › Business details'
          )}
          . {waitingForAddress === 1 ? 'It goes' : 'They go'} to you as soon as it is saved.
        </p>
      )}
      {failing > 0 && (
        <p>
          {setup.data?.notifications.last_failure ?? 'The mail server did not take them.'}{' '}
          {failing === 1 ? 'It is' : 'They are'} retried automatically, or use Send Pending Notifications once
          it is fixed.
        </p>
      )}
      <p>
        {visitorsWaiting === 0
          ? 'No visitor is waiting for an acknowledgement.'
          : `${plural(visitorsWaiting, 'visitor is', 'visitors are')} still waiting for an acknowledgement.`}
      </p>
    </MailNote>
  );
}
