// POST /api/admin/password-reset/confirm {token, new_password}: sets the password; signs nobody in.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageResponse, passwordResetConfirm } from '#shared/schemas/accounts.ts';
import { api } from '../../lib/api-client.ts';

export type ConfirmPasswordResetInput = z.input<typeof passwordResetConfirm>;

export const confirmPasswordReset = (body: ConfirmPasswordResetInput) =>
  api<z.infer<typeof messageResponse>>('/admin/password-reset/confirm', { method: 'POST', body });

export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
