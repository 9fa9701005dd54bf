// GET /api/admin/me: the signed-in admin, their role and two-factor status (reachable while a
// password change is forced).
import { useQuery } from '@tanstack/react-query';
import type { CurrentAdmin } from '#shared/schemas/accounts.ts';
import { api } from '../../lib/api-client.ts';

export const ME_QUERY_KEY = ['admin', 'me'] as const;

export const getMe = () => api<CurrentAdmin>('/admin/me');

export const useMe = () => useQuery({ queryKey: ME_QUERY_KEY, queryFn: getMe, staleTime: 60_000 });
