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
