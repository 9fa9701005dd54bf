import { composeMail } from '../../mail/compose.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';

export function passwordResetMail(options: { to: string; link: string; businessName: string }): OutgoingMail {
  return composeMail(options.to, `Reset your ${options.businessName} admin password`, [
    'Someone (hopefully you) asked to reset the password of your admin account.',
    { label: 'Choose a new password', link: options.link },
    'The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: your password ' +
      'stays as it is. Resetting the password does not switch off two-factor login.',
  ]);
}
