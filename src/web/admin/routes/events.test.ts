import { expect, it } from 'vitest';
import type { Event } from '#shared/schemas/content.ts';
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
  ...overrides,
});

it('says what the public page does with each event: shown in its place, waiting, past or hidden', () => {
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
    'On the site (2 of 3)',
    'On the site (1 of 3)',
    undefined, // the card's own 'Hidden' badge
    'On the site (3 of 3)',
    'Waiting — beyond the next three',
    'Past — not shown',
  ]);
});
