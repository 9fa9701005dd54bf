// Is the site really able to reach people? (issue 15, docs/decisions/0411.)

/** Why a send failed, as the server classifies it (its sentence travels with it). */
export const MAIL_FAILURE_KINDS = [
  'auth',
  'auth_required',
  'connection_refused',
  'host_not_found',
  'timeout',
  'tls',
  'recipient_refused',
  'sender_refused',
  'outbox',
  'other',
] as const;
export type MailFailureKind = (typeof MAIL_FAILURE_KINDS)[number];
