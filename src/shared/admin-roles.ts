// What each admin role may do, in one sentence each (issue 28 item 9): the Admin Users screen shows
// them where a role is chosen, and the invitation e-mail tells a new admin which one they have.
import type { AdminRole } from './constants.ts';

export const ROLE_DESCRIPTIONS: Record<AdminRole, string> = {
  admin:
    'An Admin runs the website day to day: events, gallery, videos, enquiries, analytics and admin accounts.',
  superadmin:
    'A Superadmin can also change the business details and the mail server, answer personal data requests, read the audit log, and add or remove superadmins.',
};

/** The one line beside the role choice, contrasting the two. */
export const ROLE_CHOICE_HINT =
  'Admins run the website day to day; a Superadmin can also change the business details and the mail server, answer personal data requests, read the audit log and add or remove superadmins.';
