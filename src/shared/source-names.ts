// Sources by name (issue 28, docs/decisions/0442): a visit from google.co.uk and one from google.com
// are both "Google", an enquiry with neither tags nor referrer is "Direct or unknown" — on the
// Analytics screen, in its CSVs and in the weekly e-mail alike. This is the one table of known search
// engines and social networks. The reports apply it to a source's label (sourceLabel: a lower-case
// utm_source or referring host without "www.", or "direct") in TypeScript, and to the labels stored
// in the visitor rollup in SQL (analytics/source-visitors.ts) with the very same LIKE patterns, so old
// rows and new ones are named alike and the database still ranks and sums them.

/** What the reports call a source with neither campaign tags nor another site before it. */
export const DIRECT_OR_UNKNOWN = 'Direct or unknown';

/** Subdomains too: 'm.facebook.com', 'l.instagram.com', 'news.google.com'. */
const site = (host: string) => [host, `%.${host}`];

/**
 * Each name and the labels it stands for, as LIKE patterns (`_` one character, `%` any run), all in
 * lower case as labels are. The first name whose pattern matches wins. A name begins with a capital
 * letter, which no label has, so a campaign can never pass itself off as one.
 */
export const SOURCE_NAMES: readonly { name: string; labels: readonly string[] }[] = [
  { name: DIRECT_OR_UNKNOWN, labels: ['direct'] },
  {
    name: 'Google',
    // google.com, google.de, google.co.uk, google.com.au … (a country's domain, not a look-alike).
    labels: ['google', ...['google.__', 'google.___', 'google.co.__', 'google.com.__'].flatMap(site)],
  },
  { name: 'Bing', labels: ['bing', ...site('bing.com')] },
  { name: 'DuckDuckGo', labels: ['duckduckgo', ...site('duckduckgo.com')] },
  { name: 'Yahoo', labels: ['yahoo', ...site('yahoo.com'), ...site('yahoo.co.uk')] },
  { name: 'Ecosia', labels: ['ecosia', ...site('ecosia.org')] },
  { name: 'Facebook', labels: ['facebook', 'fb', ...site('facebook.com'), 'fb.com', 'fb.me'] },
  // Instagram's own link stickers tag their links utm_source=ig.
  { name: 'Instagram', labels: ['instagram', 'ig', ...site('instagram.com')] },
  { name: 'TikTok', labels: ['tiktok', ...site('tiktok.com')] },
  { name: 'YouTube', labels: ['youtube', ...site('youtube.com'), 'youtu.be'] },
  { name: 'X (Twitter)', labels: ['twitter', ...site('twitter.com'), ...site('x.com'), 't.co'] },
  { name: 'LinkedIn', labels: ['linkedin', ...site('linkedin.com'), 'lnkd.in'] },
  { name: 'Pinterest', labels: ['pinterest', ...site('pinterest.com'), ...site('pinterest.co.uk')] },
  { name: 'Reddit', labels: ['reddit', ...site('reddit.com')] },
];

/** A LIKE pattern as a regular expression that means the same. */
const likeToRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('')
      .map((char) =>
        char === '%' ? '.*' : char === '_' ? '.' : char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'),
      )
      .join('')}$`,
    's',
  );

const MATCHERS = SOURCE_NAMES.map(({ name, labels }) => ({ name, patterns: labels.map(likeToRegExp) }));

/** The name a report shows a source label under: a known site's name, else the label itself. */
export function sourceName(label: string): string {
  return MATCHERS.find(({ patterns }) => patterns.some((pattern) => pattern.test(label)))?.name ?? label;
}
