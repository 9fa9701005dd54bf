// SPEC §4: checked every 30 s; after more than 5 minutes without mouse, key, scroll, touch or click
// activity the admin is logged out with an alert.
import { useEffect, useRef } from 'react';
import { ADMIN_INACTIVITY_CHECK_MS, ADMIN_INACTIVITY_TIMEOUT_MS } from '../../../shared/constants.ts';

export const INACTIVITY_MESSAGE = 'You have been logged out due to inactivity.';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'click'] as const;

export function useInactivityLogout(onTimeout: () => void | Promise<void>): void {
  const lastActivity = useRef(Date.now());
  const latestOnTimeout = useRef(onTimeout);
  useEffect(() => {
    latestOnTimeout.current = onTimeout;
  }, [onTimeout]);

  useEffect(() => {
    lastActivity.current = Date.now();
    const markActive = () => {
      lastActivity.current = Date.now();
    };
    // Capture, so scrolling inside a panel (scroll does not bubble) counts too.
    const options = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, markActive, options);
    const timer = setInterval(() => {
      if (Date.now() - lastActivity.current <= ADMIN_INACTIVITY_TIMEOUT_MS) return;
      clearInterval(timer);
      void latestOnTimeout.current();
      window.alert(INACTIVITY_MESSAGE);
    }, ADMIN_INACTIVITY_CHECK_MS);
    return () => {
      clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, markActive, options);
    };
  }, []);
}
