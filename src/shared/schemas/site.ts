// The business details the public pages show (DESIGN "Settings page"): served by GET /api/site and
// edited by a superadmin with PUT /api/admin/site. An empty social link means "not shown".
import { z } from 'zod';

const text = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

/** Social links are limited to the platform they name, so a typo can't point the footer elsewhere. */
const SOCIAL_HOSTS = {
  facebook_url: ['facebook.com', 'fb.com'],
  instagram_url: ['instagram.com'],
  tiktok_url: ['tiktok.com'],
  youtube_url: ['youtube.com', 'youtu.be'],
} as const;
export type SocialField = keyof typeof SOCIAL_HOSTS;

const onHost = (value: string, hosts: readonly string[]) => {
  try {
    const url = new URL(value);
    const host = url.hostname.toLowerCase();
    return url.protocol === 'https:' && hosts.some((h) => host === h || host.endsWith(`.${h}`));
  } catch {
    return false;
  }
};

// The part of the host check a pattern can say (the OpenAPI document carries it): empty, or https.
const EMPTY_OR_HTTPS = /^(?:|[Hh][Tt][Tt][Pp][Ss]:[\s\S]+)$/;

const socialUrl = (field: SocialField, label: string) =>
  z
    .string()
    .trim()
    .max(2048, 'must be at most 2048 characters')
    .regex(EMPTY_OR_HTTPS, `must be an https:// ${label} address, or empty`)
    .nullish()
    .transform((value) => value ?? '')
    .refine(
      (value) => value === '' || onHost(value, SOCIAL_HOSTS[field]),
      `must be an https:// ${label} address, or empty`,
    );

// UK numbers as people write them: digits, spaces, brackets, dashes and an optional leading +.
const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,28}[0-9]$/;
// Companies House numbers: 8 digits, or a 2-letter prefix (SC, NI, OC…) and 6 digits.
const COMPANY_NUMBER_PATTERN = /^([0-9]{8}|[A-Z]{2}[0-9]{6})$/;

export const siteSettingsInput = z.object({
  trading_name: text(100),
  phone: z
    .string({ error: 'is required' })
    .trim()
    .regex(PHONE_PATTERN, 'must be a phone number such as 01234 567890'),
  email: z
    .string({ error: 'is required' })
    .trim()
    .toLowerCase()
    .check(z.email('must be an e-mail address'))
    .max(320),
  facebook_url: socialUrl('facebook_url', 'Facebook'),
  instagram_url: socialUrl('instagram_url', 'Instagram'),
  tiktok_url: socialUrl('tiktok_url', 'TikTok'),
  youtube_url: socialUrl('youtube_url', 'YouTube'),
  company_name: text(160),
  company_number: z
    .string({ error: 'is required' })
    .trim()
    .toUpperCase()
    .regex(COMPANY_NUMBER_PATTERN, 'must be a Companies House number such as 12345678 or SC123456'),
  registered_address: text(300),
});
export type SiteSettingsInput = z.infer<typeof siteSettingsInput>;
export const siteSettingsField = siteSettingsInput.keyof();
export type SiteSettingsField = z.infer<typeof siteSettingsField>;

/** PUT sends the fields to change; the rest keep their values. */
export const siteSettingsUpdate = siteSettingsInput.partial();
export type SiteSettingsUpdate = z.infer<typeof siteSettingsUpdate>;

export const siteSettings = z.object({
  trading_name: z.string(),
  phone: z.string(),
  email: z.string(),
  facebook_url: z.string(),
  instagram_url: z.string(),
  tiktok_url: z.string(),
  youtube_url: z.string(),
  company_name: z.string(),
  company_number: z.string(),
  registered_address: z.string(),
  /** True until a superadmin has saved real details; the admin UI can nag while it is. */
  is_placeholder: z.boolean(),
  updated_at: z.string().nullable(),
});
export type SiteSettings = z.infer<typeof siteSettings>;
