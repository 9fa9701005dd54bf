// GET /api/enquiries (admin-only although it sits outside /api/admin): {success, enquiries}.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Enquiry, enquiryList } from '#shared/schemas/enquiries.ts';
import { api } from '../../lib/api-client.ts';

export const enquiriesKey = ['admin', 'enquiries'] as const;

export const fetchEnquiries = async (signal?: AbortSignal): Promise<Enquiry[]> =>
  (await api<z.infer<typeof enquiryList>>('/enquiries', { signal })).enquiries;

export function useEnquiries() {
  return useQuery({ queryKey: enquiriesKey, queryFn: ({ signal }) => fetchEnquiries(signal) });
}
