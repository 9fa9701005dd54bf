import type { Enquiry } from '#shared/schemas/enquiries.ts';
import { londonInstants } from '../../../lib/dates.ts';

/** When an enquiry arrived, as a UK reader expects it (en-GB, London time): "15 Jun 2026, 13:00". */
export const formatReceived = londonInstants({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * Where an enquiry came from, in one line: "newsletter · email · spring-2027" for a tagged campaign,
 * "Came from facebook.com" for a link on another site, "Direct or unknown" otherwise.
 */
export function describeSource(source: Enquiry['source']): string {
  if (source.utm_source)
    return [source.utm_source, source.utm_medium, source.utm_campaign].filter(Boolean).join(' · ');
  if (source.referrer_host) return `Came from ${source.label}`;
  return 'Direct or unknown';
}
