// The footer's 'Cookie settings' link: reopens the consent banner so a visitor can change or withdraw
// their choice (docs/product.md#consent).
import { openConsentSettings } from './consent-store.ts';

export function CookieSettingsButton({ className = '' }: { className?: string }) {
  return (
    <button type="button" onClick={openConsentSettings} className={className}>
      Cookie settings
    </button>
  );
}
