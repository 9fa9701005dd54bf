// Where an enquiry came from (issue 17): what the visitor's own address bar and referrer said when
// they sent it — the landing URL's utm_source, utm_medium and utm_campaign, and the referring site's
// host name (never its full address, never anything from a cookie). It travels with the enquiry the
// visitor chose to send, so it is kept whether or not they accepted analytics cookies.
import { z } from 'zod';
import { stripControlCharacters } from '../control-characters.ts';

export const ENQUIRY_SOURCE_LIMITS = { utm: 100, host: 253 } as const;

/** The label of an enquiry with neither campaign tags nor another site before it. */
export const DIRECT_SOURCE = 'direct';

/**
 * The visitor did not type these, so nothing in them may cost an enquiry: a value that is too long
 * is cut, one that is empty or not a host name is dropped, never refused.
 */
const utmValue = z
  .unknown()
  .transform((value) =>
    typeof value === 'string'
      ? stripControlCharacters(value).trim().slice(0, ENQUIRY_SOURCE_LIMITS.utm) || null
      : null,
  )
  .default(null);

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const referrerHost = z
  .unknown()
  .transform((value) => {
    if (typeof value !== 'string') return null;
    const host = value.trim().toLowerCase().replace(/\.$/, '');
    return HOST_NAME.test(host) ? host : null;
  })
  .default(null);

export const enquirySource = z.object({
  utm_source: utmValue,
  utm_medium: utmValue,
  utm_campaign: utmValue,
  referrer_host: referrerHost,
});
export type EnquirySource = z.infer<typeof enquirySource>;

/**
 * Where a public call (the enquiry form, tracking) reads a source: the object above, and anything else
 * (a malformed one, an empty string from an older page) is ignored rather than losing the enquiry or
 * event. A union with "any value", so the document says exactly that (issue 35, item 8).
 */
export const sourceIgnoredIfMalformed = z
  // Every JSON value spelled out, so the document says "any value" (its generator drops an empty one).
  .union([enquirySource, z.string(), z.number(), z.boolean(), z.null(), z.array(z.unknown())])
  .optional()
  .transform((value) => (typeof value === 'object' && value && !Array.isArray(value) ? value : undefined))
  .catch(undefined)
  .optional()
  .meta({ description: 'Where the visitor came from; any other value is ignored' });

export const NO_SOURCE: EnquirySource = {
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  referrer_host: null,
};

/**
 * The one name a source is counted under: the campaign's utm_source (lower case), else the
 * referring site without "www.", else "direct". The same rule for the panel, the list and the CSV.
 */
export function sourceLabel(source: EnquirySource): string {
  const tagged = source.utm_source?.toLowerCase();
  if (tagged) return tagged;
  if (source.referrer_host) return source.referrer_host.replace(/^www\./, '');
  return DIRECT_SOURCE;
}

/** Bookings by source over a report period (`GET /api/admin/enquiries/by-source`). */
export const sourceCount = z.object({
  source: z.string(),
  /**
   * Visitors who accepted analytics cookies, counted under the source of their session's first page
   * view; null when the period has no such visitor at all (nothing to compare enquiries with).
   */
  visitors: z.number().int().nullable(),
  /** Enquiries received in the period, spam left out. */
  enquiries: z.number().int(),
  /** Of those, how many are now marked booked. */
  booked: z.number().int(),
  /** Of those, how many have a confirmed (or completed) booking (docs/product.md#bookings). */
  confirmed: z.number().int(),
  /** The sum of those bookings' prices, in pence (a booking without a price counts 0). */
  value_pence: z
    .number()
    .int()
    .meta({ description: "Quoted: the confirmed and completed bookings' prices, in pence" }),
  /**
   * The money their bookings brought in, in pence: deposits and balances received less refunds, in
   * any state — a cancelled booking's kept deposit counts, a refunded one does not (decision 0474).
   */
  received_pence: z
    .number()
    .int()
    .meta({
      description:
        "Received: the money the enquiries' bookings brought in, in pence — deposits and balances received " +
        "less refunds, in any state (a cancelled booking's kept deposit counts)",
    }),
});
export type SourceCount = z.infer<typeof sourceCount>;

/** The sources past the top ones, summed into one row (docs/decisions/0435). */
export const otherSources = sourceCount.omit({ source: true }).extend({
  /** How many sources were folded into this row. */
  sources: z.number().int(),
});
export type OtherSources = z.infer<typeof otherSources>;

/**
 * The folded row's label. It begins with a capital letter, which no source's own label has (those
 * are lower case), so it is never mistaken for a campaign that calls itself "Other sources".
 */
export const otherSourcesLabel = (others: Pick<OtherSources, 'sources'>) =>
  `Other sources (${others.sources.toLocaleString('en-GB')})`;

/** The "All sources" row: every count summed; visitors stay unknown (null) when no row knows them. */
export function allSources(rows: SourceCount[]): SourceCount {
  return rows.reduce<SourceCount>(
    (sum, row) => ({
      source: sum.source,
      visitors: row.visitors === null ? sum.visitors : (sum.visitors ?? 0) + row.visitors,
      enquiries: sum.enquiries + row.enquiries,
      booked: sum.booked + row.booked,
      confirmed: sum.confirmed + row.confirmed,
      value_pence: sum.value_pence + row.value_pence,
      received_pence: sum.received_pence + row.received_pence,
    }),
    {
      source: 'All sources',
      visitors: null,
      enquiries: 0,
      booked: 0,
      confirmed: 0,
      value_pence: 0,
      received_pence: 0,
    },
  );
}

export const bookingsBySourceResponse = z.object({
  success: z.literal(true),
  days: z.number().int(),
  /** The top sources (TOP_SOURCES_SHOWN at most): most enquiries, then booked, then visitors. */
  sources: z.array(sourceCount),
  /** Every other source in one row, listed after them; null when all fit. Totals stay exact. */
  others: otherSources.nullable(),
});
export type BookingsBySource = z.infer<typeof bookingsBySourceResponse>;
/** The report without the envelope: what the server reads and the weekly e-mail shows. */
export type SourceReport = Pick<BookingsBySource, 'sources' | 'others'>;
