// The admin client (loaded only by admin.html under /admin/*).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
// Before any module that defines a schema (see zod-without-eval.ts), but after the libraries the
// public pages share: imported first, it would drag admin code into the public pages' shared chunk.
import './zod-without-eval.ts';
import { configureAuth } from '../lib/api-client.ts';
import { AdminApp } from './app.tsx';
import { tokenStore } from './auth/token-store.ts';
import './styles.css';

// Any 401 on a signed-in request means the session is over: forget it and the guard shows login.
configureAuth({ token: tokenStore.token, onUnauthorized: () => tokenStore.clear() });

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AdminApp />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
