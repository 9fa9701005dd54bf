// The form's checks (react-hook-form, zod, the schema) are a chunk of their own, downloaded on the
// form's first focus; a submission made before they arrive waits for them (enquiry-checks.tsx).
import { useCallback, useRef, useState, type ComponentType } from 'react';
import type { EnquiryChecks, EnquiryChecksProps } from './enquiry-checks.tsx';

type ChecksComponent = ComponentType<EnquiryChecksProps>;
let checksChunk: Promise<ChecksComponent> | null = null;
/** The checks' chunk (react-hook-form, zod, the schema), once; a failed download may be retried. */
function loadChecks(): Promise<ChecksComponent> {
  checksChunk ??= import('./enquiry-checks.tsx').then(
    (module) => module.default,
    (error: unknown) => {
      checksChunk = null;
      throw error;
    },
  );
  return checksChunk;
}

/** The checks: downloaded on first focus, then attached to the form's inputs by `Checks`. */
export function useLazyChecks() {
  const [Checks, setChecks] = useState<ChecksComponent | null>(null);
  const checks = useRef<EnquiryChecks | null>(null);
  const checksWaiting = useRef<((checks: EnquiryChecks | null) => void)[]>([]);

  const startChecks = useCallback(() => {
    loadChecks().then(
      (component) => setChecks(() => component),
      () => {
        // Not downloadable just now: whoever waits sends without them (the server checks anyway).
        checksWaiting.current.splice(0).forEach((wake) => wake(null));
      },
    );
  }, []);

  const onChecksReady = useCallback((attached: EnquiryChecks) => {
    checks.current = attached;
    checksWaiting.current.splice(0).forEach((wake) => wake(attached));
  }, []);

  /** The attached checks, once they are; null if they could not be downloaded. */
  const whenChecked = (): Promise<EnquiryChecks | null> => {
    if (checks.current) return Promise.resolve(checks.current);
    const attached = new Promise<EnquiryChecks | null>((resolve) => checksWaiting.current.push(resolve));
    startChecks();
    return attached;
  };

  return { Checks, checks, startChecks, onChecksReady, whenChecked };
}
