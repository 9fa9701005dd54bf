// The customer's mail about a booking, through a real SMTP server on both databases: confirming,
// changing and cancelling a confirmed booking each send one mail whose invitation ical.js reads (same
// UID, rising SEQUENCE); reminders go once each however many job runs race; text from the owner or
// the enquiry cannot add lines to the invitation or headers to the mail; a failed send is recorded
// in the owner's words and retried.
import ICAL from 'ical.js';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../testing/harness.ts';
import { BOOKING_DETAILS } from '../../testing/bookings.ts';
import { storeEnquiry } from '../../testing/enquiries.ts';
import {
  decodeQuotedPrintable,
  startSmtpTestServer,
  type ReceivedMail,
} from '../../testing/smtp-test-server.ts';

const smtp = await startSmtpTestServer();
afterAll(async () => smtp.close());

const CUSTOMER = 'priya@example.com';
const details = BOOKING_DETAILS;

const mailTo = (from: number) => smtp.received.slice(from).filter((mail) => mail.to.includes(CUSTOMER));

/** The message with its quoted-printable text decoded (as UTF-8). */
const decoded = (mail: ReceivedMail) =>
  Buffer.from(decodeQuotedPrintable(mail.raw), 'latin1').toString('utf8');

/** The invite.ics attachment, decoded. */
function inviteOf(mail: ReceivedMail): string {
  const part = /filename=invite\.ics\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail.raw);
  expect(part, 'an invite.ics attachment').not.toBeNull();
  return Buffer.from(part![1]!.replace(/\s/g, ''), 'base64').toString('utf8');
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return { calendar, event: events[0]! };
}

describeEachDatabase(
  'booking mail',
  (ctx) => {
    let token = '';
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      ctx().request({ method, url, token, ...(payload ? { payload } : {}) });
    const settled = () => ctx().services.bookings.settled();

    async function setUp(context: TestContext) {
      token = (await context.loginAs()).token;
      await context.services.site.update(
        { email: 'owner@range.test', phone: '01632 960123', trading_name: 'Range Test Ltd' },
        null,
      );
    }

    async function confirmed(payload: object = details) {
      const enquiry = await storeEnquiry(ctx().db, ctx().clock.now(), {
        name: 'Priya Shah',
        email: CUSTOMER,
      });
      const made = await call('POST', `/api/admin/enquiries/${enquiry}/booking`, payload);
      expect(made.statusCode, made.body).toBe(200);
      const id = made.json().booking.id as number;
      const answer = await call('POST', `/api/admin/bookings/${id}/confirm`);
      expect(answer.statusCode, answer.body).toBe(200);
      return { id, answer: answer.json().booking };
    }

    const mailsOf = async (id: number) =>
      (await call('GET', `/api/admin/bookings/${id}`)).json().booking.mails;

    it('confirming sends one mail with the details and an invitation in London time', async () => {
      await setUp(ctx());
      const before = smtp.received.length;
      const { id, answer } = await confirmed();
      // The admin's answer did not wait for the mail.
      expect(answer.mails).toEqual([
        expect.objectContaining({ kind: 'confirmation', sequence: 1, state: 'pending' }),
      ]);
      await settled();
      const sent = mailTo(before);
      expect(sent).toHaveLength(1);
      const body = decoded(sent[0]!);
      for (const text of ['14 August 2026', '10:00 to 17:00', 'Henley Showground', 'RG9 2HY'])
        expect(body).toContain(text);
      for (const text of ['People: 400', '£1,850.00', '£500.00', 'Range Test Ltd', '01632 960123'])
        expect(body).toContain(text);
      expect(body).toMatch(/^Subject: Your booking with Range Test Ltd is confirmed/m);
      expect(body).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST/m);

      const { calendar, event } = parse(inviteOf(sent[0]!));
      expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
      expect(event.getFirstPropertyValue('uid')).toBe(`booking-${id}@range.test`);
      expect(event.getFirstPropertyValue('sequence')).toBe(1);
      expect(event.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/London');
      expect(event.getFirstPropertyValue('attendee')).toBe(`mailto:${CUSTOMER}`);
      expect(event.getFirstPropertyValue('organizer')).toBe('mailto:owner@range.test');
      // With the zone's rules in the file, 10:00 in August is 09:00 UTC.
      ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!);
      const start = new ICAL.Event(event).startDate.toJSDate().toISOString();
      expect(start).toBe('2026-08-14T09:00:00.000Z');

      expect(await mailsOf(id)).toEqual([
        {
          kind: 'confirmation',
          sequence: 1,
          state: 'sent',
          at: expect.any(String),
          error: null,
          retry_at: null,
        },
      ]);
    });

    it('a change sends an update (same UID, higher SEQUENCE), a cancellation METHOD:CANCEL; holds send nothing', async () => {
      await setUp(ctx());
      const before = smtp.received.length;
      const allDay = { ...details, start_time: null, end_time: null, end_date: '2026-08-16' };
      const { id } = await confirmed(allDay);
      await settled();
      const confirmation = parse(inviteOf(mailTo(before)[0]!)).event;
      expect(confirmation.getFirstProperty('dtstart')!.type).toBe('date');
      expect(confirmation.getFirstPropertyValue('dtstart')!.toString()).toBe('2026-08-14');
      expect(confirmation.getFirstPropertyValue('dtend')!.toString()).toBe('2026-08-17');

      // The change records the deposit as paid: the cancellation below then says what happens to it.
      expect(
        (
          await call('PUT', `/api/admin/bookings/${id}`, {
            ...allDay,
            people: 450,
            deposit_paid_on: '2026-06-15',
          })
        ).statusCode,
      ).toBe(200);
      await settled();
      const update = mailTo(before)[1]!;
      expect(decoded(update)).toMatch(/^Subject: Your booking with Range Test Ltd has changed/m);
      const updated = parse(inviteOf(update));
      expect(updated.calendar.getFirstPropertyValue('method')).toBe('REQUEST');
      expect(updated.event.getFirstPropertyValue('uid')).toBe(confirmation.getFirstPropertyValue('uid'));
      expect(updated.event.getFirstPropertyValue('sequence')).toBe(2);

      expect((await call('POST', `/api/admin/bookings/${id}/cancel`)).statusCode).toBe(200);
      await settled();
      const cancellation = decoded(mailTo(before)[2]!);
      expect(cancellation).toContain(
        'You paid a deposit of £500.00 on Monday 15 June 2026. We will be in touch about it; if you have not heard from us within a week, please contact us.',
      );
      expect(cancellation).not.toMatch(/^Deposit:/m);
      expect(cancellation).toContain('Any questions? Please call us on 01632 960123');
      const cancelled = parse(inviteOf(mailTo(before)[2]!));
      expect(cancelled.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
      expect(cancelled.event.getFirstPropertyValue('status')).toBe('CANCELLED');
      expect(cancelled.event.getFirstPropertyValue('sequence')).toBe(3);
      expect(
        (await mailsOf(id)).map((mail: { kind: string; state: string }) => `${mail.kind} ${mail.state}`),
      ).toEqual(['confirmation sent', 'update sent', 'cancellation sent']);

      // A hold, changed and cancelled, never reaches the customer.
      const count = smtp.received.length;
      const enquiry = await storeEnquiry(ctx().db, ctx().clock.now(), {
        name: 'Priya Shah',
        email: CUSTOMER,
      });
      const hold = (await call('POST', `/api/admin/enquiries/${enquiry}/booking`, details)).json().booking.id;
      await call('PUT', `/api/admin/bookings/${hold}`, { ...details, people: 10 });
      await call('POST', `/api/admin/bookings/${hold}/cancel`);
      await settled();
      expect(smtp.received.length).toBe(count);
      expect(await mailsOf(hold)).toEqual([]);
    });

    it('sends each reminder once, on its day from 09:00 London time, however many runs race', async () => {
      await setUp(ctx());
      const { id } = await confirmed();
      await settled();
      const before = smtp.received.length;
      const run = () => Promise.all([ctx().services.bookings.sendMail(), ctx().services.bookings.sendMail()]);
      ctx().clock.set(Date.UTC(2026, 7, 6, 22, 0, 0)); // 23:00 on 6 August in London: 8 days to go
      await run();
      expect(mailTo(before)).toHaveLength(0);
      ctx().clock.set(Date.UTC(2026, 7, 6, 23, 30, 0)); // 00:30 on 7 August in London: not at night
      await run();
      expect(mailTo(before)).toHaveLength(0);
      ctx().clock.set(Date.UTC(2026, 7, 7, 7, 59, 0)); // 08:59 in London
      await run();
      expect(mailTo(before)).toHaveLength(0);
      ctx().clock.set(Date.UTC(2026, 7, 7, 8, 0, 0)); // 09:00 in London
      await run();
      await run();
      expect(mailTo(before)).toHaveLength(1);
      expect(decoded(mailTo(before)[0]!)).toMatch(
        /^Subject: Reminder: your booking with Range Test Ltd is in 7 days/m,
      );
      ctx().clock.set(Date.UTC(2026, 7, 13, 8, 0, 0));
      await run();
      await run();
      expect(mailTo(before)).toHaveLength(2);
      expect(decoded(mailTo(before)[1]!)).toMatch(/is tomorrow/);
      ctx().clock.set(Date.UTC(2026, 7, 14, 8, 0, 0));
      await run();
      expect(mailTo(before)).toHaveLength(2);
      await setUp(ctx()); // days later: a new session
      expect((await mailsOf(id)).map((mail: { kind: string }) => mail.kind)).toEqual([
        'confirmation',
        'reminder-7',
        'reminder-1',
      ]);
    });

    it('keeps CR/LF and control bytes in the place and name from adding invitation lines or headers, and the notes out', async () => {
      await setUp(ctx());
      const before = smtp.received.length;
      const evil =
        '\r\nATTENDEE:mailto:evil@example.com\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nBcc: evil@example.com';
      const { id } = await confirmed({ ...details, notes: `Gate B${evil}` });
      await settled();
      // Stored as it might have been before the API cleaned text: straight into the row.
      await ctx()
        .db.updateTable('bookings')
        .set({ location: `Field\u0001\u000b\u001b${evil}`, customer_name: `Priya${evil}` })
        .where('id', '=', id)
        .execute();
      expect(
        (await call('PUT', `/api/admin/bookings/${id}`, { ...details, notes: `Gate B${evil}` })).statusCode,
      ).toBe(200);
      await settled();
      const sent = mailTo(before);
      expect(sent).toHaveLength(2);
      for (const mail of sent) {
        expect(mail.to).toEqual([CUSTOMER]);
        const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
        expect(headers).not.toMatch(/evil/i);
        // The owner's notes stay the owner's: not in the mail, not in the invitation.
        expect(mail.raw).not.toContain('Gate B');
        const text = inviteOf(mail);
        // eslint-disable-next-line no-control-regex
        expect(text).not.toMatch(/[\u0001\u000b\u001b]/);
        // Every line is a property or a folded continuation: nothing starts with the injected names.
        expect(
          text.split('\r\n').filter((line) => /^(ATTENDEE|BEGIN:VEVENT|END:VEVENT)/.test(line)),
        ).toHaveLength(3);
        const { event } = parse(text);
        expect(event.getAllProperties('attendee').map((p) => p.getFirstValue())).toEqual([
          `mailto:${CUSTOMER}`,
        ]);
        // The name's injected text stays inside the attendee's name, harmless.
        expect(String(event.getFirstProperty('attendee')?.getParameter('cn'))).toMatch(/^Priya/);
      }
    });

    it("records a refused send as failed in the owner's words and sends it on the retry", async () => {
      await setUp(ctx());
      smtp.rejectRecipients.add(CUSTOMER);
      let id: number;
      try {
        ({ id } = await confirmed());
        await settled();
      } finally {
        smtp.rejectRecipients.delete(CUSTOMER);
      }
      const [failed] = await mailsOf(id);
      expect(failed).toMatchObject({
        kind: 'confirmation',
        state: 'failed',
        retry_at: '2026-06-15T12:01:00.000Z',
      });
      expect(failed.error).toMatch(/^The mail server would not accept mail for one of the addresses/);
      const before = smtp.received.length;
      // Not before its time, then sent by the job.
      expect(await ctx().services.bookings.sendMail()).toEqual({ sent: 0, saved: 0, failed: 0 });
      ctx().clock.advance(60_000);
      expect(await ctx().services.bookings.sendMail()).toEqual({ sent: 1, saved: 0, failed: 0 });
      expect(mailTo(before)).toHaveLength(1);
      expect(await mailsOf(id)).toEqual([
        expect.objectContaining({ kind: 'confirmation', state: 'sent', error: null }),
      ]);
    });

    it('gives no seven-day reminder to a booking confirmed three days ahead', async () => {
      await setUp(ctx());
      await confirmed({ ...details, start_date: '2026-06-18' });
      await settled();
      const before = smtp.received.length;
      await ctx().services.bookings.sendMail();
      expect(mailTo(before)).toHaveLength(0);
      ctx().clock.set(Date.UTC(2026, 5, 17, 8, 0, 0));
      await ctx().services.bookings.sendMail();
      expect(mailTo(before)).toHaveLength(1);
    });
  },
  { env: { CAPTCHA_PROVIDER: 'off', SMTP_URL: smtp.url } },
);
