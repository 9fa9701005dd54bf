// How tracking events travel: fetch with keepalive while the page is in use, navigator.sendBeacon when
// it is being hidden or left (the browser still delivers it). A beacon carries a string, i.e.
// text/plain, which needs no CORS preflight and which both tracking routes read as JSON. Failures are
// ignored (docs/product.md#tracking): losing an event must never disturb the visitor.

export type SendMode = 'fetch' | 'beacon';
export type SendEvent<T> = (event: T, mode: SendMode) => void;

export function postEvent(url: string, event: unknown, mode: SendMode): void {
  const body = JSON.stringify(event);
  if (mode === 'beacon' && typeof navigator.sendBeacon === 'function') {
    try {
      if (navigator.sendBeacon(url, body)) return;
    } catch {
      // fall back to fetch below
    }
  }
  try {
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => undefined);
  } catch {
    // fetch itself refused (e.g. a keepalive quota): the event is dropped
  }
}
