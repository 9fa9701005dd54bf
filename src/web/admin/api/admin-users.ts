// GET /api/admin/users: every admin account.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminList } from '#shared/schemas/accounts.ts';
import { api } from '../../lib/api-client.ts';

export const ADMIN_USERS_QUERY_KEY = ['admin', 'users'] as const;

export const getAdminUsers = () => api<z.infer<typeof adminList>>('/admin/users');

export const useAdminUsers = () =>
  useQuery({
    queryKey: ADMIN_USERS_QUERY_KEY,
    queryFn: getAdminUsers,
    select: (data) => data.admins,
  });
