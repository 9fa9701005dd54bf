// While there is no mail server, enquiry notices and visitors' acknowledgements are only saved as
// files on the server (issue 28): said above the list in a warning style, with where to fix it.
import { MailX } from 'lucide-react';
import { Link } from 'react-router';
import { NOT_DELIVERED } from '#shared/mail-delivery.ts';
import { ADMIN_PATHS } from '../../paths.ts';
import { MailNote } from './mail-note.tsx';

export function OutboxNote({ canEdit }: { canEdit: boolean }) {
  return (
    <MailNote label="E-mails not delivered" icon={MailX}>
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
    </MailNote>
  );
}
