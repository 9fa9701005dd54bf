// While there is no mail server, enquiry notices and visitors' acknowledgements are only saved as
// files on the server (issue 28): said above the list in a warning style, with where to fix it.
import { MailX } from 'lucide-react';
import { Link } from 'react-router';
import { NOT_DELIVERED } from '#shared/mail-delivery.ts';
import { ADMIN_PATHS } from '../../paths.ts';

export function OutboxNote({ canEdit }: { canEdit: boolean }) {
  return (
    <div
      role="note"
      aria-label="E-mails not delivered"
      className="mb-4 flex items-start gap-3 rounded-card border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <MailX className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold">{NOT_DELIVERED}.</p>
        <p>
          Enquiry notices and visitors' acknowledgements are saved as files on the server, and nobody receives
          them; the enquiries themselves are all kept here.{' '}
          {canEdit ? (
            <Link
              to={`${ADMIN_PATHS.settings}#settings-mail`}
              className="font-semibold underline underline-offset-2"
            >
              Set up the mail server in Settings › Mail
            </Link>
          ) : (
            'Ask a superadmin to set up the mail server in Settings › Mail'
          )}
          .
        </p>
      </div>
    </div>
  );
}
