// The dashboard's greeting (issue 28): 'Welcome back' only to someone who has been here before. The
// server keeps no count of an admin's sign-ins that the screen could ask, so this browser remembers
// whom it has welcomed; an admin new to it is welcomed for the first time, and stays so until the
// page is loaded again (not 'back' on returning to the dashboard a minute later).
import { useContext, useEffect, useMemo } from 'react';
import { SignedInOnServer } from '../../auth/token-store.ts';

const WELCOMED_KEY = 'adminWelcomed';
/** Admins welcomed for the first time since this page loaded. */
const firstWelcomes = new Set<number>();

function welcomed(): number[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(WELCOMED_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

function remember(id: number): void {
  try {
    localStorage.setItem(WELCOMED_KEY, JSON.stringify([...new Set([...welcomed(), id])]));
  } catch {
    // A private window or a full storage: next time is a first welcome again, which is harmless.
  }
}

export function useWelcome(me: { id: number; username: string } | undefined): string {
  const id = me?.id;
  // A dashboard the server drew (decision 0491) is of an admin this browser signed in before, whose
  // sign-in led here: it is a welcome back, on the server and in the browser that hydrates it alike.
  const drawnOnServer = useContext(SignedInOnServer);
  const first = useMemo(
    () => !drawnOnServer && id !== undefined && (firstWelcomes.has(id) || !welcomed().includes(id)),
    [id, drawnOnServer],
  );
  useEffect(() => {
    if (id === undefined || !first) return;
    firstWelcomes.add(id);
    remember(id);
  }, [id, first]);
  if (!me) return 'An overview of your website.';
  return first
    ? `Welcome, ${me.username}. Here is an overview of your website.`
    : `Welcome back, ${me.username}.`;
}
