// Whether this render is in the browser after hydration: false in markup written on the server or at
// build time, and in the browser while that markup is being hydrated (so both render alike); true
// from the first render after, and at once for a tree the browser renders from nothing.
import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
