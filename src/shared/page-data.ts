// What the server embeds in every public page it renders (and the client hydrates from): the current
// public content, the business details and the captcha set-up, so a page view needs no API call.
import type { SiteSettings } from './schemas/site.ts';
import type { Badge, Event, GalleryImage, Logo, Testimonial, Video } from './schemas/content.ts';

export interface CaptchaSetup {
  provider: 'altcha' | 'recaptcha' | 'off';
  challenge_url: string | null;
  site_key: string | null;
  action: string | null;
  honeypot_field: string;
}

export interface PageData {
  /** The address people use (PUBLIC_URL), for canonical links, Open Graph and JSON-LD. */
  publicUrl: string;
  /** Today in Europe/London (YYYY-MM-DD): events from this day on are "upcoming". */
  today: string;
  site: SiteSettings;
  events: Event[];
  logos: Logo[];
  badges: Badge[];
  gallery: GalleryImage[];
  videos: Video[];
  testimonials: Testimonial[];
  captcha: CaptchaSetup;
  /** How long raw analytics events are kept (ANALYTICS_RETENTION_DAYS), for the privacy policy. */
  analyticsRetentionDays: number;
}

/** The public pages the server renders; anything else is the 404 page. */
export const PUBLIC_PAGES = ['/', '/legal-notice', '/privacy-policy'] as const;
export type PublicPagePath = (typeof PUBLIC_PAGES)[number];

/** The element id of the embedded page data (a JSON script block, never executed). */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

export interface RenderedPage {
  /** The markup inside <div id="root">. */
  body: string;
  /** Title, meta, canonical, Open Graph and JSON-LD for <head>. */
  head: string;
  status: 200 | 404;
}

/** The server-side entry's signature (src/web/public/entry-server.tsx). */
export type RenderPage = (path: string, data: PageData) => RenderedPage;
