import { IMAGE_WIDTHS } from '#shared/constants.ts';

const UPLOADED_IMAGE = /^\/uploads\/([A-Za-z0-9_-]+\.(?:jpg|png|gif|webp|avif))$/;

/**
 * A srcset of the server's smaller copies for an uploaded image (phones then fetch a few hundred KB
 * instead of the original); undefined for anything else, e.g. an external URL.
 */
export function responsiveSrcSet(url: string, widths: readonly number[] = IMAGE_WIDTHS): string | undefined {
  const name = UPLOADED_IMAGE.exec(url)?.[1];
  return name ? widths.map((w) => `/uploads/w/${w}/${name} ${w}w`).join(', ') : undefined;
}

/** The narrowest of the server's widths that covers `pixels` (device pixels), or the widest. */
export function imageWidthFor(pixels: number): (typeof IMAGE_WIDTHS)[number] {
  return IMAGE_WIDTHS.find((width) => width >= pixels) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

/**
 * The server's copy of an uploaded image at one width (AVIF or WebP, as the browser takes), or the URL
 * itself when there is none.
 */
export function resizedImage(url: string, width: (typeof IMAGE_WIDTHS)[number]): string {
  const name = UPLOADED_IMAGE.exec(url)?.[1];
  return name ? `/uploads/w/${width}/${name}` : mediaUrl(url);
}

/**
 * Media paths that are not absolute are prefixed with the backend host (docs/product.md#uploads). The backend
 * is this very site, so a root-relative path (/uploads/…) is already complete; a bare path gets the leading
 * slash; http(s) URLs are kept as they are.
 */
export function mediaUrl(url: string): string {
  if (!url) return '';
  if (/^https?:\/\//i.test(url) || url.startsWith('/')) return url;
  return `/${url}`;
}

/** An absolute URL for places outside the page (Open Graph, JSON-LD). */
export function absoluteMediaUrl(url: string, origin: string): string {
  const resolved = mediaUrl(url);
  return /^https?:\/\//i.test(resolved) ? resolved : `${origin.replace(/\/$/, '')}${resolved}`;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The video id of a YouTube link (watch, youtu.be, embed, shorts or nocookie forms), if any. */
export function youtubeId(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const host = parsed.hostname.replace(/^(www|m)\./, '');
  let id: string | null | undefined;
  if (host === 'youtu.be') id = parsed.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = parsed.pathname.split('/');
    id = first === 'embed' || first === 'shorts' || first === 'live' ? second : parsed.searchParams.get('v');
  }
  return id && YOUTUBE_ID.test(id) ? id : undefined;
}

/** The privacy-enhanced player, started at once (it is only loaded after the visitor clicked play). */
export const youtubeEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`;
