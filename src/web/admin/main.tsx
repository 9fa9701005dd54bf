// The admin client (loaded only by admin.html under /admin/*).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
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
