// The screen to come back to after signing in again (issue 28, decision 0441): the path and query the
// admin was on when the session ended without them asking (inactivity, an expired session) or that
// they opened while signed out. Kept per tab (sessionStorage): each tab returns to its own screen. A
// screen left by an inactivity sign-out belongs to that admin; someone else signing in starts at the
// dashboard. A logout the admin chose forgets it.

export type ReturnStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const RETURN_KEY = 'adminReturnTo';
/** The signed-out screens: never somewhere to come back to. */
const SIGNED_OUT_PATHS = /^\/admin\/(login|forgot-password|reset-password)(\/|\?|$)/;

interface ReturnTarget {
  path: string;
  /** Whose screen it was; null when nobody was known to be signed in (a link opened signed out). */
  userId: number | null;
}

/** An admin screen of this site: a path under /admin, never another origin or a signed-out page. */
export function isReturnablePath(path: string): boolean {
  return /^\/admin(\/|\?|$)/.test(path) && !path.startsWith('//') && !SIGNED_OUT_PATHS.test(path);
}

function read(storage: ReturnStorage): ReturnTarget | null {
  try {
    const target: unknown = JSON.parse(storage.getItem(RETURN_KEY) ?? 'null');
    if (typeof target !== 'object' || target === null) return null;
    const { path, userId } = target as Record<string, unknown>;
    if (typeof path !== 'string' || !isReturnablePath(path)) return null;
    return { path, userId: typeof userId === 'number' ? userId : null };
  } catch {
    return null;
  }
}

export function returnStore(storage: ReturnStorage) {
  return {
    /**
     * Remembers `path`. Without a user id the one already remembered for the same path is kept: the
     * guard sees the screen an inactivity sign-out has just recorded with its admin.
     */
    remember(path: string, userId: number | null): void {
      if (!isReturnablePath(path)) return;
      const known = read(storage);
      const owner = userId ?? (known?.path === path ? known.userId : null);
      storage.setItem(RETURN_KEY, JSON.stringify({ path, userId: owner } satisfies ReturnTarget));
    },
    pending: (): boolean => read(storage) !== null,
    /** The screen for `userId` to go back to, if any; forgotten either way. */
    take(userId: number): string | null {
      const target = read(storage);
      storage.removeItem(RETURN_KEY);
      return target && (target.userId === null || target.userId === userId) ? target.path : null;
    },
    forget(): void {
      storage.removeItem(RETURN_KEY);
    },
  };
}

/** This tab's store; read lazily so importing this module touches no storage. */
export const browserReturn = () => returnStore(sessionStorage);
