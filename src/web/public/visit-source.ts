// Where the visitor came from, as their own address bar and referrer say (issue 17): the landing
// URL's campaign tags, and the referring site's host name only — never its full address, never a
// cookie, nothing stored. Sent with the enquiry the visitor chose to send, and, after analytics
// consent, with the page view so their visit is counted under the same source.
import type { EnquirySource } from '#shared/schemas/enquiry-source.ts';

const tag = (params: URLSearchParams, name: string) => params.get(name)?.trim() || null;

/** `here` is the page's address (window.location), `referrer` document.referrer. */
export function visitSource(here: { search: string; host: string }, referrer: string): EnquirySource {
  const params = new URLSearchParams(here.search);
  let referrerHost: string | null = null;
  try {
    const from = new URL(referrer);
    // Our own pages (back from the privacy policy, say) are not where the visitor came from.
    if ((from.protocol === 'https:' || from.protocol === 'http:') && from.host !== here.host)
      referrerHost = from.hostname;
  } catch {
    // No referrer (typed in, a bookmark, an app) or one that is not an address.
  }
  return {
    utm_source: tag(params, 'utm_source'),
    utm_medium: tag(params, 'utm_medium'),
    utm_campaign: tag(params, 'utm_campaign'),
    referrer_host: referrerHost,
  };
}
