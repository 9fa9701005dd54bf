// What a content item's URL may be (docs/decisions/0436): one rule for the API's validation (every
// field that takes an uploaded file), the upload store's names, and the purge that deletes the files.

import { controlRanges } from '../control-characters.ts';

export const UPLOADS_URL_PREFIX = '/uploads/';

/** The extensions the upload store names its files with (it decides the type from the bytes). */
export const UPLOAD_EXTENSIONS = ['jpg', 'png', 'gif', 'webp', 'avif', 'mp4', 'webm'] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** The store's names have 22 characters before the dot; a file system takes 255 bytes in all. */
const MAX_UPLOAD_STEM = 200;

/**
 * A stored file's name: letters, digits, `_` and `-` (the store's base64url names, the demo
 * pictures' names), then one of its extensions. No dot, slash, backslash, `%` or control character
 * can appear, so no name is `..`, a hidden file, a folder path or an encoded one.
 */
export const UPLOAD_NAME_PATTERN = `[A-Za-z0-9_-]{1,${MAX_UPLOAD_STEM}}\\.(?:${UPLOAD_EXTENSIONS.join('|')})`;
const UPLOAD_NAME = new RegExp(`^${UPLOAD_NAME_PATTERN}$`);

export const isUploadName = (name: string) => UPLOAD_NAME.test(name);

/** The file name in `/uploads/<name>` when it is one the store could have made; otherwise undefined. */
export function uploadedFileName(url: string): string | undefined {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return undefined;
  const name = url.slice(UPLOADS_URL_PREFIX.length);
  return isUploadName(name) ? name : undefined;
}

/**
 * What no URL contains: white space (line breaks included) and control characters (C0, DEL, C1).
 * The URL parser would quietly drop a tab or line break; written elsewhere as it was sent (a calendar
 * line), it starts a line of its own.
 */
export const URL_WITHOUT_SPACES = new RegExp(`^[^\\s${controlRanges()}]*$`);
export const URL_SPACES_MESSAGE = 'must not contain spaces, line breaks or control characters';

export const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};
