// POST /api/admin/password-reset/request {email}: always the same answer, whether or not the account exists.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordResetRequested } from '#shared/schemas/accounts.ts';
import { api } from '../../lib/api-client.ts';

export const requestPasswordReset = (email: string) =>
  api<z.infer<typeof passwordResetRequested>>('/admin/password-reset/request', {
    method: 'POST',
    body: { email },
  });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
