// One visitor's mailbox, however they spell it: the enquiry form counts acknowledgement e-mails under
// this key, and a data-subject erasure must find the same rows.

/** One key per mailbox: letter case, `+tags` and (at Gmail) dots reach the same person. */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  let local = address.slice(0, at).split('+')[0] ?? '';
  let domain = address.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/** The rate-limit key of the acknowledgements sent to a mailbox. */
export const acknowledgementKey = (email: string) => `acknowledgement|${mailboxKey(email)}`;
