// The pending notices as the admin and the retry job see them: the Send Pending Notifications
// button, the retry run, and what the dashboard says is owed and why (docs/product.md#notifications).
import { ERROR_CODES } from '#shared/errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isMailFailureKind, mailFailureSentence } from '../../mail/failures.ts';
import type { EnquiriesDeps } from './deps.ts';
import { business, notifyAll, sendWaitingForAddress, type NotifyAllResult } from './notify.ts';
import * as repo from './repository.ts';
import type { NotificationCounts } from './repository.ts';

/** Automatic retries stop after this many attempts. */
export const MAX_AUTOMATIC_ATTEMPTS = 10;

/** Shown to the admin while notices wait for an address (no server variable named: they can't set one). */
export const NO_ADDRESS_SENTENCE =
  'No address to send enquiries to yet — add the business e-mail in Settings › Business details.';

/** What the pending enquiries owe, and why the last attempt failed (owner's words), for the admin screens. */
export interface NotificationStatus extends NotificationCounts {
  lastFailure: string | null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 visitors are waiting …": how many visitors have not had their acknowledgement yet. */
export const visitorsWaitingSentence = (n: number) =>
  n === 0
    ? 'No visitor is waiting for an acknowledgement.'
    : `${plural(n, 'visitor is', 'visitors are')} still waiting for an acknowledgement.`;

/**
 * The admin's answer when not everything went: why (in the owner's words), what was sent, what
 * waits, and how many visitors still wait for their acknowledgement.
 */
function pendingReport(result: NotifyAllResult, visitorsWaiting: number): string {
  const parts: string[] = [];
  if (result.failure) parts.push(result.failure.sentence);
  if (result.waitingForAddress > 0) parts.push(NO_ADDRESS_SENTENCE);
  if (result.sent > 0) parts.push(`${plural(result.sent, 'enquiry was', 'enquiries were')} sent.`);
  if (result.failed > 0)
    parts.push(
      `${plural(result.failed, 'enquiry', 'enquiries')} could not be sent and ${result.failed === 1 ? 'stays' : 'stay'} pending.`,
    );
  if (result.waitingForAddress > 0)
    parts.push(
      `${plural(result.waitingForAddress, 'enquiry is', 'enquiries are')} waiting for that address and will be sent to you as soon as it is saved.`,
    );
  parts.push(visitorsWaitingSentence(visitorsWaiting));
  return parts.join(' ');
}

/** The admin's button: every pending enquiry now, whatever its retry schedule. */
export async function sendPending(deps: EnquiriesDeps): Promise<{ sent: number }> {
  const result = await notifyAll(deps, await repo.pendingIds(deps.db, null));
  if (result.failed > 0 || result.waitingForAddress > 0) {
    const { visitorsWaiting } = await repo.notificationCounts(deps.db);
    const detail = pendingReport(result, visitorsWaiting);
    // 503: the mail server let us down; 409: the site is not set up to send notices yet.
    throw result.failed > 0
      ? new HttpError(503, ERROR_CODES.unavailable, detail)
      : new HttpError(409, ERROR_CODES.conflict, detail);
  }
  return { sent: result.sent };
}

/**
 * The background job: pending enquiries whose retry is due, until they run out of automatic
 * attempts. While there is no address to notify, enquiries that wait only for it are left alone.
 */
export async function retryDue(deps: EnquiriesDeps): Promise<{ sent: number; failed: number }> {
  const { notifyTo } = await business(deps);
  const due = await repo.pendingIds(deps.db, deps.clock.now(), {
    maxAttempts: MAX_AUTOMATIC_ATTEMPTS,
    skipWaitingForAddress: !notifyTo,
  });
  const { sent, failed } = await notifyAll(deps, due);
  return { sent, failed };
}

/** After a settings change: the notices waiting for an address go out, without delaying the save. */
export function sendWaitingForAddressInBackground(deps: EnquiriesDeps): void {
  deps.background.run('enquiry notices waiting for an address', () => sendWaitingForAddress(deps));
}

/** What the pending enquiries owe and why, for the dashboard and the enquiry screen. */
export async function notificationStatus({ db, mailRoute }: EnquiriesDeps): Promise<NotificationStatus> {
  const [counts, kind, route] = await Promise.all([
    repo.notificationCounts(db),
    repo.latestFailure(db),
    mailRoute(),
  ]);
  return {
    ...counts,
    lastFailure: isMailFailureKind(kind) ? mailFailureSentence(kind, route) : null,
  };
}

/** Where enquiry notices go now: NOTIFY_EMAIL, else a real business e-mail; null while neither. */
export async function notificationAddress(
  deps: EnquiriesDeps,
): Promise<{ address: string; source: 'server' | 'business_details' } | null> {
  if (deps.notifyEmail) return { address: deps.notifyEmail, source: 'server' };
  const { notifyTo } = await business(deps);
  return notifyTo ? { address: notifyTo, source: 'business_details' } : null;
}
