// GET /api/admin/analytics/summary/export?days=n: what the Analytics screen shows for the period —
// totals, page views per day, section engagement, bookings by source — as one CSV (issue 28).
import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../lib/api-client.ts';

export const exportAnalyticsSummary = (days: number) =>
  apiBlob(`/admin/analytics/summary/export?days=${days}`);

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });
/** The name the server gives the file, dated in London. */
export const analyticsSummaryFileName = (days: number, now: Date = new Date()) =>
  `analytics-summary_${days}-days_${LONDON_DAY.format(now)}.csv`;

export function useExportAnalyticsSummary() {
  return useMutation({ mutationFn: exportAnalyticsSummary });
}
