// The footer (section 13 of docs/product.md#landing-page, and the legal pages' footer): phone, e-mail, social
// links, legal links, the cookie choice and the company registration — all from the site settings.
import { Mail, Phone } from 'lucide-react';
import type { SiteSettings, SocialField } from '#shared/schemas/site.ts';
import { Island } from '../islands/island.tsx';
import { usePageData } from '../page-data-context.tsx';
import { telHref } from './contact.tsx';
import { LogoMark } from './logo-mark.tsx';
import { FacebookIcon, InstagramIcon, TiktokIcon, YoutubeIcon } from './social-icons.tsx';

const SOCIAL: { field: SocialField; label: string; Icon: typeof FacebookIcon }[] = [
  { field: 'facebook_url', label: 'Facebook', Icon: FacebookIcon },
  { field: 'instagram_url', label: 'Instagram', Icon: InstagramIcon },
  { field: 'tiktok_url', label: 'TikTok', Icon: TiktokIcon },
  { field: 'youtube_url', label: 'YouTube', Icon: YoutubeIcon },
];

/** The non-empty social links, in a fixed order (also the JSON-LD sameAs list). */
export const socialLinks = (site: SiteSettings) =>
  SOCIAL.filter(({ field }) => site[field]).map((s) => ({ ...s, url: site[s.field] }));

// At least 44 px tall: easy to tap on a phone (WCAG 2.5.8 asks for 24).
const link =
  'inline-flex min-h-11 items-center rounded text-ink-200 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400';

export function SiteFooter({ onHomePage }: { onHomePage: boolean }) {
  const { site, today } = usePageData();
  const year = today.slice(0, 4);
  return (
    <footer className="below-fold room-for-consent border-t border-white/10 bg-ink-950 text-ink-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.5fr_1.4fr_1fr] lg:px-8">
        <div className="sm:col-span-2 lg:col-span-1">
          <a href={onHomePage ? '#top' : '/'} className={`gap-3 ${link}`} data-track="footer-logo">
            <LogoMark className="size-10" />
            <span className="font-display text-2xl font-bold tracking-wide text-white uppercase">
              {site.trading_name}
            </span>
          </a>
          <p className="mt-4 max-w-sm">
            The mobile interactive airsoft target range for festivals, corporate events and private parties
            across the UK.
          </p>
          <SocialLinks site={site} />
        </div>
        <ContactColumn site={site} />
        <InformationColumn />
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto max-w-7xl space-y-1 px-4 py-6 text-sm text-ink-300 sm:px-6 lg:px-8">
          <p>
            © {year} {site.company_name}. Company number {site.company_number}.
          </p>
          <p>Registered office: {site.registered_address}</p>
        </div>
      </div>
    </footer>
  );
}

/** The round social media buttons, when the site settings have any. */
function SocialLinks({ site }: { site: SiteSettings }) {
  const social = socialLinks(site);
  if (social.length === 0) return null;
  return (
    <ul className="mt-6 flex gap-3" aria-label="Social media">
      {social.map(({ field, label, Icon, url }) => (
        <li key={field}>
          <a
            href={url}
            target="_blank"
            rel="noopener"
            aria-label={`${label} (opens in a new tab)`}
            data-track={`footer-social-${label.toLowerCase()}`}
            className="grid size-11 place-items-center rounded-full border border-white/15 text-white transition hover:border-accent-400 hover:bg-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400"
          >
            <Icon className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}

function ContactColumn({ site }: { site: SiteSettings }) {
  return (
    <div>
      <h2 className="font-display text-lg font-bold tracking-widest text-white uppercase">Contact</h2>
      <ul className="mt-2">
        <li>
          <a href={telHref(site.phone)} className={`gap-2 ${link}`} data-track="footer-phone">
            <Phone aria-hidden="true" className="size-4 text-accent-400" />
            {site.phone}
          </a>
        </li>
        <li>
          <a
            href={`mailto:${site.email}`}
            className={`gap-2 [overflow-wrap:anywhere] ${link}`}
            data-track="footer-email"
          >
            <Mail aria-hidden="true" className="size-4 shrink-0 text-accent-400" />
            {site.email}
          </a>
        </li>
      </ul>
    </div>
  );
}

/** The legal pages and the cookie choice. */
function InformationColumn() {
  return (
    <div>
      <h2 className="font-display text-lg font-bold tracking-widest text-white uppercase">Information</h2>
      <ul className="mt-2">
        <li>
          <a href="/legal-notice" className={link} data-track="footer-legal-notice">
            Legal Notice
          </a>
        </li>
        <li>
          <a href="/privacy-policy" className={link} data-track="footer-privacy-policy">
            Privacy Policy
          </a>
        </li>
        <li>
          <Island name="cookie-settings" props={{ className: `cursor-pointer text-left ${link}` }} />
        </li>
      </ul>
    </div>
  );
}
