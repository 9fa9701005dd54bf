// A visitor's booking enquiry: stored durably before the visitor hears "sent", then notified in the
// background (docs/decisions/0202).
import { BOOKING_LIMITS, HONEYPOT_FIELD, MIN_FILL_TIME_MS } from '#shared/constants.ts';
import { addDays, londonDay } from '#shared/london-days.ts';
import type { EnquiryRequest } from '#shared/schemas/enquiries.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { CAPTCHA_FAILED } from './captcha.ts';
import type { EnquiriesDeps } from './deps.ts';
import { notifyOne } from './notify.ts';
import * as repo from './repository.ts';

/** Why an enquiry looks automated, or null. Bots are stored as spam, not refused, so they learn nothing. */
function spamReason(input: EnquiryRequest, issuedAt: number | null, now: number): string | null {
  const honeypot = input[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') return 'honeypot';
  if (issuedAt !== null && now - issuedAt < MIN_FILL_TIME_MS) return 'too_fast';
  return null;
}

/**
 * The preferred date is a day to come, in London, and not further ahead than the owner books. Checked
 * here because it depends on the clock; whether the day is free is not a reason to refuse.
 */
function refuseDayGone(day: string | null | undefined, now: number) {
  if (!day) return;
  const today = londonDay(now);
  if (day < today) throw badRequest('preferred_date: must be today or later');
  if (day > addDays(today, BOOKING_LIMITS.aheadDays))
    throw badRequest(`preferred_date: must be at most ${BOOKING_LIMITS.aheadDays} days ahead`);
}

export async function submit(
  deps: EnquiriesDeps,
  input: EnquiryRequest,
): Promise<{ id: number; spam: boolean }> {
  const { db, clock, captcha, log } = deps;
  refuseDayGone(input.preferred_date, clock.now());
  const pass = await captcha.verify(input.recaptchaToken);
  const now = clock.now();
  const preferredDate = input.preferred_date ?? null;
  const reason = spamReason(input, pass.issuedAt, now);
  const row = await db.transaction().execute(async (trx) => {
    // Recorded in the same transaction as the enquiry: a solution is spent only if the enquiry is kept.
    if (
      pass.replay &&
      !(await repo.recordCaptchaSolution(trx, pass.replay.signature, pass.replay.expiresAt, now))
    ) {
      throw new HttpError(400, CAPTCHA_FAILED, 'This verification was already used. Please try again.');
    }
    return repo.insertEnquiry(trx, {
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      organisation: input.organisation,
      message: input.message,
      status: reason ? 'spam' : 'new',
      spam_reason: reason,
      created_at: now,
      updated_at: now,
      // Spam gets no mail: the business isn't bothered and a forged address isn't mailed.
      notify_pending: reason ? 0 : 1,
      notify_attempts: 0,
      notify_next_at: reason ? null : now,
      source_utm_source: input.source?.utm_source ?? null,
      source_utm_medium: input.source?.utm_medium ?? null,
      source_utm_campaign: input.source?.utm_campaign ?? null,
      source_referrer_host: input.source?.referrer_host ?? null,
      preferred_date: preferredDate,
      event_type: input.event_type ?? null,
      people: input.people ?? null,
      // Still taken, never lost: the owner sees it was booked and suggests another day.
      date_taken: preferredDate === null ? null : (await repo.dayIsBooked(trx, preferredDate)) ? 1 : 0,
    });
  });
  if (reason) {
    log.info({ enquiryId: row.id, reason }, 'enquiry stored as spam');
  } else {
    deps.background.run('enquiry notification', async () => {
      await notifyOne(deps, row.id);
    });
  }
  return { id: row.id, spam: reason !== null };
}
