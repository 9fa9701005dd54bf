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
