// Mounted once per page (app.tsx), the first island to hydrate: reads the stored cookie choice,
// starts tracking when it is consent, and shows the banner 2 s after load when there is no choice
// yet. Renders nothing on the server, so the markup always matches.
import { useEffect } from 'react';
import { ConsentBanner } from './consent-banner.tsx';
import { initConsent, useConsent } from './consent-store.ts';

export function ConsentRoot() {
  const consent = useConsent();
  useEffect(() => initConsent(), []);
  return consent.bannerOpen ? <ConsentBanner consent={consent} /> : null;
}
