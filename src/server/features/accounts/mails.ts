import type { AdminRole } from '#shared/constants.ts';
import { ROLE_DESCRIPTIONS } from '#shared/admin-roles.ts';
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

/**
 * Sent when an admin creates an account for someone (issue 28 item 9). It never carries the
 * password: whoever created the account chose it and gives it to them another way. The reset page
 * is offered instead, so they can choose their own without waiting — it mails a one-hour link to
 * this same mailbox, which anyone could already ask for, so offering it opens nothing new.
 */
export function invitationMail(options: {
  to: string;
  username: string;
  role: AdminRole;
  invitedBy: string;
  businessName: string;
  publicUrl: string;
}): OutgoingMail {
  const { to, username, role, invitedBy, businessName, publicUrl } = options;
  return composeMail(to, `Your admin account for ${businessName}`, [
    `Hello ${username},`,
    `${invitedBy} has made you an admin account for the ${businessName} website, as ${role === 'superadmin' ? 'a Superadmin' : 'an Admin'}. ${ROLE_DESCRIPTIONS[role]}`,
    `Sign in with this e-mail address: ${to}`,
    { label: 'Sign in to the admin', link: `${publicUrl}/admin/login` },
    `Your first password is the one ${invitedBy} chose for you: ask them for it — it is never sent by e-mail. ` +
      'When you first sign in, you will be asked to choose a new password that only you know.',
    'Rather not wait? Choose your own password now: the page below e-mails you a link to set it.',
    { label: 'Choose your password', link: `${publicUrl}/admin/forgot-password` },
    `If you did not expect this e-mail, ignore it and tell ${invitedBy}.`,
  ]);
}
