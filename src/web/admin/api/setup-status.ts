// GET /api/admin/setup-status: what still stands between a visitor and the business (issue 15) — the
// dashboard's setup card, Settings › Mail and the enquiry screen's notes read it.
import { useQuery } from '@tanstack/react-query';
import type { SetupStatus } from '#shared/schemas/setup.ts';
import { api } from '../../lib/api-client.ts';

export const SETUP_STATUS_QUERY_KEY = ['admin', 'setup-status'] as const;

export const getSetupStatus = (signal?: AbortSignal) => api<SetupStatus>('/admin/setup-status', { signal });

export const useSetupStatus = () =>
  useQuery({ queryKey: SETUP_STATUS_QUERY_KEY, queryFn: ({ signal }) => getSetupStatus(signal) });
