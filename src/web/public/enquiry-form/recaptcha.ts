// Google reCAPTCHA v3, loaded on demand: the script (a third-party request) is only added once the
// visitor starts filling the enquiry form, never with the page.

export interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';

let loading: Promise<Grecaptcha> | null = null;

export function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${RECAPTCHA_SCRIPT}?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () =>
      window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error('no grecaptcha'));
    script.onerror = () => {
      // Let a later attempt try again (e.g. the visitor was briefly offline).
      loading = null;
      script.remove();
      reject(new Error('reCAPTCHA failed to load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
