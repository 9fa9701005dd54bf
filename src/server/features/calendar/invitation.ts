// A calendar invitation sent by e-mail (iTIP, RFC 5546), written by the same iCalendar writer as the
// public feed (ics.ts). METHOD:REQUEST adds or updates the event in the attendee's calendar; the UID
// stays the same for the life of the booking and a higher SEQUENCE replaces what they have;
// METHOD:CANCEL removes it. Timed events are wall-clock times in Europe/London, with the zone's rules
// included (a VTIMEZONE) so every calendar places them right; an event without times is all-day.
import { addDays } from '#shared/london-days.ts';
import { controlRanges } from '#shared/control-characters.ts';
import { basicDay, escapeText, icsText, utcStamp } from './ics.ts';

export const LONDON = 'Europe/London';

export interface Person {
  name: string;
  email: string;
}

export interface Invitation {
  method: 'REQUEST' | 'CANCEL';
  /** Stable for the life of the booking. */
  uid: string;
  sequence: number;
  /** When this version was written (epoch ms): its DTSTAMP. */
  writtenAt: number;
  /** The first and last day, 'YYYY-MM-DD' (Europe/London). */
  startDay: string;
  endDay: string;
  /** 'HH:MM' in Europe/London; the event is all-day unless both are set. */
  startTime: string | null;
  endTime: string | null;
  summary: string;
  location: string;
  description: string;
  /** Who the calendar app names as sending it (PRODID and ORGANIZER). */
  organizer: Person;
  attendee: Person;
}

/** The UK's rules since 1996: BST from 01:00 UTC on the last Sunday of March to the last of October. */
export const LONDON_TIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${LONDON}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

const NOT_QUOTABLE = new RegExp(`["${controlRanges()}]`, 'g');
/** RFC 5545 §3.2: a parameter value in quotes, which hold anything but quotes and control characters. */
const quoted = (text: string) => `"${text.replace(NOT_QUOTABLE, '')}"`;

/** A mailto: address with only what an address holds: nothing that could end the value or the line. */
const mailto = (email: string) => `mailto:${email.replace(/[^A-Za-z0-9.!#$%&'*+/=?^_`{|}~@-]/g, '')}`;

const HH_MM = /^([01][0-9]|2[0-3]):([0-5][0-9])$/;
const localTime = (day: string, time: string) => `${basicDay(day)}T${time.replace(HH_MM, '$1$2')}00`;

/** DTSTART and DTEND: London wall-clock times with both times set, else all-day (DTEND exclusive). */
export function whenLines(
  invite: Pick<Invitation, 'startDay' | 'endDay' | 'startTime' | 'endTime'>,
): string[] {
  const { startDay, endDay, startTime, endTime } = invite;
  if (startTime && endTime && HH_MM.test(startTime) && HH_MM.test(endTime))
    return [
      `DTSTART;TZID=${LONDON}:${localTime(startDay, startTime)}`,
      `DTEND;TZID=${LONDON}:${localTime(endDay, endTime)}`,
    ];
  // All-day: DTEND is exclusive, the day after the last.
  return [`DTSTART;VALUE=DATE:${basicDay(startDay)}`, `DTEND;VALUE=DATE:${basicDay(addDays(endDay, 1))}`];
}

export function invitationText(invite: Invitation): string {
  const when = whenLines(invite);
  const timed = when[0]!.includes('TZID');
  const stamp = utcStamp(invite.writtenAt);
  return icsText([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(invite.organizer.name)}//Bookings//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${invite.method}`,
    ...(timed ? LONDON_TIMEZONE : []),
    'BEGIN:VEVENT',
    `UID:${escapeText(invite.uid)}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${stamp}`,
    `LAST-MODIFIED:${stamp}`,
    ...when,
    `SUMMARY:${escapeText(invite.summary)}`,
    `LOCATION:${escapeText(invite.location)}`,
    `DESCRIPTION:${escapeText(invite.description)}`,
    `ORGANIZER;CN=${quoted(invite.organizer.name)}:${mailto(invite.organizer.email)}`,
    `ATTENDEE;CN=${quoted(invite.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:${mailto(invite.attendee.email)}`,
    `STATUS:${invite.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ]);
}
