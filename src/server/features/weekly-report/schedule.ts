// When the weekly report is due: Monday at WEEKLY_REPORT.hour in Europe/London, whatever the clocks
// did the day before (they change on a Sunday at 01:00 UTC, so Monday morning is never ambiguous).
import { WEEKLY_REPORT } from '#shared/constants.ts';
import { addDays, londonDay, londonMidnight } from '#shared/london-days.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Days since the Monday of the London week `day` falls in (0 on a Monday). */
function daysSinceMonday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return (weekday + 6) % 7;
}

/** The instant this week's report is due: Monday WEEKLY_REPORT.hour:00 London time. */
export function weekReportDueAt(monday: string): number {
  return londonMidnight(monday) + WEEKLY_REPORT.hour * HOUR_MS;
}

/**
 * The Monday (YYYY-MM-DD) whose report should go out at `now`, or undefined outside the window
 * from 08:00 to midnight that Monday: a server down at 08:00 sends it when back the same day.
 */
export function reportWeekDue(now: number): string | undefined {
  const today = londonDay(now);
  const monday = addDays(today, -daysSinceMonday(today));
  const dueAt = weekReportDueAt(monday);
  return now >= dueAt && now < dueAt + WEEKLY_REPORT.lateHours * HOUR_MS ? monday : undefined;
}
