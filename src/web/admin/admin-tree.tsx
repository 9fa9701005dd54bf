// The admin client's whole tree, rendered alike in the browser (main.tsx) and at build time for the
// screens written into the page in advance (prerender.tsx): hydrating that markup needs the same
// providers around the same screens. Only the router differs, and routers render no markup.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { AdminApp } from './app.tsx';

export const adminQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export function AdminTree({
  queryClient,
  Router,
}: {
  queryClient: QueryClient;
  Router: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Router>
          <AdminApp />
        </Router>
      </QueryClientProvider>
    </StrictMode>
  );
}
