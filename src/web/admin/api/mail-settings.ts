// GET / PUT / DELETE /api/admin/mail/settings (superadmin): the mail server set in Settings › Mail.
// The password is write-only: the answer says only whether one is saved.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailSettings, MailSettingsUpdate } from '#shared/schemas/mail-settings.ts';
import { api } from '../../lib/api-client.ts';
import { SETUP_STATUS_QUERY_KEY } from './setup-status.ts';

export const MAIL_SETTINGS_QUERY_KEY = ['admin', 'mail-settings'] as const;

export const getMailSettings = (signal?: AbortSignal) =>
  api<MailSettings>('/admin/mail/settings', { signal });

export const useMailSettings = () =>
  useQuery({ queryKey: MAIL_SETTINGS_QUERY_KEY, queryFn: ({ signal }) => getMailSettings(signal) });

/** Saving or removing changes where mail goes: the setup card and the section's summary follow. */
function useMailSettingsChange<Input>(change: (input: Input) => Promise<MailSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (saved) => {
      queryClient.setQueryData(MAIL_SETTINGS_QUERY_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: SETUP_STATUS_QUERY_KEY });
    },
  });
}

export const useSaveMailSettings = () =>
  useMailSettingsChange((body: MailSettingsUpdate) =>
    api<MailSettings>('/admin/mail/settings', { method: 'PUT', body }),
  );

export const useRemoveMailSettings = () =>
  useMailSettingsChange(() => api<MailSettings>('/admin/mail/settings', { method: 'DELETE' }));
