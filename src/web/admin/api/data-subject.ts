// GET and DELETE /api/admin/data-subject?email= (superadmin): what the site stores under one e-mail
// address, and erasing it (issue 9; UK GDPR access and erasure requests).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataSubjectErasure, DataSubjectRecords } from '#shared/schemas/data-subject.ts';
import { api } from '../../lib/api-client.ts';
import { enquiriesKey } from './enquiries-list.ts';

const dataSubjectKey = (email: string) => ['admin', 'data-subject', email] as const;
const path = (email: string) => `/admin/data-subject?${new URLSearchParams({ email })}`;

export const findDataSubject = (email: string) => api<DataSubjectRecords>(path(email));

export const eraseDataSubject = (email: string) => api<DataSubjectErasure>(path(email), { method: 'DELETE' });

/** Looks the address up once it is set; `null` means no search yet. */
export const useDataSubject = (email: string | null) =>
  useQuery({
    queryKey: dataSubjectKey(email ?? ''),
    queryFn: () => findDataSubject(email!),
    enabled: email !== null,
    // Always a fresh answer: it is what the person will be told.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useEraseDataSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseDataSubject,
    onSettled: (_result, _error, email) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dataSubjectKey(email) }),
        queryClient.invalidateQueries({ queryKey: enquiriesKey }),
      ]),
  });
}
