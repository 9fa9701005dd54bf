// The dates and instants the API takes (docs/decisions/0458): real calendar days and instants with
// an offset, within DATE_RANGE. Each is one pattern, so the OpenAPI document carries the whole rule
// where a tester looks (a second pattern would go into an `allOf` that some testers skip); the
// message still tells "not a date" from "a date outside the range".
import { z } from 'zod';
import { DATE_RANGE } from '../constants.ts';

// The years 2000–2099 (DATE_RANGE); a leap day in every fourth of them, 2000 included (it is divisible
// by 400). [0-9] rather than \d: the document hands these patterns to testers in other languages.
const DAY =
  '(?:20(?:[02468][048]|[13579][26])-02-29' +
  '|20[0-9]{2}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)' +
  '|02-(?:0[1-9]|1[0-9]|2[0-8])))';
const TIME_OF_DAY = '(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]+)?';
const OFFSET = '(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])';

/** A real calendar day from DATE_RANGE.firstDay to DATE_RANGE.lastDay, 'YYYY-MM-DD'. */
export const DAY_PATTERN = new RegExp(`^${DAY}$`);
/** An instant whose written day is in DATE_RANGE, with seconds and an offset (Z or ±HH:MM). */
export const INSTANT_PATTERN = new RegExp(`^${DAY}T${TIME_OF_DAY}${OFFSET}$`);

export const DAY_FORMAT_MESSAGE = 'must be a date in the form YYYY-MM-DD';
export const DAY_RANGE_MESSAGE = `must be a day from ${DATE_RANGE.firstDay} to ${DATE_RANGE.lastDay}`;
const INSTANT_FORMAT_MESSAGE = 'must be a date and time such as 2026-12-05T09:00:00Z';
const INSTANT_RANGE_MESSAGE = `must be a date and time from ${DATE_RANGE.firstDay} to ${DATE_RANGE.lastDay}`;

const ANY_DAY = z.core.regexes.date;
const ANY_INSTANT = z.core.regexes.datetime({ offset: true });

/** A calendar day in DATE_RANGE; `notText` is the message for a value that is not a string at all. */
export const dayString = (notText = DAY_FORMAT_MESSAGE) =>
  z
    .string({ error: notText })
    .regex(DAY_PATTERN, {
      error: (issue) => (ANY_DAY.test(String(issue.input)) ? DAY_RANGE_MESSAGE : DAY_FORMAT_MESSAGE),
    })
    .meta({ format: 'date', description: `A day from ${DATE_RANGE.firstDay} to ${DATE_RANGE.lastDay}` });

/** Exactly a real calendar day within DATE_RANGE, as the document's `format: date` and pattern say. */
export const calendarDay = dayString();

/** An instant with its offset, its day within DATE_RANGE (the scheduling fields). */
export const instantString = z
  .string({ error: INSTANT_FORMAT_MESSAGE })
  .regex(INSTANT_PATTERN, {
    error: (issue) =>
      ANY_INSTANT.test(String(issue.input)) ? INSTANT_RANGE_MESSAGE : INSTANT_FORMAT_MESSAGE,
  })
  .meta({
    format: 'date-time',
    description: `A date and time with its offset, from ${DATE_RANGE.firstDay} to ${DATE_RANGE.lastDay}`,
  });
