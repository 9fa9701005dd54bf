// The two e-mails an enquiry sends: the business's notification (Reply-To the visitor) and the
// visitor's acknowledgement, promising a reply within 24 hours (docs/product.md#enquiry-intake).
import { flattenControlCharacters } from '#shared/control-characters.ts';
import { formatDay, LONG_DAY } from '#shared/day-names.ts';
import { EVENT_TYPE_LABELS } from '#shared/event-types.ts';
import { phoneHref, readablePhone } from '#shared/phone.ts';
import type { EventType } from '#shared/schemas/enquiries.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import type { EnquiryRow } from './repository.ts';

export const REPLY_PROMISE = 'within 24 hours';

export interface Business {
  tradingName: string;
  /** Shown to the visitor; null while the site still has placeholder details. */
  phone: string | null;
  /** Where a reply to the acknowledgement goes; null when no real address is known. */
  replyTo: string | null;
  publicUrl: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Header-safe and short: visitor text never breaks a subject line. */
const oneLine = (text: string, max = 80) => {
  // Control characters are exactly what must not reach a header.
  const flat = flattenControlCharacters(text).trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const receivedAt = (epochMs: number) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  }).format(epochMs);

export const DATE_TAKEN_NOTE = 'That date was already booked when they asked.';

/** What the visitor asked for, the lines they filled in only. */
function askedFor(enquiry: EnquiryRow): [string, string][] {
  const fields: [string, string][] = [];
  if (enquiry.preferred_date) fields.push(['Preferred date', formatDay(enquiry.preferred_date, LONG_DAY)]);
  if (enquiry.event_type)
    fields.push(['Type of event', EVENT_TYPE_LABELS[enquiry.event_type as EventType] ?? enquiry.event_type]);
  if (enquiry.people !== null) fields.push(['Expected number of people', String(enquiry.people)]);
  return fields;
}

const paragraphs = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

/** A table row of the notice; the phone number is a link a phone can call from the mail. */
function htmlRow([label, value]: [string, string], phone: string | null): string {
  const shown =
    label === PHONE_LABEL && phone
      ? `<a href="${escapeHtml(phoneHref(phone))}">${escapeHtml(value)}</a>`
      : escapeHtml(value);
  return `<tr><th align="left">${label}</th><td>${shown}</td></tr>`;
}

const PHONE_LABEL = 'Phone';

export function businessNotification(enquiry: EnquiryRow, to: string, business: Business): OutgoingMail {
  const fields: [string, string][] = [
    ['Name', enquiry.name],
    ['E-mail', enquiry.email],
    // Stored as E.164, which the schema allows only digits and a + in: nothing can break a line.
    ...(enquiry.phone ? [[PHONE_LABEL, readablePhone(enquiry.phone)] as [string, string]] : []),
    ['Organisation', enquiry.organisation],
    ...askedFor(enquiry),
  ];
  const taken = enquiry.date_taken === 1;
  const adminUrl = `${business.publicUrl}/admin/enquiries`;
  const text = [
    `New booking enquiry, received ${receivedAt(enquiry.created_at)}.`,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    ...(taken ? [DATE_TAKEN_NOTE] : []),
    '',
    'Message:',
    enquiry.message,
    '',
    `Reply to this e-mail to answer ${enquiry.name} directly. The visitor was promised a reply ${REPLY_PROMISE}.`,
    `All enquiries: ${adminUrl}`,
  ].join('\n');
  const html = [
    `<p>New booking enquiry, received ${escapeHtml(receivedAt(enquiry.created_at))}.</p>`,
    '<table>',
    ...fields.map((field) => htmlRow(field, enquiry.phone)),
    '</table>',
    ...(taken ? [`<p><strong>${DATE_TAKEN_NOTE}</strong></p>`] : []),
    `<p><strong>Message</strong><br>${paragraphs(enquiry.message)}</p>`,
    `<p>Reply to this e-mail to answer ${escapeHtml(enquiry.name)} directly. The visitor was promised a reply ${REPLY_PROMISE}.</p>`,
    `<p><a href="${escapeHtml(adminUrl)}">All enquiries</a></p>`,
  ].join('\n');
  return {
    to,
    replyTo: enquiry.email,
    subject: `New enquiry: ${oneLine(enquiry.name, 60)} (${oneLine(enquiry.organisation, 60)})`,
    text,
    html,
  };
}

/**
 * The visitor's acknowledgement. Whoever fills in the form chooses its address, so it carries nothing
 * the sender wrote — no name, organisation or message — and says what to do if it was unexpected:
 * the form cannot be used to put someone else's words into a stranger's inbox.
 */
export function visitorAcknowledgement(to: string, business: Business): OutgoingMail {
  const call = business.phone ? `If it is urgent, call us on ${business.phone}.` : '';
  const unexpected = 'If you did not send an enquiry, you can ignore this e-mail.';
  const text = [
    'Hello,',
    '',
    `Thank you for your enquiry to ${business.tradingName}. We have received it and will reply ${REPLY_PROMISE}.`,
    ...(call ? ['', call] : []),
    '',
    unexpected,
    '',
    business.tradingName,
    business.publicUrl,
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>Thank you for your enquiry to ${escapeHtml(business.tradingName)}. We have received it and will reply ${REPLY_PROMISE}.</p>`,
    ...(call ? [`<p>${escapeHtml(call)}</p>`] : []),
    `<p>${unexpected}</p>`,
    `<p>${escapeHtml(business.tradingName)}<br><a href="${escapeHtml(business.publicUrl)}">${escapeHtml(business.publicUrl)}</a></p>`,
  ].join('\n');
  return {
    to,
    ...(business.replyTo ? { replyTo: business.replyTo } : {}),
    subject: `We have received your enquiry – ${oneLine(business.tradingName)}`,
    text,
    html,
  };
}
