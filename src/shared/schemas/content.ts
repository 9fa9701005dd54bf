// The six content kinds (docs/product.md#content-fields): what an admin may send, and what the API returns.
import { z } from 'zod';
import { GALLERY_SECTIONS, TEXT_LIMITS, VIDEO_CATEGORIES, VIDEO_TYPES } from '../constants.ts';
import { singleLine, VISIBLE_CHARACTER } from '../control-characters.ts';
import { dayString, instantString } from './dates.ts';
import {
  isHttpUrl,
  UPLOAD_NAME_PATTERN,
  UPLOADS_URL_PREFIX,
  uploadedFileName,
  URL_SPACES_MESSAGE,
  URL_WITHOUT_SPACES,
} from './media-url.ts';

const requiredText = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

/**
 * Required text with no pattern of its own: the document's pattern says it needs a character other
 * than white space (a minimum length alone would allow "   ", which trimming empties).
 */
const visibleText = (max: number) => requiredText(max).regex(VISIBLE_CHARACTER, 'is required');

/**
 * A title shown in one line (a name, a place, a caption): checked as sent, then each run of line
 * breaks and tabs becomes a space (a pasted "Summer\nFestival" is "Summer Festival").
 */
const titleText = (max: number) => visibleText(max).transform(singleLine);

/** `rule`, when given, adds the checks the text must pass (empty included) for the document to say. */
const optionalText = (max: number, rule: (text: z.ZodString) => z.ZodString = (text) => text) =>
  rule(z.string().trim().max(max, `must be at most ${max} characters`))
    .nullish()
    .transform((value) => value ?? '');

// What a URL check needs in the form the OpenAPI document can carry: patterns. They are as lenient as
// the URL parser about the scheme's letter case; that the rest parses as a URL stays a refinement.
// An uploaded file is named as the upload store names it (media-url.ts, docs/decisions/0436).
const UPLOADED_FILE = `${UPLOADS_URL_PREFIX}${UPLOAD_NAME_PATTERN}`;
const HTTP_URL_START = '[Hh][Tt][Tt][Pp][Ss]?:[\\s\\S]+';
const MEDIA_PATTERN = new RegExp(`^(?:${UPLOADED_FILE}|${HTTP_URL_START})$`);
const OPTIONAL_MEDIA_PATTERN = new RegExp(`^(?:|${UPLOADED_FILE}|${HTTP_URL_START})$`);
const OPTIONAL_WEB_PATTERN = new RegExp(`^(?:|${HTTP_URL_START})$`);

/** A media reference: a file uploaded here (/uploads/…) or an absolute http(s) URL. */
const isMediaReference = (value: string) => uploadedFileName(value) !== undefined || isHttpUrl(value);

const MEDIA_MESSAGE = 'must be an uploaded file or an http(s) URL';
const WEB_MESSAGE = 'must be an http(s) URL such as https://example.com';
/**
 * What is not a URL at all ("not a url") is told so first; a URL with a space or line break in it
 * is told that.
 */
const urlRules = (pattern: RegExp, message: string) => (text: z.ZodString) =>
  text.regex(pattern, message).regex(URL_WITHOUT_SPACES, URL_SPACES_MESSAGE);
const mediaUrl = urlRules(
  MEDIA_PATTERN,
  MEDIA_MESSAGE,
)(requiredText(TEXT_LIMITS.url)).refine(isMediaReference, MEDIA_MESSAGE);
const optionalMediaUrl = optionalText(
  TEXT_LIMITS.url,
  urlRules(OPTIONAL_MEDIA_PATTERN, MEDIA_MESSAGE),
).refine((value) => value === '' || isMediaReference(value), MEDIA_MESSAGE);
const optionalWebUrl = optionalText(TEXT_LIMITS.url, urlRules(OPTIONAL_WEB_PATTERN, WEB_MESSAGE)).refine(
  (value) => value === '' || isHttpUrl(value),
  WEB_MESSAGE,
);

/** Forms send numbers as strings; accept both, reject anything that is not a whole number. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`),
  );

const order = wholeNumber(-1_000_000, 1_000_000).default(0);
const isActive = z.boolean({ error: 'must be true or false' }).default(true);

/**
/**
 * Scheduled content (issue 17): an instant with its offset, within DATE_RANGE (decision 0458), or
 * null for "no limit". An empty string is refused, as the document's `date-time` says (issue 35,
 * item 8): the admin form sends null.
 */
const scheduleTime = instantString.nullish().transform((value) => value ?? null);
const schedule = { show_from: scheduleTime, hide_after: scheduleTime };

/** Hide after must come after show from, when both are set. */
function scheduleInOrder(
  item: { show_from: string | null; hide_after: string | null },
  ctx: z.RefinementCtx,
) {
  if (item.show_from && item.hide_after && Date.parse(item.hide_after) <= Date.parse(item.show_from))
    ctx.addIssue({ code: 'custom', path: ['hide_after'], message: 'must be after show from' });
}

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
]);
export const isYoutubeUrl = (value: string) => isHttpUrl(value) && YOUTUBE_HOSTS.has(new URL(value).hostname);

export const eventInput = z
  .object({
    name: titleText(TEXT_LIMITS.short),
    location: titleText(TEXT_LIMITS.short),
    // Exactly a real calendar day (no 30 February, no spaces) within DATE_RANGE, as the document says.
    date: dayString('is required'),
    link: optionalWebUrl,
    image_url: optionalMediaUrl,
    order,
    is_active: isActive,
    /** Kept in the admin only: on no public page, list or calendar file (docs/decisions/0442). */
    is_private: z.boolean({ error: 'must be true or false' }).default(false),
    /**
     * The crew and the trailer work it, so it takes its day on the bookings calendar as a confirmed
     * booking does (docs/decisions/0468); false for a listing of someone else's show.
     */
    needs_crew: z.boolean({ error: 'must be true or false' }).default(true),
    ...schedule,
  })
  .superRefine(scheduleInOrder);

export const logoInput = z
  .object({
    name: titleText(TEXT_LIMITS.short),
    logo_url: mediaUrl,
    website_url: optionalWebUrl,
    order,
    is_active: isActive,
    ...schedule,
  })
  .superRefine(scheduleInOrder);

export const badgeInput = z
  .object({
    name: titleText(TEXT_LIMITS.short),
    badge_url: mediaUrl,
    description: optionalText(TEXT_LIMITS.description),
    order,
    is_active: isActive,
    ...schedule,
  })
  .superRefine(scheduleInOrder);

export const galleryInput = z
  .object({
    title: titleText(TEXT_LIMITS.short),
    image_url: mediaUrl,
    alt_text: optionalText(TEXT_LIMITS.short).transform(singleLine),
    order,
    section: z
      .enum(GALLERY_SECTIONS, { error: `must be one of ${GALLERY_SECTIONS.join(', ')}` })
      .default('action-gallery'),
    is_active: isActive,
    ...schedule,
  })
  .superRefine(scheduleInOrder);

export const videoInput = z
  .object({
    title: titleText(TEXT_LIMITS.short),
    video_type: z.enum(VIDEO_TYPES, { error: `must be one of ${VIDEO_TYPES.join(', ')}` }).default('upload'),
    video_url: mediaUrl.meta({ description: 'For a youtube video, a YouTube link' }),
    thumbnail_url: optionalMediaUrl,
    description: optionalText(TEXT_LIMITS.description),
    category: z.enum(VIDEO_CATEGORIES, { error: `must be one of ${VIDEO_CATEGORIES.join(', ')}` }),
    order,
    is_active: isActive,
    ...schedule,
  })
  .superRefine(scheduleInOrder)
  .superRefine((video, ctx) => {
    if (video.video_type === 'youtube' && !isYoutubeUrl(video.video_url)) {
      ctx.addIssue({
        code: 'custom',
        path: ['video_url'],
        message: 'must be a YouTube link for a youtube video',
      });
    }
  });

export const testimonialInput = z
  .object({
    client_name: titleText(TEXT_LIMITS.short),
    company: titleText(TEXT_LIMITS.short),
    testimonial_text: visibleText(TEXT_LIMITS.testimonial),
    rating: wholeNumber(1, 5),
    order,
    is_active: isActive,
    ...schedule,
  })
  .superRefine(scheduleInOrder);

const stored = {
  id: z.number().int(),
  order: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Shown on the public site from (ISO time), null: as soon as it is active. */
  show_from: z.string().nullable(),
  /** Hidden from the public site after (ISO time), null: until hidden by hand. */
  hide_after: z.string().nullable(),
};

export const event = z.object({
  ...stored,
  name: z.string(),
  location: z.string(),
  date: z.string(),
  link: z.string(),
  image_url: z.string(),
});
/**
 * An event as the admin sees it: also whether it is private, kept in the admin only. The public list
 * never holds a private event, so it says nothing of privacy (docs/decisions/0442).
 */
export const adminEvent = event.extend({ is_private: z.boolean(), needs_crew: z.boolean() });
export const logo = z.object({ ...stored, name: z.string(), logo_url: z.string(), website_url: z.string() });
export const badge = z.object({
  ...stored,
  name: z.string(),
  badge_url: z.string(),
  description: z.string(),
});
export const galleryImage = z.object({
  ...stored,
  title: z.string(),
  image_url: z.string(),
  alt_text: z.string(),
  section: z.enum(GALLERY_SECTIONS),
});
export const video = z.object({
  ...stored,
  title: z.string(),
  video_type: z.enum(VIDEO_TYPES),
  video_url: z.string(),
  thumbnail_url: z.string(),
  description: z.string(),
  category: z.enum(VIDEO_CATEGORIES),
});
export const testimonial = z.object({
  ...stored,
  client_name: z.string(),
  company: z.string(),
  testimonial_text: z.string(),
  rating: z.number().int(),
});

export type Event = z.infer<typeof event>;
export type AdminEvent = z.infer<typeof adminEvent>;
export type Logo = z.infer<typeof logo>;
export type Badge = z.infer<typeof badge>;
export type GalleryImage = z.infer<typeof galleryImage>;
export type Video = z.infer<typeof video>;
export type Testimonial = z.infer<typeof testimonial>;

/**
 * Every content kind: its URL segment, the key its public list is returned under, the
 * schema an admin sends, the schema the admin API answers with, and an item of the public list.
 */
export const CONTENT_KINDS = {
  events: { listKey: 'events', input: eventInput, item: adminEvent, publicItem: event },
  logos: { listKey: 'logos', input: logoInput, item: logo, publicItem: logo },
  badges: { listKey: 'badges', input: badgeInput, item: badge, publicItem: badge },
  gallery: { listKey: 'images', input: galleryInput, item: galleryImage, publicItem: galleryImage },
  videos: { listKey: 'videos', input: videoInput, item: video, publicItem: video },
  testimonials: {
    listKey: 'testimonials',
    input: testimonialInput,
    item: testimonial,
    publicItem: testimonial,
  },
} as const;

export type ContentKind = keyof typeof CONTENT_KINDS;
export const CONTENT_KIND_NAMES = Object.keys(CONTENT_KINDS) as ContentKind[];
