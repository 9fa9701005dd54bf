// POST /api/admin/logout: revokes the session on the server. The caller forgets the token either way.
import { api } from '../../lib/api-client.ts';

export const logout = () => api<{ success: true }>('/admin/logout', { method: 'POST' });
