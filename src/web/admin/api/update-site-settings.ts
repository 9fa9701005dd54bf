// PUT /api/admin/site (superadmin): saves the business details; the public pages re-render with them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteSettings, SiteSettingsUpdate } from '../../../shared/schemas/site.ts';
import { api } from '../../lib/api-client.ts';
import { SITE_SETTINGS_QUERY_KEY } from './site-settings.ts';

export const updateSiteSettings = (body: SiteSettingsUpdate) =>
  api<SiteSettings>('/admin/site', { method: 'PUT', body });

export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteSettings,
    onSuccess: (saved) => queryClient.setQueryData(SITE_SETTINGS_QUERY_KEY, saved),
  });
}
