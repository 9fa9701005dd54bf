// The public side: one component tree rendered on the server; in the browser only its islands
// (islands/islands.ts) are hydrated, each as a root of its own, with the same data.
import type { PageData } from '#shared/page-data.ts';
import { Island } from './islands/island.tsx';
import { PageDataProvider } from './page-data-context.tsx';
import { LandingPage } from './pages/landing.tsx';
import { LegalNoticePage } from './pages/legal-notice.tsx';
import { SkipLink } from './pages/legal-layout.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { PrivacyPolicyPage } from './pages/privacy-policy.tsx';

export type PublicPage = 'landing' | 'legal-notice' | 'privacy-policy' | 'not-found';

export function resolvePage(path: string): PublicPage {
  if (path === '/') return 'landing';
  if (path === '/legal-notice') return 'legal-notice';
  if (path === '/privacy-policy') return 'privacy-policy';
  return 'not-found';
}

const PAGES = {
  landing: LandingPage,
  'legal-notice': LegalNoticePage,
  'privacy-policy': PrivacyPolicyPage,
  'not-found': NotFoundPage,
} as const;

export function PublicApp({ path, data }: { path: string; data: PageData }) {
  const Page = PAGES[resolvePage(path)];
  return (
    <PageDataProvider data={data}>
      <SkipLink />
      {/* Early in the page, so the cookie choice is a couple of Tabs away once it shows (issue 16). */}
      <Island name="consent" />
      <Page />
      <Island name="toasts" />
    </PageDataProvider>
  );
}
