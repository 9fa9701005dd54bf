// The admin client, loaded only under /admin/*: by the shell's copies, or by after-paint.ts on a page
// whose screen was written in at build time.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
// Before any module that defines a schema (see zod-without-eval.ts), but after the libraries the
// public pages share: imported first, it would drag admin code into the public pages' shared chunk.
import './zod-without-eval.ts';
import { configureAuth } from '../lib/api-client.ts';
import { AdminTree, adminQueryClient } from './admin-tree.tsx';
import { tokenStore } from './auth/token-store.ts';
import { PRERENDERED_ATTRIBUTE } from '#shared/admin-prerendered.ts';
import './styles.css';

// Any 401 on a signed-in request means the session is over: forget it and the guard shows login.
configureAuth({ token: tokenStore.token, onUnauthorized: () => tokenStore.clear() });

const root = document.getElementById('root');
if (root) {
  const tree = <AdminTree queryClient={adminQueryClient()} Router={BrowserRouter} />;
  // The sign-in screen arrives written into the page (docs/decisions/0478): it is hydrated, so what
  // the owner typed before the script arrived stays. Anything else is rendered from nothing. Either
  // is a transition, which React does in slices that leave the phone free between them for a tap or
  // a keystroke, rather than as one long task.
  startTransition(() => {
    if (root.getAttribute(PRERENDERED_ATTRIBUTE) === window.location.pathname) hydrateRoot(root, tree);
    else {
      root.replaceChildren();
      createRoot(root).render(tree);
    }
  });
}
