// PUT /api/admin/site (superadmin): saves the business details; the public pages re-render with them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteSettings, SiteSettingsUpdate } from '#shared/schemas/site.ts';
import { api } from '../../lib/api-client.ts';
import { enquiriesKey } from './enquiries-list.ts';
import { SETUP_STATUS_QUERY_KEY } from './setup-status.ts';
import { SITE_SETTINGS_QUERY_KEY } from './site-settings.ts';

export const updateSiteSettings = (body: SiteSettingsUpdate) =>
  api<SiteSettings>('/admin/site', { method: 'PUT', body });

export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(SITE_SETTINGS_QUERY_KEY, saved);
      // A real e-mail may be the address enquiry notices waited for: the setup card and the list change.
      void queryClient.invalidateQueries({ queryKey: SETUP_STATUS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: enquiriesKey });
    },
  });
}
