// Sending the enquiry mails that only reached the outbox, once a mail server is set (issue 36,
// item 5; docs/decisions/0475): each made again from the enquiry as it is now, each sent at most
// once however many admins or instances ask at the same moment (the row's claim).
import type { EnquiriesDeps } from './deps.ts';
import { businessNotification, visitorAcknowledgement } from './mail.ts';
import { business, MailSendError, sendMail, SERVER_TROUBLE_SENTENCE } from './notify.ts';
import * as repo from './repository.ts';
import {
  claimSaved,
  offeredSaved,
  recordSavedSent,
  releaseSaved,
  type SavedKey,
} from './saved-mail-repository.ts';

/** Longer than any SMTP timeout, so a crashed sender's claim lapses. */
const CLAIM_MS = 5 * 60 * 1000;

export type SavedOutcome = 'sent' | 'saved' | 'failed' | 'skipped';

/** The saved notices and acknowledgements still worth sending, oldest first. */
export const savedEnquiryMails = (deps: EnquiriesDeps): Promise<SavedKey[]> => offeredSaved(deps.db);

/** Sends one saved mail if this caller claims it; what became of it. */
export async function sendSavedEnquiryMail(deps: EnquiriesDeps, key: SavedKey): Promise<SavedOutcome> {
  const { db, clock, log } = deps;
  const now = clock.now();
  if (!(await claimSaved(db, key, now, now + CLAIM_MS))) return 'skipped';
  try {
    const enquiry = await repo.findEnquiry(db, key.enquiry_id);
    const { details, notifyTo } = await business(deps);
    const to = key.kind === 'notice' ? notifyTo : enquiry?.email;
    if (!enquiry || !to) {
      await releaseSaved(db, key, null);
      return 'skipped';
    }
    const mail =
      key.kind === 'notice'
        ? businessNotification(enquiry, to, details)
        : visitorAcknowledgement(enquiry.email, details);
    if (await sendMail(deps, mail)) {
      // The mail server went away again: it is still only a file.
      await releaseSaved(db, key, null);
      return 'saved';
    }
    await recordSavedSent(db, key, clock.now());
    return 'sent';
  } catch (error) {
    log.warn({ err: error, enquiryId: key.enquiry_id, kind: key.kind }, 'saved enquiry mail not sent');
    const sentence = error instanceof MailSendError ? error.failure.sentence : SERVER_TROUBLE_SENTENCE;
    await releaseSaved(db, key, sentence);
    return 'failed';
  }
}
