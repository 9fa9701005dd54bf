// First-party cookies written by the page itself (the consent choice and the analytics session id,
// docs/product.md#consent). Path=/ and SameSite=Lax always; Secure whenever the page itself came over https,
// so a cookie set on the live site never travels in clear text.

const DAY_SECONDS = 24 * 60 * 60;

/** The value of cookie `name`, or null when it is not set. */
export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

const attributes = (lifetime: string) =>
  `; ${lifetime}; Path=/; SameSite=Lax${window.location.protocol === 'https:' ? '; Secure' : ''}`;

/** Sets cookie `name` for `days` days. */
export function writeCookie(name: string, value: string, days: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}${attributes(`Max-Age=${Math.round(days * DAY_SECONDS)}`)}`;
}

/** Removes cookie `name`: a date in the past, with the path and flags it was written with. */
export function deleteCookie(name: string): void {
  document.cookie = `${name}=${attributes('Expires=Thu, 01 Jan 1970 00:00:00 GMT')}`;
}
