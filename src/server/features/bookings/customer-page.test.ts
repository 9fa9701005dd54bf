// The customer's page (issue 36, item 6; docs/decisions/0473), on both databases through a real SMTP
// server: the owner sends a hold as a quote, the mail carries the page's private address, the page
// shows that booking and nobody else's, never indexed nor kept; Accept confirms it by the owner's own
// rule (one winner in a race, a plain word when the day went meanwhile); a message reaches the owner
// and stays with the booking; a new link or an erasure ends the address.
import { expect, it } from 'vitest';
import { afterAll } from 'vitest';
import { describeEachDatabase } from '../../testing/harness.ts';
import { BOOKING_DETAILS } from '../../testing/bookings.ts';
import { storeEnquiry } from '../../testing/enquiries.ts';
import {
  decodeQuotedPrintable,
  startSmtpTestServer,
  type ReceivedMail,
} from '../../testing/smtp-test-server.ts';

const smtp = await startSmtpTestServer();
afterAll(async () => smtp.close());

const NOTICES = 'notices@range.test';
const decoded = (mail: ReceivedMail) =>
  Buffer.from(decodeQuotedPrintable(mail.raw), 'latin1').toString('utf8');
const LINK = /http:\/\/range\.test\/booking\/([A-Za-z0-9_-]{43})/;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describeEachDatabase(
  'the customer page',
  (ctx) => {
    let admin = '';
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      ctx().request({ method, url, token: admin, ...(payload ? { payload } : {}) });
    const settled = () => ctx().services.bookings.settled();
    const visit = (path: string) => ctx().request({ method: 'GET', url: path });
    // Each test from an address of its own: the forms' per-address limit is counted in memory, on a
    // clock every test sets back to the same instant.
    let address = 0;
    const post = (path: string, form: Record<string, string>) =>
      ctx().request({
        method: 'POST',
        url: path,
        headers: FORM,
        remoteAddress: `203.0.113.${address}`,
        payload: new URLSearchParams(form).toString(),
      });

    async function hold(name: string, email: string, details: object = BOOKING_DETAILS) {
      if (!admin) {
        admin = (await ctx().loginAs()).token;
        await ctx().services.site.update(
          { email: 'owner@range.test', phone: '01632 960123', trading_name: 'Range Test Ltd' },
          null,
        );
      }
      const enquiry = await storeEnquiry(ctx().db, ctx().clock.now(), { name, email });
      const made = await call('POST', `/api/admin/enquiries/${enquiry}/booking`, details);
      expect(made.statusCode, made.body).toBe(200);
      return made.json().booking.id as number;
    }

    /** Sends the hold as a quote; the page's path as the quote mail gives it. */
    async function quote(id: number, email: string) {
      const before = smtp.received.length;
      const sent = await call('POST', `/api/admin/bookings/${id}/quote`);
      expect(sent.statusCode, sent.body).toBe(200);
      await settled();
      const mail = smtp.received.slice(before).find((m) => m.to.includes(email));
      expect(mail, 'the quote mail').toBeDefined();
      const body = decoded(mail!);
      expect(body).toMatch(/^Subject: Your quote from Range Test Ltd/m);
      const token = LINK.exec(body)![1]!;
      expect(sent.json().booking.customer_link).toBe(`http://range.test/booking/${token}`);
      return { path: `/booking/${token}`, token, body };
    }

    const seenOf = (html: string) => /name="seen" value="(\d+)"/.exec(html)?.[1];

    it('a quote mails a private, unguessable link to a page of that booking alone, never indexed nor kept', async () => {
      beforeEachReset();
      const priya = await hold('Priya Shah', 'priya@example.com');
      const sam = await hold('Sam Carter', 'sam@example.com', {
        ...BOOKING_DETAILS,
        start_date: '2026-08-20',
      });
      const first = await quote(priya, 'priya@example.com');
      const second = await quote(sam, 'sam@example.com');
      expect(first.body).toContain('£1,850.00');
      expect(first.body).toContain('To accept this quote');
      // 256 random bits each, base64url: never the same twice, nothing of the booking in them.
      expect(first.token).not.toBe(second.token);

      const page = await visit(first.path);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['x-robots-tag']).toMatch(/noindex/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
      for (const text of [
        'Fri 14 Aug 2026',
        'Henley Showground',
        '£1,850.00',
        '£500.00, not paid yet',
        '01632 960123',
        'owner@range.test',
      ])
        expect(page.body).toContain(text);
      expect(page.body).toContain('Accept this quote');
      expect(page.body).toContain('Ask to change or cancel');
      // Nothing of the other customer, nor of the owner's notes, nor this customer's own address.
      for (const text of ['Sam Carter', 'sam@example.com', '20 Aug', 'priya@example.com'])
        expect(page.body).not.toContain(text);

      for (const wrong of [
        '/booking/nope',
        `/booking/${first.token.slice(0, -1)}${first.token.endsWith('A') ? 'B' : 'A'}`,
        `/booking/${first.token}x`,
      ])
        expect((await visit(wrong)).statusCode).toBe(404);
      // A hold not sent as a quote has a page, but nothing to accept on it.
      const bea = await hold('Bea Lund', 'bea@example.com', { ...BOOKING_DETAILS, start_date: '2026-09-01' });
      const link = (await call('GET', `/api/admin/bookings/${bea}`)).json().booking.customer_link as string;
      const plain = await visit(new URL(link).pathname);
      expect(plain.body).toContain('Provisional: not confirmed yet');
      expect(plain.body).not.toContain('Accept this quote');
    });

    it('Accept confirms by the owner’s rule; the confirmation with its link follows; the log names the customer', async () => {
      beforeEachReset();
      const id = await hold('Priya Shah', 'priya@example.com');
      const { path } = await quote(id, 'priya@example.com');
      const seen = seenOf((await visit(path)).body)!;
      const before = smtp.received.length;
      const accepted = await post(`${path}/accept`, { seen });
      expect(accepted.statusCode).toBe(303);
      expect(accepted.headers.location).toBe(`${path}?done=accepted`);
      await settled();
      const booking = (await call('GET', `/api/admin/bookings/${id}`)).json().booking;
      expect(booking.state).toBe('confirmed');
      expect(booking.mails.map((m: { kind: string }) => m.kind)).toEqual(['quote', 'confirmation']);
      const confirmation = smtp.received.slice(before).find((m) => m.to.includes('priya@example.com'))!;
      const body = decoded(confirmation);
      expect(body).toMatch(/^Subject: Your booking with Range Test Ltd is confirmed/m);
      expect(body).toContain(
        `See your booking, add it to your calendar or ask for a change:\nhttp://range.test${path}`.replace(
          /\n/g,
          '\r\n',
        ),
      );

      const after = await visit(accepted.headers.location as string);
      expect(after.body).toContain('your booking is confirmed');
      expect(after.body).not.toContain('Accept this quote');
      const ics = await visit(`${path}/booking.ics`);
      expect(ics.statusCode).toBe(200);
      expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
      expect(ics.body).toContain(`UID:booking-${id}@range.test`);
      expect(ics.body).toContain('SEQUENCE:2');

      const log = (await call('GET', '/api/admin/audit')).json();
      const entry = log.entries.find((e: { action: string }) => e.action === 'booking.accepted_by_customer');
      expect(entry).toMatchObject({ actor: 'The customer, on their booking page', target_id: String(id) });
      // Accepting again is no second confirmation.
      expect((await post(`${path}/accept`, { seen })).headers.location).toBe(`${path}?done=already`);
    });

    it('a day taken meanwhile: the page says so plainly, the owner is told, and nothing changes', async () => {
      beforeEachReset();
      const priya = await hold('Priya Shah', 'priya@example.com');
      const sam = await hold('Sam Carter', 'sam@example.com');
      const { path } = await quote(priya, 'priya@example.com');
      const seen = seenOf((await visit(path)).body)!;
      expect((await call('POST', `/api/admin/bookings/${sam}/confirm`)).statusCode).toBe(200);
      const before = smtp.received.length;
      const answer = await post(`${path}/accept`, { seen });
      expect(answer.headers.location).toBe(`${path}?done=taken`);
      expect((await visit(answer.headers.location as string)).body).toContain(
        'That date has just been taken — we&#39;ll be in touch with another.',
      );
      await settled();
      expect((await call('GET', `/api/admin/bookings/${priya}`)).json().booking.state).toBe('provisional');
      const notice = smtp.received.slice(before).find((m) => m.to.includes(NOTICES));
      expect(decoded(notice!)).toMatch(/Priya Shah could not accept their quote: Fri 14 Aug 2026 is taken/);
      expect(decoded(notice!)).toContain('booked for Sam Carter');
    });

    it('Accept racing the owner confirming another booking for the same day: exactly one wins', async () => {
      beforeEachReset();
      for (let round = 0; round < 3; round += 1) {
        const day = `2026-08-${String(14 + round).padStart(2, '0')}`;
        const details = { ...BOOKING_DETAILS, start_date: day };
        const priya = await hold('Priya Shah', `priya${round}@example.com`, details);
        const sam = await hold('Sam Carter', `sam${round}@example.com`, details);
        const { path } = await quote(priya, `priya${round}@example.com`);
        const seen = seenOf((await visit(path)).body)!;
        const [customer, owner] = await Promise.all([
          post(`${path}/accept`, { seen }),
          call('POST', `/api/admin/bookings/${sam}/confirm`),
        ]);
        const states = await Promise.all(
          [priya, sam].map(
            async (id) => (await call('GET', `/api/admin/bookings/${id}`)).json().booking.state,
          ),
        );
        expect(states.filter((state) => state === 'confirmed')).toHaveLength(1);
        expect(customer.headers.location).toBe(
          `${path}?done=${states[0] === 'confirmed' ? 'accepted' : 'taken'}`,
        );
        expect(owner.statusCode).toBe(states[1] === 'confirmed' ? 200 : 409);
      }
      await settled();
    });

    it('Accept is refused for a page seen before a change, a lapsed hold, and a cancelled booking', async () => {
      beforeEachReset();
      const id = await hold('Priya Shah', 'priya@example.com');
      const { path } = await quote(id, 'priya@example.com');
      const seen = seenOf((await visit(path)).body)!;
      ctx().clock.advance(60_000);
      expect((await call('POST', `/api/admin/bookings/${id}/quote`)).statusCode).toBe(200);
      expect((await post(`${path}/accept`, { seen })).headers.location).toBe(`${path}?done=changed`);
      expect((await post(`${path}/accept`, { seen: 'x' })).statusCode).toBe(400);

      const fresh = seenOf((await visit(path)).body)!;
      const { hold_expires_at } = (await call('GET', `/api/admin/bookings/${id}`)).json().booking;
      ctx().clock.set(Date.parse(hold_expires_at) + 1);
      admin = (await ctx().loginAs()).token;
      expect((await visit(path)).body).not.toContain('Accept this quote');
      expect((await post(`${path}/accept`, { seen: fresh })).headers.location).toBe(
        `${path}?done=not-offered`,
      );
      expect((await call('GET', `/api/admin/bookings/${id}`)).json().booking.state).toBe('provisional');

      expect((await call('POST', `/api/admin/bookings/${id}/cancel`)).statusCode).toBe(200);
      const page = await visit(path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Cancelled');
      expect(page.body).not.toContain('<form');
      expect((await post(`${path}/accept`, { seen: fresh })).headers.location).toBe(
        `${path}?done=not-offered`,
      );
      expect((await post(`${path}/message`, { message: 'Please book us again' })).statusCode).toBe(409);
      await settled();
    });

    it('Ask to change keeps the message with the booking and notices the owner; bad text is refused, not lost', async () => {
      beforeEachReset();
      const id = await hold('Priya Shah', 'priya@example.com');
      const { path } = await quote(id, 'priya@example.com');
      const before = smtp.received.length;
      const sent = await post(`${path}/message`, { message: 'Could we start at 11:00?\r\nThanks, Priya' });
      expect(sent.statusCode).toBe(303);
      expect(sent.headers.location).toBe(`${path}?done=sent`);
      expect((await visit(sent.headers.location as string)).body).toContain('Your message has been sent');
      await settled();
      const booking = (await call('GET', `/api/admin/bookings/${id}`)).json().booking;
      expect(booking.customer_messages).toEqual([
        { at: expect.any(String), text: 'Could we start at 11:00?\nThanks, Priya' },
      ]);
      const notice = smtp.received.slice(before).find((m) => m.to.includes(NOTICES))!;
      const text = decoded(notice);
      expect(text).toMatch(/^Subject: Priya Shah asks for a change to their booking on Fri 14 Aug 2026/m);
      expect(text).toMatch(/^Reply-To: priya@example\.com/m);
      expect(text).toContain('Could we start at 11:00?');

      const nul = await post(`${path}/message`, { message: 'Hello\u0000there' });
      expect(nul.statusCode).toBe(400);
      expect(nul.json().detail).toMatch(/^message: /);
      const empty = await post(`${path}/message`, { message: '  \r\n ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toContain('Write your message before sending it.');
      const long = 'x'.repeat(2001);
      const tooLong = await post(`${path}/message`, { message: long });
      expect(tooLong.statusCode).toBe(400);
      // What they typed is on the page again, to shorten.
      expect(tooLong.body).toContain(`>${long}</textarea>`);
      expect((await post(`${path}/message`, { message: 'y'.repeat(2000) })).statusCode).toBe(303);
      expect((await call('GET', `/api/admin/bookings/${id}`)).json().booking.customer_messages).toHaveLength(
        2,
      );
      await settled();
    });

    it('the page’s forms are limited per address; an erasure ends the link', async () => {
      beforeEachReset();
      const id = await hold('Priya Shah', 'priya@example.com');
      const { path } = await quote(id, 'priya@example.com');
      const answers = [];
      for (let i = 0; i < 11; i += 1) answers.push((await post(`${path}/accept`, { seen: '1' })).statusCode);
      expect(answers.slice(0, 10).every((status) => status === 303)).toBe(true);
      expect(answers[10]).toBe(429);
      ctx().clock.advance(61_000);
      // What they wrote is in their copy, and goes with the erasure.
      expect((await post(`${path}/message`, { message: 'Please call me' })).statusCode).toBe(303);
      const copy = (await call('GET', '/api/admin/data-subject?email=priya%40example.com')).json();
      expect(copy.bookings[0].customer_messages).toEqual([
        { at: expect.any(String), text: 'Please call me' },
      ]);

      const erased = await call('DELETE', '/api/admin/data-subject?email=priya%40example.com');
      expect(erased.statusCode, erased.body).toBe(200);
      expect((await visit(path)).statusCode).toBe(404);
      expect((await visit(`${path}/booking.ics`)).statusCode).toBe(404);
      expect((await post(`${path}/message`, { message: 'hello' })).statusCode).toBe(404);
      const booking = (await call('GET', `/api/admin/bookings/${id}`)).json().booking;
      expect(booking.customer_link).toBeNull();
      expect(booking.customer_messages).toEqual([]);
      await settled();
    });

    it('a new link ends the old one at once; the next mail carries the new one; an erased booking has none', async () => {
      beforeEachReset();
      const id = await hold('Priya Shah', 'priya@example.com');
      const old = await quote(id, 'priya@example.com');
      const seen = seenOf((await visit(old.path)).body)!;

      const renewed = await call('POST', `/api/admin/bookings/${id}/new-customer-link`);
      expect(renewed.statusCode, renewed.body).toBe(200);
      const link: string = renewed.json().booking.customer_link;
      const token = LINK.exec(link)![1]!;
      expect(token).not.toBe(old.token);
      // The old address is no page any more, for reading, the calendar file or either form.
      expect((await visit(old.path)).statusCode).toBe(404);
      expect((await visit(`${old.path}/booking.ics`)).statusCode).toBe(404);
      expect((await post(`${old.path}/accept`, { seen })).statusCode).toBe(404);
      expect((await post(`${old.path}/message`, { message: 'hello' })).statusCode).toBe(404);
      expect((await call('GET', `/api/admin/bookings/${id}`)).json().booking).toMatchObject({
        state: 'provisional',
        customer_link: link,
        customer_messages: [],
      });
      // The new one opens the same booking, and the next mail gives it.
      expect((await visit(`/booking/${token}`)).body).toContain('Accept this quote');
      expect((await quote(id, 'priya@example.com')).token).toBe(token);

      const log = (await call('GET', '/api/admin/audit')).json();
      expect(
        log.entries.find((e: { action: string }) => e.action.endsWith('/new-customer-link')),
      ).toMatchObject({
        target_id: String(id),
        target_exists: true,
        target_label: expect.stringContaining('Priya Shah'),
      });

      expect((await call('POST', '/api/admin/bookings/999999/new-customer-link')).statusCode).toBe(404);
      expect((await call('DELETE', '/api/admin/data-subject?email=priya%40example.com')).statusCode).toBe(
        200,
      );
      const refused = await call('POST', `/api/admin/bookings/${id}/new-customer-link`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(
        "This booking has no customer's page: the customer's details were erased",
      );
      expect((await visit(`/booking/${token}`)).statusCode).toBe(404);
      await settled();
    });

    function beforeEachReset() {
      admin = '';
      address += 1;
    }
  },
  { env: { CAPTCHA_PROVIDER: 'off', SMTP_URL: smtp.url, NOTIFY_EMAIL: NOTICES } },
);
