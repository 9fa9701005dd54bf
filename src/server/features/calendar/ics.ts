// iCalendar text (RFC 5545) for the public events: what a visitor's calendar app imports from
// /events.ics or /events/<id>.ics. Events are calendar days (SPEC §7), so each is an all-day event:
// DTSTART and DTEND as DATE values, the same day wherever the calendar is (decision 0419).
import { addDays } from '#shared/london-days.ts';

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

/** RFC 5545 §3.3.11: backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
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

const basicDay = (day: string) => day.replaceAll('-', '');

/** '20261125T050000Z' */
const utcStamp = (epochMs: number) =>
  new Date(epochMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function eventLines(event: CalendarEvent): string[] {
  const stamp = utcStamp(event.changedAt);
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
    // A URI value is not TEXT: no escaping (RFC 5545 §3.3.13); it was checked as a web address.
    `URL:${event.url}`,
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
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
