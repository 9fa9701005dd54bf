import { expect, it } from 'vitest';
import { isShownAt, scheduleState } from './schedule.ts';

const NOW = Date.parse('2026-12-01T12:00:00Z');
const item = (show_from: string | null, hide_after: string | null, is_active = true) => ({
  is_active,
  show_from,
  hide_after,
});

it('tells where an item stands on the public site at an instant', () => {
  expect(scheduleState(item(null, null), NOW)).toEqual({ state: 'shown', hidesAt: null });
  expect(scheduleState(item(null, null, false), NOW)).toEqual({ state: 'hidden' });
  expect(scheduleState(item('2026-12-05T09:00:00Z', null), NOW)).toEqual({
    state: 'scheduled',
    appearsAt: Date.parse('2026-12-05T09:00:00Z'),
    hidesAt: null,
  });
  expect(scheduleState(item(null, '2026-12-01T12:00:00Z'), NOW)).toEqual({ state: 'over', hiddenSince: NOW });
  expect(isShownAt(item('2026-12-01T12:00:00Z', '2026-12-01T12:01:00Z'), NOW)).toBe(true);
  expect(isShownAt(item('2026-12-01T12:00:01Z', null), NOW)).toBe(false);
});
