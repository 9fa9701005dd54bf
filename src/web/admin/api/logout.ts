// POST /api/admin/logout: revokes the session on the server. The caller forgets the token either way.
import type { SuccessResponse } from '#shared/schemas/common.ts';
import { api } from '../../lib/api-client.ts';

export const logout = () => api<SuccessResponse>('/admin/logout', { method: 'POST' });
