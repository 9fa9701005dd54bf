/**
 * Query strings can carry what must not reach the logs (a reset token in a page link, the address
 * of a data-subject request), so logged paths keep the parameter names only.
 */
export function redactQuery(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const names = [...new URLSearchParams(url.slice(question + 1)).keys()];
  return `${url.slice(0, question)}?${names.map((name) => `${encodeURIComponent(name)}=…`).join('&')}`;
}

/** What a logged path under /calendar/ shows: the owner's feed file name is its secret. */
export const REDACTED_CALENDAR_PATH = '/calendar/…';

/**
 * The folders whose next segment is a secret: the owner's feed, and a customer's booking page
 * (`/booking/<token>`, docs/decisions/0473), the key to that booking.
 */
const SECRET_FOLDERS = ['/calendar/', '/booking/'];
const LONGEST_FOLDER = Math.max(...SECRET_FOLDERS.map((folder) => folder.length));

/** The secret folder a path is under as the router sees it (percent-decoded, slashes as one). */
function secretFolder(path: string): string | undefined {
  // Every answer's log line asks this, so a path without escapes or doubled slashes (nearly all of
  // them) is neither decoded nor rewritten.
  let routed = path;
  if (routed.includes('%'))
    try {
      routed = decodeURIComponent(routed);
    } catch {
      // A malformed escape: judge the raw text.
    }
  if (routed.includes('//')) routed = routed.replace(/\/+/g, '/');
  const start = routed.slice(0, LONGEST_FOLDER).toLowerCase();
  return SECRET_FOLDERS.find((folder) => start.startsWith(folder));
}

/**
 * A request's path and query as every log line shows it (docs/operations.md): query values
 * redacted, and everything after `/calendar/` too, since the owner's feed address
 * (`/calendar/bookings-<secret>.ics`) is the only key to every booking's names and notes; and after
 * `/booking/`, whose next segment is a customer's key to their booking.
 */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  const path = question < 0 ? url : url.slice(0, question);
  const folder = secretFolder(path);
  if (!folder) return redactQuery(url);
  return redactQuery(`${folder}…${question < 0 ? '' : url.slice(question)}`);
}
