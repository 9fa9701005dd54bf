// The admin client, loaded only under /admin/*: by the shell's copies, or by after-paint.ts on a page
// whose screen was written in at build time or drawn by the server.
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
// Before any module that defines a schema (see zod-without-eval.ts), but after the libraries the
// public pages share: imported first, it would drag admin code into the public pages' shared chunk.
import './zod-without-eval.ts';
import { configureAuth } from '../lib/api-client.ts';
import { AdminTree, adminQueryClient } from './admin-tree.tsx';
import { SignedInOnServer, tokenStore } from './auth/token-store.ts';
import {
  PRERENDERED_ATTRIBUTE,
  QUERY_STATE_ID,
  SERVER_DRAWN_ATTRIBUTE,
  SIGNED_IN_FRAME_ATTRIBUTE,
  UNTIL_SCRIPT_ATTRIBUTE,
} from '#shared/admin-prerendered.ts';
import { preloadSignedInScreen } from './app.tsx';
import './styles.css';

// Any 401 on a signed-in request means the session is over: forget it and the guard shows login.
configureAuth({ token: tokenStore.token, onUnauthorized: () => tokenStore.clear() });
tokenStore.keepCookie();

/** The answers a screen drawn by the server was drawn from (decision 0491), if the page has them. */
function drawnFrom(): DehydratedState | undefined {
  const block = document.getElementById(QUERY_STATE_ID);
  return block?.textContent ? (JSON.parse(block.textContent) as DehydratedState) : undefined;
}

/**
 * Starts the client in `root`. The sign-in screen arrives written into the page (docs/decisions/0478):
 * it is hydrated, so what the owner typed before the script arrived stays. A signed-in screen's page
 * holds the signed-in frame (decision 0486): for a signed-in admin the layout and the screen are
 * fetched first, so the client's first render draws them where the frame was, with no blank between;
 * for anyone else the frame goes and the sign-in screen comes. Each is a transition, which React does
 * in slices that leave the phone free between them for a tap or a keystroke, not one long task.
 */
async function start(root: HTMLElement) {
  const queryClient = adminQueryClient();
  const tree = <AdminTree queryClient={queryClient} Router={BrowserRouter} />;
  const { pathname } = window.location;
  if (root.getAttribute(PRERENDERED_ATTRIBUTE) === pathname) {
    startTransition(() => void hydrateRoot(root, tree));
    return;
  }
  if (root.hasAttribute(SERVER_DRAWN_ATTRIBUTE) && tokenStore.token()) return hydrateDrawn(root, queryClient);
  // React empties the root at its first commit; the frame stays on screen until then.
  // A chunk that fails to arrive here is asked for again by the render, which says so if it fails.
  if (root.hasAttribute(SIGNED_IN_FRAME_ATTRIBUTE) && tokenStore.token())
    await preloadSignedInScreen(pathname).catch(() => undefined);
  else root.replaceChildren();
  root.removeAttribute(SIGNED_IN_FRAME_ATTRIBUTE);
  root.removeAttribute(SERVER_DRAWN_ATTRIBUTE);
  startTransition(() => createRoot(root).render(tree));
}

/**
 * A screen the server drew (decision 0491) is hydrated from the answers it was drawn from, once its
 * chunks are here: the very elements on screen stay (nothing is painted twice, nothing moves), and
 * its buttons come alive. Hydrated as the server drew it, signed in; the browser's own session
 * follows in the next render.
 */
async function hydrateDrawn(root: HTMLElement, queryClient: QueryClient) {
  const answers = drawnFrom();
  if (answers) hydrate(queryClient, answers);
  await preloadSignedInScreen(window.location.pathname).catch(() => undefined);
  for (const button of root.querySelectorAll(`[${UNTIL_SCRIPT_ATTRIBUTE}]`)) {
    button.removeAttribute('disabled');
    button.removeAttribute(UNTIL_SCRIPT_ATTRIBUTE);
  }
  root.removeAttribute(SERVER_DRAWN_ATTRIBUTE);
  const tree = (
    <SignedInOnServer value={true}>
      <AdminTree queryClient={queryClient} Router={BrowserRouter} />
    </SignedInOnServer>
  );
  startTransition(() => void hydrateRoot(root, tree));
}

const root = document.getElementById('root');
if (root) void start(root);
