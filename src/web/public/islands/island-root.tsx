// The tree of one island, the same on the server (entry-server.tsx) and in the browser
// (hydrate-island.tsx), so its markup and its useId ids match: the page's data around the island's
// component, and a signal once it has hydrated.
import { StrictMode, useEffect, type ComponentType, type ReactElement, type ReactNode } from 'react';
import type { PageData } from '#shared/page-data.ts';
import { PageDataProvider } from '../page-data-context.tsx';

/** Calls `onHydrated` after the island's own effects (a parent's effects run after its children's). */
function Hydrated({ onHydrated, children }: { onHydrated?: () => void; children: ReactNode }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return children;
}

export function islandRoot<P extends object>(
  Component: ComponentType<P>,
  props: P,
  data: PageData,
  onHydrated?: () => void,
): ReactElement {
  return (
    <StrictMode>
      <PageDataProvider data={data}>
        <Hydrated onHydrated={onHydrated}>
          <Component {...props} />
        </Hydrated>
      </PageDataProvider>
    </StrictMode>
  );
}
