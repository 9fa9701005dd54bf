// GET /api/site: the business details the public pages show.
import { useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '#shared/schemas/site.ts';
import { api } from '../../lib/api-client.ts';

export const SITE_SETTINGS_QUERY_KEY = ['site-settings'] as const;

export const getSiteSettings = () => api<SiteSettings>('/site');

export const useSiteSettings = () =>
  useQuery({ queryKey: SITE_SETTINGS_QUERY_KEY, queryFn: getSiteSettings });
