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

/** `/calendar/` in a path as the router sees it: percent-decoded, repeated slashes as one. */
function underCalendar(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: judge the raw text.
  }
  return decoded.replace(/\/+/g, '/').toLowerCase().startsWith('/calendar/');
}

/**
 * A request's path and query as every log line shows it (docs/operations.md): query values
 * redacted, and everything after `/calendar/` too, since the owner's feed address
 * (`/calendar/bookings-<secret>.ics`) is the only key to every booking's names and notes.
 */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  const path = question < 0 ? url : url.slice(0, question);
  if (!underCalendar(path)) return redactQuery(url);
  return redactQuery(`${REDACTED_CALENDAR_PATH}${question < 0 ? '' : url.slice(question)}`);
}
