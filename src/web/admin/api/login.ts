// POST /api/admin/login (docs/product.md#sign-in): email, password, optional totp_code → access_token,
// force_password_change.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginRequest, loginResponse } from '#shared/schemas/accounts.ts';
import { api } from '../../lib/api-client.ts';

export type LoginInput = z.input<typeof loginRequest>;
export type LoginResult = z.infer<typeof loginResponse>;

export const login = (body: LoginInput) => api<LoginResult>('/admin/login', { method: 'POST', body });

export const useLogin = () => useMutation({ mutationFn: login });
