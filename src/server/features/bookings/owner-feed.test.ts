// The bookings calendar feed (docs/product.md#bookings, docs/decisions/0461): each admin's own secret
// address, which a phone's calendar subscribes to; every booking but the cancelled ones, with the
// customer's name; a new address stops the old one; an admin's address ends with their account; the
// public /events.ics never holds a booking.
import ICAL from 'ical.js';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';
import { storeEnquiry } from '../../testing/enquiries.ts';

describeEachDatabase('the owner’s bookings feed', (ctx) => {
  let token = '';
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx().request({ method, url, token, ...(payload ? { payload } : {}) });
  const fetchFeed = (url: string) => ctx().request({ method: 'GET', url: new URL(url).pathname });

  async function booking(name: string, payload: object, then?: 'confirm' | 'cancel') {
    const enquiry = await storeEnquiry(ctx().db, ctx().clock.now(), {
      name,
      email: `${name[0]}@example.com`,
    });
    const made = await call('POST', `/api/admin/enquiries/${enquiry}/booking`, payload);
    expect(made.statusCode, made.body).toBe(200);
    const { id } = made.json<{ booking: { id: number } }>().booking;
    if (then) expect((await call('POST', `/api/admin/bookings/${id}/${then}`)).statusCode).toBe(200);
    return id;
  }

  it('lists the bookings with their customers at a secret address, which a new one replaces', async () => {
    token = (await ctx().loginAs({ role: 'admin' })).token;
    const confirmed = await booking(
      'Tom Jones',
      {
        start_date: '2026-08-14',
        start_time: '10:00',
        end_time: '17:00',
        location: 'Henley',
        notes: 'Gate code 4821',
      },
      'confirm',
    );
    const hold = await booking('Ann Lee', { start_date: '2026-08-20', end_date: '2026-08-22' });
    await booking('Cy Gone', { start_date: '2026-08-25' }, 'cancel');

    const { url } = (await call('GET', '/api/admin/bookings/calendar-feed')).json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/range\.test\/calendar\/bookings-[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await fetchFeed(url);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, no-store');
    expect(feed.headers['x-robots-tag']).toBe('noindex');

    const events = new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => [event.uid, event.summary])).toEqual([
      [`booking-${confirmed}@${new URL(url).host}`, 'Booked: Tom Jones'],
      [`booking-${hold}@${new URL(url).host}`, 'Hold: Ann Lee'],
    ]);
    // 10:00 in London in August is 09:00 UTC; the hold is all-day over three days (DTEND exclusive).
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe('2026-08-14T09:00:00.000Z');
    expect(events[1]!.startDate.toString()).toBe('2026-08-20');
    expect(events[1]!.endDate.toString()).toBe('2026-08-23');
    // The owner's own notes are in the owner's own calendar.
    expect(events[0]!.description).toContain('Gate code 4821');
    // The hold says the moment it lapses (14 days after 12:00 UTC on 15 June: 13:00 in London).
    expect(events[1]!.description).toContain('Hold lapses Mon 29 Jun 13:00');

    // A new address: the old one is gone at once, like any missing page.
    const renewed = (await call('POST', '/api/admin/bookings/calendar-feed/rotate')).json<{ url: string }>()
      .url;
    expect(renewed).not.toBe(url);
    expect((await fetchFeed(url)).statusCode).toBe(404);
    expect((await fetchFeed(renewed)).statusCode).toBe(200);
    expect((await ctx().request({ method: 'GET', url: '/calendar/bookings-guess.ics' })).statusCode).toBe(
      404,
    );
    expect(
      (await ctx().request({ method: 'GET', url: '/api/admin/bookings/calendar-feed' })).statusCode,
    ).toBe(401);

    // The public calendar never holds a booking.
    const publicFeed = await ctx().request({ method: 'GET', url: '/events.ics' });
    expect(publicFeed.body).not.toMatch(/Tom Jones|Ann Lee|booking-/);
  });

  it('gives each admin an address of their own, which ends when the account is removed', async () => {
    const owner = await ctx().loginAs();
    const staff = await ctx().loginAs({ role: 'admin' });
    token = owner.token;
    await booking('Tom Jones', { start_date: '2026-08-14' });
    const addressOf = async (who: { token: string }) => {
      const answer = await ctx().request({
        method: 'GET',
        url: '/api/admin/bookings/calendar-feed',
        token: who.token,
      });
      expect(answer.statusCode).toBe(200);
      return answer.json<{ url: string }>().url;
    };
    const ownerUrl = await addressOf(owner);
    const staffUrl = await addressOf(staff);
    expect(staffUrl).not.toBe(ownerUrl);
    expect(await addressOf(owner)).toBe(ownerUrl); // kept, not made anew on each look
    expect((await fetchFeed(staffUrl)).body).toContain('Tom Jones');

    // A plain admin's new address replaces only their own.
    const renewed = await ctx().request({
      method: 'POST',
      url: '/api/admin/bookings/calendar-feed/rotate',
      token: staff.token,
    });
    const staffRenewed = renewed.json<{ url: string }>().url;
    expect(staffRenewed).not.toBe(staffUrl);
    expect((await fetchFeed(staffUrl)).statusCode).toBe(404);
    expect((await fetchFeed(ownerUrl)).statusCode).toBe(200);

    // Removing the account ends its address at once; the owner's phone keeps its calendar.
    const removed = await ctx().request({
      method: 'DELETE',
      url: `/api/admin/users/${staff.id}`,
      token: owner.token,
    });
    expect(removed.statusCode).toBe(200);
    expect((await fetchFeed(staffRenewed)).statusCode).toBe(404);
    expect((await fetchFeed(ownerUrl)).statusCode).toBe(200);
    expect(await addressOf(owner)).toBe(ownerUrl);
  });

  it('no longer answers the one shared address of earlier versions', async () => {
    const owner = await ctx().loginAs();
    const shared = 'x'.repeat(43);
    await ctx().db.insertInto('app_meta').values({ key: 'bookings_feed_secret', value: shared }).execute();
    expect((await fetchFeed(`http://range.test/calendar/bookings-${shared}.ics`)).statusCode).toBe(404);
    expect(
      await ctx().request({ method: 'GET', url: '/api/admin/bookings/calendar-feed', token: owner.token }),
    ).toHaveProperty('statusCode', 200);
  });
});
