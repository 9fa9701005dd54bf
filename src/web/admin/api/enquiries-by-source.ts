// GET /api/admin/enquiries/by-source?days=n: {success, days, sources: [{source, visitors, enquiries, booked}],
// others} — the top sources, and the rest in one row (decision 0435).
import { useMutation, useQuery } from '@tanstack/react-query';
import type { BookingsBySource, SourceReport } from '#shared/schemas/enquiry-source.ts';
import { api, apiBlob } from '../../lib/api-client.ts';

// Under the enquiries' key, so whatever refreshes the enquiries refreshes this too.
export const bookingsBySourceKey = (days: number) => ['admin', 'enquiries', 'by-source', days] as const;

export async function fetchBookingsBySource(days: number, signal?: AbortSignal): Promise<SourceReport> {
  const { sources, others } = await api<BookingsBySource>(`/admin/enquiries/by-source?days=${days}`, {
    signal,
  });
  return { sources, others };
}

export function useBookingsBySource(days: number) {
  return useQuery({
    queryKey: bookingsBySourceKey(days),
    queryFn: ({ signal }) => fetchBookingsBySource(days, signal),
  });
}

/** GET /api/admin/enquiries/by-source/export?days=n: the panel as CSV. */
export const exportBookingsBySource = (days: number) =>
  apiBlob(`/admin/enquiries/by-source/export?days=${days}`);

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });
/** The name the server gives the file, dated in London. */
export const bookingsBySourceFileName = (days: number, now: Date = new Date()) =>
  `bookings-by-source_${days}-days_${LONDON_DAY.format(now)}.csv`;

export function useExportBookingsBySource() {
  return useMutation({ mutationFn: exportBookingsBySource });
}
