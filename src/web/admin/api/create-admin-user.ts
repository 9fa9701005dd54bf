// POST /api/admin/users {username, email, password, role}: the new admin must change the password at first
// login; the answer also says what happened to their invitation e-mail.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateAdminRequest } from '#shared/schemas/accounts.ts';
import type { adminCreated } from '#shared/schemas/invitation.ts';
import { api } from '../../lib/api-client.ts';
import { ADMIN_USERS_QUERY_KEY } from './admin-users.ts';

export const createAdminUser = (body: CreateAdminRequest) =>
  api<z.infer<typeof adminCreated>>('/admin/users', {
    method: 'POST',
    body,
  });

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
  });
}
