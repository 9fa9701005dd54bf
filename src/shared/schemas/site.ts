// The business details the public pages show (docs/product.md#business-details): served by GET /api/site and
// edited by a superadmin with PUT /api/admin/site. An empty social link means "not shown".
import { z } from 'zod';
import { URL_SPACES_MESSAGE, URL_WITHOUT_SPACES } from './media-url.ts';
import { singleLine, VISIBLE_CHARACTER } from '../control-characters.ts';

/** Required and trimmed: the document's pattern says it needs a character other than white space. */
const text = (max: number) =>
  z
    .string({ error: 'is required' })
    .regex(VISIBLE_CHARACTER, 'is required')
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

/** A name shown in one line (header, footer, mail): each run of line breaks becomes a space. */
const oneLineText = (max: number) => text(max).transform(singleLine);

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

/** How each platform's address looks, for the message when one is refused. */
const SOCIAL_EXAMPLES: Record<SocialField, string> = {
  facebook_url: 'a Facebook address such as facebook.com/yourpage',
  instagram_url: 'an Instagram address such as instagram.com/yourname',
  tiktok_url: 'a TikTok address such as tiktok.com/@yourname',
  youtube_url: 'a YouTube address such as youtube.com/@yourchannel',
};

/**
 * A link as people paste it, made a full https address (docs/decisions/0442): 'facebook.com/range'
 * and '//facebook.com/range' gain https://, http:// becomes https:// (the platforms serve nothing
 * else). Another scheme is left for the host check to refuse; 'host:443' is a port, not a scheme.
 */
export function withHttps(link: string): string {
  if (link === '' || /^https:\/\//i.test(link)) return link;
  if (/^http:\/\//i.test(link)) return `https://${link.slice('http://'.length)}`;
  if (link.startsWith('//')) return `https:${link}`;
  if (/^[a-z][a-z0-9+.-]*:(?![0-9])/i.test(link)) return link;
  return `https://${link}`;
}

// What the document can say of a link (a pattern): no spaces. That it names the platform is said by
// the message; the server adds the scheme before it checks the host.
const socialUrl = (field: SocialField) =>
  z
    .string()
    .trim()
    .max(2048, 'must be at most 2048 characters')
    .regex(URL_WITHOUT_SPACES, URL_SPACES_MESSAGE)
    .nullish()
    .transform((value) => withHttps(value ?? ''))
    .refine(
      (value) => value === '' || onHost(value, SOCIAL_HOSTS[field]),
      `must be ${SOCIAL_EXAMPLES[field]}, or empty`,
    );

// UK numbers as people write them: digits, spaces, brackets, dashes and an optional leading +.
const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,28}[0-9]$/;
// Companies House numbers: 8 digits, or a 2-letter prefix (SC, NI, OC…) and 6 digits. Written
// without its leading zeros (6 or 7 digits) a number is padded as the registry pads it; fewer digits
// are more likely a typo than a company registered before 1908 (docs/decisions/0442).
const COMPANY_NUMBER_PATTERN = /^(?:[0-9]{6,8}|[A-Za-z]{2}[0-9]{6})$/;
const COMPANY_NUMBER_LENGTH = 8;

export const siteSettingsInput = z.object({
  trading_name: oneLineText(100),
  phone: z
    .string({ error: 'is required' })
    .trim()
    .regex(PHONE_PATTERN, 'must be a phone number such as 01234 567890'),
  // As the document's `format: email` says: no white space around it.
  email: z
    .string({ error: 'is required' })
    .max(320)
    .check(z.email('must be an e-mail address'))
    .toLowerCase(),
  facebook_url: socialUrl('facebook_url'),
  instagram_url: socialUrl('instagram_url'),
  tiktok_url: socialUrl('tiktok_url'),
  youtube_url: socialUrl('youtube_url'),
  company_name: oneLineText(160),
  company_number: z
    .string({ error: 'is required' })
    .trim()
    .regex(COMPANY_NUMBER_PATTERN, 'must be a Companies House number such as 12345678 or SC123456')
    .transform((number) => number.toUpperCase().padStart(COMPANY_NUMBER_LENGTH, '0')),
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
