// <head> of each public page: title, description, canonical URL, Open Graph and Twitter cards, and
// schema.org JSON-LD. Built as a string because it goes outside React's root.
import type { PageData } from '#shared/page-data.ts';
import { absoluteMediaUrl, resizedImage } from '../../lib/media.ts';
import { upcomingEvents } from '../../lib/dates.ts';
import type { PublicPage } from '../app.tsx';
// The four faces every page paints in its first screen (headings, body text, and the semibold of the
// buttons, labels and header links), preloaded so they are in place at the first paint instead of
// swapping in later: moving the text (CLS), and laying the screen out again for each face that
// arrives (issue 27: on a slow phone each such layout blocked the main thread for 100-250 ms). The
// same files styles.css pulls in through fonts/fonts.css, so the built URLs are the same.
import headingFont from '../fonts/oswald-700.woff2?url';
import buttonFont from '../fonts/oswald-600.woff2?url';
import bodyFont from '../fonts/inter-400.woff2?url';
import labelFont from '../fonts/inter-600.woff2?url';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** JSON that cannot end its <script> element early (nor be read as HTML inside it). */
export const jsonLd = (value: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}</script>`;

const TITLES: Record<PublicPage, string> = {
  landing: 'Mobile Airsoft Target Range for Festivals & Events',
  'legal-notice': 'Legal Notice',
  'privacy-policy': 'Privacy Policy',
  'not-found': 'Page not found',
};

const PATHS: Record<PublicPage, string | null> = {
  landing: '/',
  'legal-notice': '/legal-notice',
  'privacy-policy': '/privacy-policy',
  'not-found': null,
};

function description(page: PublicPage, data: PageData): string {
  const name = data.site.trading_name;
  switch (page) {
    case 'landing':
      return `${name} brings a fully staffed, insured interactive airsoft target range to festivals, corporate days and private parties across the UK. Seven scored game modes for all ages. Book the range today.`;
    case 'legal-notice':
      return `Legal notice of ${name}: company information, disclaimer, liability and the terms of using this website.`;
    case 'privacy-policy':
      return `How ${name} collects, uses and protects your personal information, the cookies this website sets, and your rights.`;
    default:
      return `This page could not be found. Visit ${name} for events, game modes and bookings.`;
  }
}

/** The hero picture (the same choice the hero section makes), for link previews. */
function shareImage(data: PageData): string | undefined {
  const video = data.videos.find(
    (v) => v.category === 'hero' && v.video_type === 'upload' && v.thumbnail_url,
  );
  const url = video?.thumbnail_url ?? data.gallery.find((g) => g.section === 'hero')?.image_url;
  // 1280 px wide WebP: sharp enough for every preview card and far smaller than an original upload.
  return url ? absoluteMediaUrl(resizedImage(url, 1280), data.publicUrl) : undefined;
}

function structuredData(data: PageData): unknown[] {
  const { site } = data;
  const home = `${data.publicUrl}/`;
  const sameAs = [site.facebook_url, site.instagram_url, site.tiktok_url, site.youtube_url].filter(Boolean);
  const image = shareImage(data);
  const business = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${home}#business`,
    name: site.trading_name,
    legalName: site.company_name,
    description: description('landing', data),
    url: home,
    telephone: site.phone,
    email: site.email,
    address: { '@type': 'PostalAddress', streetAddress: site.registered_address, addressCountry: 'GB' },
    areaServed: { '@type': 'Country', name: 'United Kingdom' },
    ...(image ? { image } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
  const events = upcomingEvents(data.events, data.today).map((event) => ({
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    startDate: event.date,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: event.location, address: event.location },
    ...(event.image_url ? { image: absoluteMediaUrl(event.image_url, data.publicUrl) } : {}),
    ...(event.link ? { url: event.link } : {}),
    description: `${site.trading_name}'s mobile airsoft target range at ${event.name}, ${event.location}.`,
    organizer: { '@type': 'Organization', name: site.trading_name, url: home },
  }));
  return [business, ...events];
}

export function renderHead(page: PublicPage, data: PageData): string {
  const title =
    page === 'landing'
      ? `${data.site.trading_name} | ${TITLES[page]}`
      : `${TITLES[page]} | ${data.site.trading_name}`;
  const text = description(page, data);
  const path = PATHS[page];
  const url = path === null ? null : `${data.publicUrl}${path}`;
  const image = shareImage(data);
  const tags = [
    ...[headingFont, bodyFont, buttonFont, labelFont].map(
      (font) => `<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin>`,
    ),
    // Without script nothing draws the sections below the hero before a jump to one of them
    // (drawn-before-jumps.ts): they are all drawn from the start.
    '<noscript><style>.below-fold{content-visibility:visible}</style></noscript>',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(text)}">`,
  ];
  if (url === null) tags.push('<meta name="robots" content="noindex">');
  else tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
  tags.push(
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(data.site.trading_name)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(text)}">`,
    `<meta property="og:locale" content="en_GB">`,
  );
  if (url) tags.push(`<meta property="og:url" content="${escapeHtml(url)}">`);
  if (image)
    tags.push(
      `<meta property="og:image" content="${escapeHtml(image)}">`,
      `<meta property="og:image:alt" content="${escapeHtml(`${data.site.trading_name}: the range in action`)}">`,
    );
  tags.push(
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(text)}">`,
  );
  if (image) tags.push(`<meta name="twitter:image" content="${escapeHtml(image)}">`);
  if (page === 'landing') {
    tags.push(...structuredData(data).map(jsonLd));
  }
  return tags.join('');
}
