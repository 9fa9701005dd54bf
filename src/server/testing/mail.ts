// The sender and message the mailer's tests send: both bodies, a link and a visitor to reply to, as
// the app's own e-mails have.
import type { OutgoingMail } from '../mail/mailer.ts';

/** MAIL_FROM as an install sets it. */
export const FROM = '"Airsoft Target Range" <no-reply@range.test>';

/** A password-reset e-mail; its token must never reach a log. */
export const MESSAGE: OutgoingMail = {
  to: 'owner@example.com',
  subject: 'Reset your password',
  text: 'Open https://range.test/admin/reset-password?token=abc123 within an hour.',
  html: '<p>Open <a href="https://range.test/admin/reset-password?token=abc123">this link</a>.</p>',
  replyTo: 'visitor@example.com',
};
