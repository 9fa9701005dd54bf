// A customer's booking page carries its key in the path (docs/decisions/0473): no log line may hold it.
import { expect, it } from 'vitest';
import { redactUrl } from './redact-query.ts';

it('writes every path under /booking/ as /booking/…, however it is spelled, keeping query names only', () => {
  const token = 'N7rCgijkxqGPWIU1FptDVcgD9iH7O9kRYlLN0VSHQVo';
  for (const path of [
    `/booking/${token}`,
    `/booking/${token}/accept`,
    `//booking/${token}`,
    `/%62ooking/${token}`,
    `/BOOKING/${token}/booking.ics`,
  ])
    expect(redactUrl(path)).toBe('/booking/…');
  expect(redactUrl(`/booking/${token}?done=sent`)).toBe('/booking/…?done=…');
  // The owner's screens of the same name are not secret.
  expect(redactUrl('/admin/bookings?booking=12')).toBe('/admin/bookings?booking=…');
  expect(redactUrl('/bookings')).toBe('/bookings');
});

it('writes every path under /calendar/ as /calendar/…, with escapes, doubled slashes or a bad escape', () => {
  const feed = 'bookings-4f9c2e61b7a04d1f.ics';
  for (const path of [
    `/calendar/${feed}`,
    `/Calendar/${feed}`,
    `///calendar//${feed}`,
    `/%2Fcalendar/${feed}`,
    `/%63alendar/${feed}`,
    `/calendar/%zz${feed}`,
  ])
    expect(redactUrl(path)).toBe('/calendar/…');
  expect(redactUrl('/calendars')).toBe('/calendars');
  expect(redactUrl('/api/calendar')).toBe('/api/calendar');
});
