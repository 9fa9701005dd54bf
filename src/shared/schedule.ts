// Where an item of content stands on the public site at an instant (issue 17, scheduled content):
// hidden by hand, waiting for its show-from time, shown (perhaps until its hide-after time), or over.
export interface Schedulable {
  is_active: boolean;
  show_from: string | null;
  hide_after: string | null;
}

export type ScheduleState =
  | { state: 'hidden' }
  | { state: 'scheduled'; appearsAt: number; hidesAt: number | null }
  | { state: 'shown'; hidesAt: number | null }
  | { state: 'over'; hiddenSince: number };

const instant = (iso: string | null) => (iso === null ? null : Date.parse(iso));

export function scheduleState(item: Schedulable, now: number): ScheduleState {
  if (!item.is_active) return { state: 'hidden' };
  const from = instant(item.show_from);
  const until = instant(item.hide_after);
  if (until !== null && until <= now) return { state: 'over', hiddenSince: until };
  if (from !== null && from > now) return { state: 'scheduled', appearsAt: from, hidesAt: until };
  return { state: 'shown', hidesAt: until };
}

/** Whether the public sees the item at `now` (the server's public lists apply the same rule). */
export const isShownAt = (item: Schedulable, now: number) => scheduleState(item, now).state === 'shown';

/**
 * Whether the public sees the item at `now`: shown by its schedule and not private (an event kept in
 * the admin only, docs/decisions/0442). Every public channel — the public lists, the pages built from
 * them, the calendar files — holds only these; the admin's cards say where an event appears by it.
 */
export const isPublicAt = (item: Schedulable & { is_private?: boolean }, now: number) =>
  !item.is_private && isShownAt(item, now);
