// iCalendar text (RFC 5545) for the public events: what a visitor's calendar app imports from /events.ics or
// /events/<id>.ics. Events are calendar days (docs/product.md#calendar), so each is an all-day event: DTSTART
// and DTEND as DATE values, the same day wherever the calendar is (decision 0419). The same writer makes
// the invitation a booking's customer is sent (RFC 5546, invitation.ts).
import { addDays } from '#shared/london-days.ts';
import { controlRanges } from '#shared/control-characters.ts';
import { isHttpUrl, URL_WITHOUT_SPACES } from '#shared/schemas/media-url.ts';

export interface CalendarEvent {
  /** Stable per event: calendars recognise an updated event by it. */
  uid: string;
  /** 'YYYY-MM-DD' */
  day: string;
  summary: string;
  location: string;
  url: string;
  description: string;
  /** When the event last changed (epoch ms): its DTSTAMP and LAST-MODIFIED. */
  changedAt: number;
}

export interface CalendarText {
  /** What the calendar app calls the calendar once subscribed. */
  name: string;
  events: readonly CalendarEvent[];
}

const NOT_TEXT = new RegExp(`[${controlRanges('\t')}]`, 'g');
// What RFC 3986 lets a URI hold (anything else is percent-encoded).
const NOT_URI = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/g;

/**
 * RFC 5545 §3.3.11: backslash, semicolon and comma escaped, line breaks as \n. The other control
 * characters (tab aside) are not TEXT at all, and some readers take a lone CR or form feed as a line
 * end: they are dropped.
 */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(NOT_TEXT, '');
}

/**
 * A web address as an RFC 5545 URI value (§3.3.13: written as it is, nothing escaped), or undefined
 * when it is not a clean http(s) URL. A URI never holds white space or a control character, so a
 * value with one is refused rather than repaired: it was stored before the API refused such links
 * (docs/decisions/0436), and what it would say is not the admin's link. The URL parser's form is
 * ASCII; the few characters it leaves that RFC 3986 does not allow are percent-encoded.
 */
export function uriValue(text: string): string | undefined {
  if (!URL_WITHOUT_SPACES.test(text) || !isHttpUrl(text)) return undefined;
  return new URL(text).href.replace(NOT_URI, (char) => encodeURIComponent(char));
}

const MAX_LINE_OCTETS = 75;

/**
 * RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF and one space, never inside a
 * UTF-8 character (a split character is garbage in every calendar app).
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= MAX_LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // A continuation line begins with the folding space, so it holds one octet less.
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** '20261125' */
export const basicDay = (day: string) => day.replaceAll('-', '');

/** '20261125T050000Z' */
export const utcStamp = (epochMs: number) =>
  new Date(epochMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function eventLines(event: CalendarEvent): string[] {
  const stamp = utcStamp(event.changedAt);
  const url = uriValue(event.url);
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp}`,
    `LAST-MODIFIED:${stamp}`,
    `DTSTART;VALUE=DATE:${basicDay(event.day)}`,
    // Exclusive: a one-day event ends at the start of the next day.
    `DTEND;VALUE=DATE:${basicDay(addDays(event.day, 1))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(url ? [`URL:${url}`] : []),
    // A day at a festival does not block the visitor's whole day in their own calendar.
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

export function calendarText(calendar: CalendarText): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(calendar.name)}//Events//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(calendar.name)}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    // How often a subscribed calendar asks again (RFC 7986, and the older name Outlook reads).
    'REFRESH-INTERVAL;VALUE=DURATION:PT12H',
    'X-PUBLISHED-TTL:PT12H',
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return icsText(lines);
}

/**
 * The content lines as a file: folded, CRLF-ended. Every value is escaped or checked before it gets
 * here; should one still hold a line break, it cannot start a line (a property, an event) of its own.
 */
export function icsText(lines: readonly string[]): string {
  return lines.map((line) => foldLine(line.replace(/[\r\n]/g, ''))).join('\r\n') + '\r\n';
}
