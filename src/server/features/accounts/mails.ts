import { composeMail } from '../../mail/compose.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';

const london = (epochMs: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(epochMs);

/** Sent when the account-wide limit trips: many failures from many places mean someone is guessing. */
export function accountLockedMail(options: { to: string; until: number; publicUrl: string }): OutgoingMail {
  return composeMail(options.to, 'Your admin account was locked after many failed sign-in attempts', [
    'There have been many failed attempts to sign in to your admin account, so signing in is blocked until ' +
      `${london(options.until)} (UK time).`,
    'If this was not you, someone may be trying to guess your password. Your account is safe while they fail; ' +
      'to be sure, choose a new password once the lock ends and turn on two-factor login in Settings.',
    { label: 'Reset your password', link: `${options.publicUrl}/admin/forgot-password` },
  ]);
}
