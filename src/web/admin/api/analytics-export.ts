// GET /api/admin/analytics/export?days=n: the period's raw events as CSV, saved by the browser as
// analytics_<YYYY-MM-DD>.csv (docs/product.md#analytics-definitions).
import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../lib/api-client.ts';

export const exportAnalytics = (days: number) => apiBlob(`/admin/analytics/export?days=${days}`);

export function useExportAnalytics() {
  return useMutation({ mutationFn: exportAnalytics });
}
