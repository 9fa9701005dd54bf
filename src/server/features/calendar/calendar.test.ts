import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';
import { calendarText, escapeText, foldLine } from './ics.ts';

/** Unfolds RFC 5545 lines (CRLF followed by one space continues the line). */
const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and line breaks in text values', () => {
    expect(escapeText('Fun, food; and \\ more\nnext line\r\nlast')).toBe(
      'Fun\\, food\\; and \\\\ more\\nnext line\\nlast',
    );
  });

  it('folds lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'£€🎯'.repeat(20)}`;
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const part of lines) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    for (const part of lines.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(folded).not.toContain('\uFFFD');
    expect(unfold(folded)).toBe(line);
  });

  it('writes CRLF line endings and an all-day event a calendar parser reads back', () => {
    const text = calendarText({
      name: 'Range — events',
      events: [
        {
          uid: 'event-1@range.test',
          day: '2026-12-31',
          summary: 'New Year, targets; fun',
          location: 'Reading\nBerkshire',
          url: 'https://example.com/a?b=1,2',
          description: 'More information: https://example.com/a?b=1,2',
          changedAt: Date.UTC(2026, 5, 1, 9, 30, 0),
        },
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('summary')).toBe('New Year, targets; fun');
    expect(vevent.getFirstPropertyValue('location')).toBe('Reading\nBerkshire');
    expect(vevent.getFirstPropertyValue('url')).toBe('https://example.com/a?b=1,2');
    const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
    const end = vevent.getFirstPropertyValue('dtend') as ICAL.Time;
    expect([start.isDate, start.toString()]).toEqual([true, '2026-12-31']);
    // The end of an all-day event is exclusive: the next day, across the year's end.
    expect(end.toString()).toBe('2027-01-01');
    expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-06-01T09:30:00Z');
  });
});

/** The test clock's day is 2026-06-15 (London). */
const EVENTS = {
  soon: { name: 'Summer Fest, Day One', location: 'Reading; Berkshire', date: '2026-07-01' },
  later: { name: 'Autumn Fair', location: 'York', date: '2026-09-20', link: 'https://autumn.example/info' },
  today: { name: 'Village Fete', location: 'Henley', date: '2026-06-15' },
  past: { name: 'Spring Show', location: 'Bath', date: '2026-06-14' },
  hidden: { name: 'Secret Trial', location: 'Nowhere', date: '2026-08-01', is_active: false },
} as const;

interface ParsedEvent {
  uid: string;
  summary: string;
  location: string;
  start: string;
  url: string;
}

function parseCalendar(text: string): { name: string; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => ({
      uid: String(vevent.getFirstPropertyValue('uid')),
      summary: String(vevent.getFirstPropertyValue('summary')),
      location: String(vevent.getFirstPropertyValue('location')),
      start: String(vevent.getFirstPropertyValue('dtstart')),
      url: String(vevent.getFirstPropertyValue('url')),
    })),
  };
}

describeEachDatabase('calendar files', (ctx) => {
  async function createEvents(): Promise<Record<keyof typeof EVENTS, number>> {
    const { token } = await ctx().loginAs();
    const ids = {} as Record<keyof typeof EVENTS, number>;
    for (const [key, event] of Object.entries(EVENTS)) {
      const response = await ctx().request({
        method: 'POST',
        url: '/api/admin/events',
        token,
        payload: event,
      });
      expect(response.statusCode, response.body).toBe(201);
      ids[key as keyof typeof EVENTS] = response.json<{ id: number }>().id;
    }
    return ids;
  }

  const feed = () => ctx().request({ method: 'GET', url: '/events.ics' });

  it('/events.ics holds every upcoming visible event in date order, with stable ids and escaped text', async () => {
    const ids = await createEvents();
    const response = await feed();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="events.ics"');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain('SUMMARY:Summer Fest\\, Day One\r\n');

    const calendar = parseCalendar(response.body);
    expect(calendar.name).toBe('Airsoft Target Range — events');
    expect(calendar.events.map((event) => event.summary)).toEqual([
      'Village Fete',
      'Summer Fest, Day One',
      'Autumn Fair',
    ]);
    const soon = calendar.events[1]!;
    expect(soon).toEqual({
      uid: `event-${ids.soon}@range.test`,
      summary: 'Summer Fest, Day One',
      location: 'Reading; Berkshire',
      start: '2026-07-01',
      // No link of its own: the site's events section.
      url: 'http://range.test/#events',
    });
    expect(calendar.events[2]!.url).toBe('https://autumn.example/info');
  });

  it('shows an edit at once under the same UID, and drops an event once its day has passed', async () => {
    const ids = await createEvents();
    const before = await feed();
    const { token } = await ctx().loginAs();
    const edited = await ctx().request({
      method: 'PUT',
      url: `/api/admin/events/${ids.soon}`,
      token,
      payload: { name: 'Summer Fest (moved)', date: '2026-07-02' },
    });
    expect(edited.statusCode).toBe(200);

    const after = await feed();
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const moved = parseCalendar(after.body).events.find(
      (event) => event.uid === `event-${ids.soon}@range.test`,
    );
    expect(moved).toMatchObject({ summary: 'Summer Fest (moved)', start: '2026-07-02' });

    // 16 June in London: the village fete of the 15th is over.
    ctx().clock.set(Date.UTC(2026, 5, 15, 23, 30));
    expect(parseCalendar((await feed()).body).events.map((event) => event.summary)).not.toContain(
      'Village Fete',
    );
  });

  it('is named after the business once its details are saved', async () => {
    await createEvents();
    expect(parseCalendar((await feed()).body).name).toBe('Airsoft Target Range — events');
    const { token } = await ctx().loginAs();
    const saved = await ctx().request({
      method: 'PUT',
      url: '/api/admin/site',
      token,
      payload: { trading_name: 'Bullseye Range' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(parseCalendar((await feed()).body).name).toBe('Bullseye Range — events');
  });

  it('revalidates with a 304, and sends gzip and brotli to clients that take them', async () => {
    await createEvents();
    const first = await feed();
    const again = await ctx().request({
      method: 'GET',
      url: '/events.ics',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const brotli = await ctx().request({
      method: 'GET',
      url: '/events.ics',
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.etag).toBe(first.headers.etag);
    const head = await ctx().request({ method: 'HEAD', url: '/events.ics' });
    expect([head.statusCode, head.body, head.headers['content-length']]).toEqual([
      200,
      '',
      first.headers['content-length'],
    ]);
  });

  it('/events/<id>.ics holds that one event, past ones too; hidden, unknown and odd ids are 404', async () => {
    const ids = await createEvents();
    const one = await ctx().request({ method: 'GET', url: `/events/${ids.soon}.ics` });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(one.headers['content-disposition']).toBe('attachment; filename="summer-fest-day-one.ics"');
    expect(parseCalendar(one.body).events).toEqual([
      expect.objectContaining({ uid: `event-${ids.soon}@range.test`, summary: 'Summer Fest, Day One' }),
    ]);
    const past = await ctx().request({ method: 'GET', url: `/events/${ids.past}.ics` });
    expect(parseCalendar(past.body).events.map((event) => event.summary)).toEqual(['Spring Show']);

    for (const file of [
      `${ids.hidden}.ics`,
      `${ids.later + 1000}.ics`,
      `0${ids.soon}.ics`,
      `0x${ids.soon.toString(16)}.ics`,
      `${ids.soon}`,
      '2147483648.ics',
      '99999999999999999999.ics',
    ]) {
      const missing = await ctx().request({ method: 'GET', url: `/events/${file}` });
      expect(missing.statusCode, file).toBe(404);
    }
  });

  it('an empty calendar is still a valid one', async () => {
    const response = await feed();
    expect(response.statusCode).toBe(200);
    expect(parseCalendar(response.body).events).toEqual([]);
  });
});
