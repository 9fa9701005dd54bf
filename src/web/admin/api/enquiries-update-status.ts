// PATCH /api/admin/enquiries/{id} {status}: answers {success, enquiry}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Enquiry, EnquiryStatus, enquiryUpdated } from '#shared/schemas/enquiries.ts';
import { api } from '../../lib/api-client.ts';
import { enquiriesKey } from './enquiries-list.ts';

export const updateEnquiryStatus = async (id: number, status: EnquiryStatus): Promise<Enquiry> =>
  (
    await api<z.infer<typeof enquiryUpdated>>(`/admin/enquiries/${id}`, {
      method: 'PATCH',
      body: { status },
    })
  ).enquiry;

export function useUpdateEnquiryStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: EnquiryStatus }) => updateEnquiryStatus(id, status),
    onSuccess: (updated) =>
      queryClient.setQueryData<Enquiry[]>(enquiriesKey, (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      ),
  });
}
