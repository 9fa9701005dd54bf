// Issue 26: an event's link is written into the calendar feed. A line break in any value must never
// start a property or an event of its own, whether the value came through the API or was stored
// before the API refused it.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';
import { calendarText, escapeText, uriValue } from './ics.ts';

/** A link that, written as it is, ends its event and adds an attachment and a forged event. */
const FORGING_LINK = [
  'https://ok.example/info',
  'ATTACH:https://evil.example/free.exe',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:forged@evil',
  'SUMMARY:FREE ENTRY – pay at the gate',
  'DTSTART;VALUE=DATE:20260701',
  'X-FORGED:yes',
].join('\r\n');

/** Every property the writer itself writes; anything else in the text was smuggled in. */
const WRITTEN = new Set(
  'begin end version prodid calscale method name x-wr-calname refresh-interval x-published-ttl uid dtstamp last-modified dtstart dtend summary location description url transp'.split(
    ' ',
  ),
);

function propertiesOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');
  const names = [calendar, ...events].flatMap((component) =>
    component.getAllProperties().map((property) => property.name),
  );
  return { events, names };
}

describe('iCalendar text with hostile values', () => {
  it('turns line breaks into \\n and drops the control characters TEXT may not hold (tab stays)', () => {
    expect(escapeText('a\r\nb\rc\nd\u0000e\u0007f\u000bg\u001bh\u007fi\tj')).toBe('a\\nb\\nc\\ndefghi\tj');
  });

  it('takes only a clean http(s) address as a URI, in its ASCII form', () => {
    expect(uriValue('https://Example.com/a?b=1,2#c')).toBe('https://example.com/a?b=1,2#c');
    expect(uriValue('https://café.example/menü|x')).toBe('https://xn--caf-dma.example/men%C3%BC%7Cx');
    for (const bad of [
      FORGING_LINK,
      'https://ok.example/\nx',
      'https://ok.example/\rx',
      'https://ok.example/a b',
      'https://ok.example/\u0000',
      'https://ok.example/\u0085',
      'javascript:alert(1)',
      'not a url',
      '',
    ])
      expect(uriValue(bad), JSON.stringify(bad)).toBeUndefined();
  });

  it('writes no raw line break from any value: one event, only the properties the writer writes', () => {
    const text = calendarText({
      name: `Range\r\nX-FORGED:name;,\\`,
      events: [
        {
          uid: 'event-1@range.test',
          day: '2026-07-01',
          summary: FORGING_LINK,
          location: `York\nATTACH:https://evil.example`,
          url: FORGING_LINK,
          description: `More information: ${FORGING_LINK}`,
          changedAt: Date.UTC(2026, 5, 1),
        },
      ],
    });
    // Every CR is the start of a line ending, and every line ending is CRLF.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const { events, names } = propertiesOf(text);
    expect(events).toHaveLength(1);
    expect(names.filter((name) => !WRITTEN.has(name))).toEqual([]);
    expect(events[0]!.getFirstPropertyValue('summary')).toBe(FORGING_LINK.replace(/\r\n/g, '\n'));
    // A URI that is not a clean address is left out rather than written.
    expect(events[0]!.getFirstProperty('url')).toBeNull();
  });
});

describeEachDatabase('calendar feed and event links', (ctx) => {
  it('the API refuses a link with a line break, space or control character, and stores nothing', async () => {
    const { token } = await ctx().loginAs();
    const event = { name: 'Fair', location: 'York', date: '2026-07-01' };
    for (const link of [
      FORGING_LINK,
      'https://ok.example/a\nb',
      'https://ok.example/a\rb',
      'https://ok.example/a b',
      'https://ok.example/a\tb',
      'https://ok.example/a\u00a0b',
    ]) {
      const response = await ctx().request({
        method: 'POST',
        url: '/api/admin/events',
        token,
        payload: { ...event, link },
      });
      expect(response.statusCode, JSON.stringify(link)).toBe(400);
      expect(response.json()).toEqual({
        detail: 'link: must not contain spaces, line breaks or control characters',
        code: 'VALIDATION_ERROR',
      });
    }
    expect(await ctx().db.selectFrom('events').select('id').execute()).toEqual([]);
    // The other control characters never reach the check: every request body loses them at the edge
    // (plugins/clean-request-text.ts), so none is stored.
    const cleaned = await ctx().request({
      method: 'POST',
      url: '/api/admin/events',
      token,
      payload: { ...event, link: 'https://ok.example/a\u0000\u007f\u0085b' },
    });
    expect(cleaned.json<{ link: string }>().link).toBe('https://ok.example/ab');
    await ctx().db.deleteFrom('events').execute();

    const created = await ctx().request({
      method: 'POST',
      url: '/api/admin/events',
      token,
      payload: { ...event, link: 'https://ok.example/info' },
    });
    const { id } = created.json<{ id: number }>();
    const edited = await ctx().request({
      method: 'PUT',
      url: `/api/admin/events/${id}`,
      token,
      payload: { link: FORGING_LINK },
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json<{ detail: string }>().detail).toMatch(/^link: must not contain spaces/);
    const [stored] = await ctx().db.selectFrom('events').select('link').execute();
    expect(stored?.link).toBe('https://ok.example/info');
  });

  it('a link stored before the API refused it still gives a valid feed: no forged event or property', async () => {
    const now = ctx().clock.now();
    const row = { location: 'York', image_url: '', order: 0, is_active: 1, created_at: now, updated_at: now };
    await ctx()
      .db.insertInto('events')
      .values([
        { ...row, name: 'Hostile Fair', date: '2026-07-01', link: FORGING_LINK },
        { ...row, name: 'Honest Fair', date: '2026-07-02', link: 'https://honest.example/' },
      ])
      .execute();
    await ctx().services.content.clearCache();

    const feed = await ctx().request({ method: 'GET', url: '/events.ics' });
    expect(feed.statusCode).toBe(200);
    expect(feed.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const { events, names } = propertiesOf(feed.body);
    expect(names.filter((name) => !WRITTEN.has(name))).toEqual([]);
    expect(events.map((vevent) => vevent.getFirstPropertyValue('summary'))).toEqual([
      'Hostile Fair',
      'Honest Fair',
    ]);
    expect(events.map((vevent) => vevent.getFirstPropertyValue('uid'))).not.toContain('forged@evil');
    // The hostile link is not an address: the event points at the site's events section instead.
    expect(events.map((vevent) => vevent.getFirstPropertyValue('url'))).toEqual([
      'http://range.test/#events',
      'https://honest.example/',
    ]);
    expect(String(events[0]!.getFirstPropertyValue('description'))).not.toContain('evil');

    const hostile = events[0]!.getFirstPropertyValue('uid') as string;
    const id = /^event-(\d+)@/.exec(hostile)![1];
    const single = await ctx().request({ method: 'GET', url: `/events/${id}.ics` });
    expect(propertiesOf(single.body).events).toHaveLength(1);
    expect(propertiesOf(single.body).names.filter((name) => !WRITTEN.has(name))).toEqual([]);
  });
});
