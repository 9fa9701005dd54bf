import type { Enquiry } from '#shared/schemas/enquiries.ts';

// When an enquiry arrived, as a UK reader expects it (en-GB, London time).
const RECEIVED = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

export function formatReceived(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : RECEIVED.format(date);
}

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
