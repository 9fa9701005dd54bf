import { expect, it } from 'vitest';
import type { AdminEvent as Event } from '#shared/schemas/content.ts';
import { eventStatus } from './events.tsx';

const event = (id: number, date: string, overrides: Partial<Event> = {}): Event => ({
  id,
  name: `Event ${id}`,
  location: 'Somewhere',
  date,
  link: '',
  image_url: '',
  order: 0,
  is_active: true,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
  show_from: null,
  hide_after: null,
  is_private: false,
  needs_crew: true,
  ...overrides,
});

it('says where each event appears: on the page in its place and in the feed, the feed only, past or hidden', () => {
  const today = '2026-11-24';
  const all = [
    event(1, '2026-12-20'),
    event(2, '2026-11-24'),
    event(3, '2026-12-01', { is_active: false }),
    event(4, '2027-01-05'),
    event(5, '2027-02-01'),
    event(6, '2026-11-23'),
  ];
  expect(all.map((e) => eventStatus(e, all, today))).toEqual([
    'On the page (2 of 3) · In the calendar feed',
    'On the page (1 of 3) · In the calendar feed',
    undefined, // the card's own 'Hidden' badge
    'On the page (3 of 3) · In the calendar feed',
    'In the calendar feed only — beyond the next three',
    'Past — not shown',
  ]);
});

it('keeps a private event off the page and the feed, and the next public one takes its place', () => {
  const today = '2026-11-24';
  const all = [
    event(1, '2026-11-30', { is_private: true }),
    event(2, '2026-12-01'),
    event(3, '2026-12-02'),
    event(4, '2026-12-03'),
    event(5, '2026-12-04', { is_private: true, is_active: false }),
  ];
  expect(all.map((e) => eventStatus(e, all, today))).toEqual([
    'Private — admin only',
    'On the page (1 of 3) · In the calendar feed',
    'On the page (2 of 3) · In the calendar feed',
    'On the page (3 of 3) · In the calendar feed',
    'Private — admin only',
  ]);
});

it('leaves a scheduled event to its schedule line until it appears, then counts it', () => {
  const today = '2026-11-24';
  const now = Date.parse('2026-11-24T12:00:00Z');
  const later = event(1, '2026-12-01', { show_from: '2026-11-25T09:00:00Z' });
  const all = [later, event(2, '2026-12-02')];
  expect(eventStatus(later, all, today, now)).toBeUndefined();
  expect(eventStatus(all[1]!, all, today, now)).toBe('On the page (1 of 3) · In the calendar feed');
});
