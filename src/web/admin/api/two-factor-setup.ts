// POST /api/admin/2fa/setup: a fresh secret and its otpauth:// URL (shown as a QR code).
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { twoFactorSetupResponse } from '#shared/schemas/accounts.ts';
import { api } from '../../lib/api-client.ts';

export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponse>;

export const setupTwoFactor = () => api<TwoFactorSetup>('/admin/2fa/setup', { method: 'POST' });

export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor });
