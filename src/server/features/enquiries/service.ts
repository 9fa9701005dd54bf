// Booking enquiries: stored durably before the visitor hears "sent", then e-mailed to the business
// and acknowledged to the visitor. A failed send leaves the enquiry pending for the retry job and
// the admin's Send Pending Notifications button (docs/product.md#notifications; docs/decisions/0202).
// With no address to notify yet, the visitor is still acknowledged and the notice waits, without
// using up retries, until one is saved (issue 15, docs/decisions/0411). The work lives in the named
// functions of this folder; the service binds them to their dependencies (decision 0425).
import { bindDeps } from '../../lib/bind-deps.ts';
import type { EnquiriesDeps } from './deps.ts';
import { listEnquiries, removeEnquiries, removeEnquiry, setStatus } from './enquiry-records.ts';
import {
  notificationAddress,
  notificationStatus,
  retryDue,
  sendPending,
  sendWaitingForAddressInBackground,
} from './notification-status.ts';
import { sendWaitingForAddress } from './notify.ts';
import { sendersOf } from './repository.ts';
import { savedEnquiryMails, sendSavedEnquiryMail } from './saved-mail.ts';
import { bookingsBySource } from './sources.ts';
import { submit } from './submissions.ts';

export function createEnquiriesService(deps: EnquiriesDeps) {
  const bind = bindDeps(deps);
  return {
    submit: bind(submit),
    /** Bookings by source over the last `days` London days (sources.ts). */
    bySource: (days: number) => bookingsBySource(deps.db, deps.clock, days),
    list: bind(listEnquiries),
    /** The sender and arrival of each of these live enquiries (the audit screen's names). */
    sendersOf: (ids: number[]) => sendersOf(deps.db, ids),
    setStatus: bind(setStatus),
    remove: bind(removeEnquiry),
    removeMany: bind(removeEnquiries),
    sendPending: bind(sendPending),
    retryDue: bind(retryDue),
    sendWaitingForAddress: bind(sendWaitingForAddress),
    sendWaitingForAddressInBackground: bind(sendWaitingForAddressInBackground),
    notificationStatus: bind(notificationStatus),
    notificationAddress: bind(notificationAddress),
    /** The notices and acknowledgements only written to the outbox, to send now (decision 0475). */
    savedMails: bind(savedEnquiryMails),
    sendSavedMail: bind(sendSavedEnquiryMail),
    /** Resolves when background work, including notifications after submissions, has finished (tests). */
    settled: () => deps.background.settled(),
  };
}

export type EnquiriesService = ReturnType<typeof createEnquiriesService>;
