// GET /api/admin/enquiries/export?status=&q=: the filtered enquiry list as CSV (issue 16), saved by the
// browser as enquiries_<YYYY-MM-DD>.csv, dated in London like the server's own file name.
import { useMutation } from '@tanstack/react-query';
import type { EnquiryFilter } from '#shared/enquiry-filter.ts';
import { apiBlob } from '../../lib/api-client.ts';

export function exportEnquiries(filter: EnquiryFilter): Promise<Blob> {
  const query = new URLSearchParams();
  if (filter.status) query.set('status', filter.status);
  if (filter.q?.trim()) query.set('q', filter.q.trim());
  const search = query.toString();
  return apiBlob(`/admin/enquiries/export${search ? `?${search}` : ''}`);
}

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });
export const enquiriesFileName = (now: Date = new Date()) => `enquiries_${LONDON_DAY.format(now)}.csv`;

export function useExportEnquiries() {
  return useMutation({ mutationFn: exportEnquiries });
}
