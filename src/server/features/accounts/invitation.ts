// The invitation e-mail to a new admin (issue 28 item 9, docs/decisions/0440): their sign-in address,
// the admin's address and the password change at first sign-in — never the password. Sent while
// the creating admin waits, so the screen can say what happened to it; a failed send leaves the
// account in place and says so.
import { BUSINESS_NAME } from '#shared/constants.ts';
import { stripControlCharacters } from '#shared/control-characters.ts';
import { NOT_DELIVERED } from '#shared/mail-delivery.ts';
import type { AdminUser } from '#shared/schemas/accounts.ts';
import type { InvitationResult } from '#shared/schemas/invitation.ts';
import { explainMailFailure } from '../../mail/failures.ts';
import { requireSecurity, type AccountsDeps, type SessionAdmin } from './deps.ts';
import { invitationMail } from './mails.ts';

export async function inviteAdmin(
  deps: AccountsDeps,
  actor: SessionAdmin,
  admin: AdminUser,
): Promise<InvitationResult> {
  const { mailer, mailRoute, businessName, publicUrl } = requireSecurity(deps);
  // The trading name is free text a superadmin typed: one clean line in the subject.
  const name =
    stripControlCharacters((await businessName?.().catch(() => null)) ?? '').trim() || BUSINESS_NAME;
  const mail = invitationMail({
    to: admin.email,
    username: admin.username,
    role: admin.role,
    invitedBy: actor.username,
    businessName: name,
    publicUrl,
  });
  const yourself = `give ${admin.username} the password yourself`;
  try {
    const receipt = await mailer.send(mail);
    if (receipt?.transport === 'outbox')
      return {
        outcome: 'saved',
        message: `${NOT_DELIVERED}: the invitation to ${admin.email} was saved as a file on the server, and nobody receives it until a mail server is set up in Settings › Mail. Tell ${admin.username} how to sign in, and ${yourself}.`,
      };
    return {
      outcome: 'sent',
      message: `An invitation was e-mailed to ${admin.email} with how to sign in. It does not hold the password: ${yourself}.`,
    };
  } catch (error) {
    const reason = mailRoute ? explainMailFailure(error, await mailRoute()).sentence : null;
    const parts = [
      `The invitation could not be e-mailed to ${admin.email}.`,
      reason,
      `The account is made: tell ${admin.username} how to sign in, and ${yourself}.`,
    ];
    return { outcome: 'failed', message: parts.filter(Boolean).join(' ') };
  }
}
