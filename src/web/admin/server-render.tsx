// On request, on the server: a signed-in screen drawn with the admin's own data (decision 0491), so
// the owner's phone shows the dashboard or the calendar with the stylesheet, before any script. It is
// the very tree the browser renders (admin-tree.tsx), asking the API the same questions, which the
// server answers in-process with the session the page's cookie carried. Bundled beside the public
// pages' renderer (vite.config.ts) and loaded by the server on the first such page.
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router';
import './zod-without-eval.ts';
import type { AdminApiFetch, DrawSignedInScreen } from '#shared/admin-prerendered.ts';
import { configureTransport } from '../lib/api-client.ts';
import { AdminTree, adminQueryClient } from './admin-tree.tsx';
import { SignedInOnServer } from './auth/token-store.ts';
import { staticMarkup, withButtonsDisabled } from './static-markup.ts';

// Each page being drawn has its own admin: the transport finds the one of the render it serves.
const pageApi = new AsyncLocalStorage<AdminApiFetch>();
configureTransport((url, init) => {
  const send = pageApi.getStore();
  return send ? send(url, init) : Promise.reject(new Error(`no admin page is being drawn for ${url}`));
});

/** The tree at `path`, signed in, with what `queryClient` holds; lazy screens are waited for. */
async function draw(path: string, queryClient: QueryClient): Promise<string> {
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  return staticMarkup(
    <SignedInOnServer value={true}>
      <AdminTree queryClient={queryClient} Router={Router} />
    </SignedInOnServer>,
  );
}

/** A request the screen makes now, not one waiting on a choice (`enabled: false`, a panel not open). */
function askedNow(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

/**
 * The signed-in screen at `path` (and its query), drawn with the answers `api` gives: a first render
 * names the requests the screen makes, they are answered, and a second render draws with them.
 * Null when any of them fails (a session that ended, a role without access): the page then shows
 * the signed-in frame and the client takes over, as without the cookie.
 */
export const drawSignedInScreen: DrawSignedInScreen = (path, api) =>
  pageApi.run(api, async () => {
    const queryClient = adminQueryClient();
    await draw(path, queryClient);
    const asked = queryClient.getQueryCache().getAll().filter(askedNow);
    await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    if (asked.some((query) => query.state.status !== 'success')) return null;
    const markup = withButtonsDisabled(await draw(path, queryClient));
    return { markup, state: dehydrate(queryClient) };
  });
