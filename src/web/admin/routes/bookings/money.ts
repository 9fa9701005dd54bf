// Money as the owner types and reads it (pounds and pence, "1,850.00") and as the API keeps it
// (whole pence). The text is taken apart as digits, never through a float: "0.29" is 29 pence,
// not 28.999….
const POUNDS = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** Whole pence from "1,850.00", "£1850", "12.5"; null when empty; undefined when it is not money. */
export function parsePounds(text: string): number | null | undefined {
  const cleaned = text.trim().replace(/^£\s*/, '');
  if (cleaned === '') return null;
  const match = POUNDS.exec(cleaned);
  if (!match) return undefined;
  const pounds = match[1]!.replaceAll(',', '');
  const pence = (match[2] ?? '').padEnd(2, '0');
  const whole = Number(pounds) * 100 + Number(pence);
  return Number.isSafeInteger(whole) ? whole : undefined;
}

const grouped = (pounds: number) => String(pounds).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** "1,850.00" for 185000 pence: what the form's field starts with. */
export function penceToPounds(pence: number | null): string {
  if (pence === null) return '';
  return `${grouped(Math.floor(pence / 100))}.${String(pence % 100).padStart(2, '0')}`;
}

/** "£1,850.00", or a dash when there is no amount. */
export const formatPence = (pence: number | null): string =>
  pence === null ? '—' : `£${penceToPounds(pence)}`;
