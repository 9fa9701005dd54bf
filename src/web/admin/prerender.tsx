// Build time only (scripts/build-web.ts): the markup of the admin screens that are written into their
// page (docs/decisions/0478), rendered by the very tree the browser hydrates, as nobody signed in.
// React waits for every lazy screen, so the markup is whole and needs no script to show. And the
// signed-in frame the other screens' pages show until the client draws them (decision 0486).
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Route, Routes, StaticRouter } from 'react-router';
import './zod-without-eval.ts';
import { AdminTree, adminQueryClient } from './admin-tree.tsx';
import { PageHeader } from '../components/admin-ui.tsx';
import { AdminLayout } from './layout.tsx';
import { isSignedInScreen, SCREEN_TITLES } from './screen-titles.ts';
import { staticMarkup, withButtonsDisabled } from './static-markup.ts';

/** The markup for inside the root element when the page is opened at `path`. */
export async function prerenderAdminScreen(path: string): Promise<string> {
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  return staticMarkup(<AdminTree queryClient={adminQueryClient()} Router={Router} />);
}

/**
 * The signed-in layout at `path` with only the screen's heading in its main part: the bar (a phone's)
 * or the sidebar with the screen's entry marked (a laptop's), and no one's name. The client replaces
 * it with the same layout and the screen in its first render.
 */
export async function prerenderSignedInFrame(path: string): Promise<string> {
  const screen = path.replace(/^\/admin\//, '');
  if (!isSignedInScreen(screen)) throw new Error(`${path} is not a signed-in admin screen`);
  const frame = await staticMarkup(
    <QueryClientProvider client={adminQueryClient()}>
      <StaticRouter location={path}>
        <Routes>
          <Route path="/admin" element={<AdminLayout />}>
            <Route path="*" element={<PageHeader title={SCREEN_TITLES[screen]} />} />
          </Route>
        </Routes>
      </StaticRouter>
    </QueryClientProvider>,
  );
  return withButtonsDisabled(frame);
}
