// The words every screen uses while mail is only written to files (issue 28, docs/decisions/0440):
// one phrase, shown in a warning style, never as a success.

/** Said wherever an e-mail went to the outbox instead of a mail server. */
export const NOT_DELIVERED = 'Not delivered — no mail server yet';
