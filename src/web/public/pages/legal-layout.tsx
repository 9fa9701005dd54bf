// The frame of the legal pages and the 404 page: the site header (its anchors lead to the home
// page), a Back to Home button, the page's text and the footer with the company registration.
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SiteSettings } from '#shared/schemas/site.ts';
import { Island } from '../islands/island.tsx';
import { telHref } from '../sections/contact.tsx';
import { SiteFooter } from '../sections/footer.tsx';
import { SiteHeader } from '../sections/header.tsx';

/** Rendered once per page by PublicApp, as the first thing a Tab reaches. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-accent-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}

export function BackToHome({ className = '' }: { className?: string }) {
  return (
    <a
      href="/"
      data-track="back-to-home"
      className={`inline-flex min-h-11 items-center gap-2 rounded-lg border-2 border-white/70 px-5 font-display font-semibold tracking-wider text-white uppercase transition hover:border-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 ${className}`}
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
      Back to Home
    </a>
  );
}

export function LegalLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <Island name="opens-at-top" />
      <SiteHeader onHomePage={false} />
      <main id="main" className="bg-ink-900">
        <div className="border-b border-white/10 bg-ink-950">
          <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
            <BackToHome />
            <h1 className="mt-8 font-display text-5xl leading-none font-bold text-white uppercase sm:text-6xl">
              {title}
            </h1>
            {intro && <div className="mt-4 text-ink-200">{intro}</div>}
          </div>
        </div>
        <article className="legal-text mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">{children}</article>
      </main>
      <SiteFooter onHomePage={false} />
    </>
  );
}

/**
 * A legal page's list of the company's details: the ones the page names first, then its telephone and
 * e-mail as links.
 */
export function ContactList({ site, children }: { site: SiteSettings; children: ReactNode }) {
  return (
    <dl>
      {children}
      <dt>Telephone</dt>
      <dd>
        <a href={telHref(site.phone)}>{site.phone}</a>
      </dd>
      <dt>E-mail</dt>
      <dd>
        <a href={`mailto:${site.email}`}>{site.email}</a>
      </dd>
    </dl>
  );
}
