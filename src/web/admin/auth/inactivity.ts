// After more than 5 minutes without mouse, key, scroll, touch or click activity the admin is logged out with
// an alert (docs/product.md#sign-in). Issue 16 adds a warning a minute before, with a countdown, that any
// activity dismisses. A 30 s check would do for the logout alone; a countdown needs a 1 s tick, which
// also makes the logout land on time rather than up to 30 s late (docs/decisions/0414).
import { useEffect, useRef, useState } from 'react';
import { ADMIN_INACTIVITY_TIMEOUT_MS, ADMIN_INACTIVITY_WARNING_MS } from '#shared/constants.ts';

export const INACTIVITY_MESSAGE = 'You have been logged out due to inactivity.';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'click'] as const;
const TICK_MS = 1000;

/**
 * Signs the admin out after the inactivity limit. Returns the whole seconds left while the warning is
 * due (the last minute), else null.
 */
export function useInactivityLogout(onTimeout: () => void | Promise<void>): number | null {
  // Set when the watch starts (the effect below), not while rendering.
  const lastActivity = useRef(0);
  const latestOnTimeout = useRef(onTimeout);
  const warning = useRef(false);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  useEffect(() => {
    latestOnTimeout.current = onTimeout;
  }, [onTimeout]);

  useEffect(() => {
    lastActivity.current = Date.now();
    const markActive = () => {
      lastActivity.current = Date.now();
      if (warning.current) {
        warning.current = false;
        setSecondsLeft(null);
      }
    };
    // Capture, so scrolling inside a panel (scroll does not bubble) counts too.
    const options = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, markActive, options);
    const timer = setInterval(() => {
      const leftMs = ADMIN_INACTIVITY_TIMEOUT_MS - (Date.now() - lastActivity.current);
      if (leftMs <= 0) {
        clearInterval(timer);
        warning.current = false;
        setSecondsLeft(null);
        void latestOnTimeout.current();
        window.alert(INACTIVITY_MESSAGE);
        return;
      }
      warning.current = leftMs <= ADMIN_INACTIVITY_WARNING_MS;
      setSecondsLeft(warning.current ? Math.ceil(leftMs / 1000) : null);
    }, TICK_MS);
    return () => {
      clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, markActive, options);
    };
  }, []);
  return secondsLeft;
}
