// The cookie choice (SPEC §4): a non-modal banner fixed to the bottom of the screen (a bottom sheet on
// phones, a card on wider screens), so it never shifts the page. Accept and Decline look exactly
// alike: neither answer is nudged.
import { Cookie, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { acceptCookies, closeConsentBanner, declineCookies, type ConsentState } from './consent-store.ts';

const CHOICE_BUTTON =
  'min-h-12 w-full rounded-lg border-2 border-ink-50 bg-ink-50 px-4 font-display text-lg font-semibold uppercase tracking-wider text-ink-950 transition-colors hover:border-white hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400';

const CURRENT_CHOICE: Record<ConsentState['choice'], string | null> = {
  unset: null,
  accepted: 'You have accepted analytics cookies.',
  declined: 'You have declined analytics cookies.',
};

export function ConsentBanner({ consent }: { consent: ConsentState }) {
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);

  // Opened on purpose from 'Cookie settings': move focus in (and back out afterwards). Shown on its
  // own after load: leave focus where the visitor is.
  useEffect(() => {
    if (!consent.reopened) return;
    opener.current = document.activeElement;
    panel.current?.focus();
    return () => {
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    };
  }, [consent.reopened]);

  const current = consent.reopened ? CURRENT_CHOICE[consent.choice] : null;

  return (
    <div
      ref={panel}
      role="dialog"
      aria-modal="false"
      aria-labelledby="cookie-consent-title"
      aria-describedby="cookie-consent-text"
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') closeConsentBanner();
      }}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-ink-600 bg-ink-800 px-5 pt-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-ink-100 shadow-[0_-12px_40px_rgb(0_0_0/0.5)] outline-none motion-safe:animate-fade-up sm:inset-x-auto sm:bottom-4 sm:left-4 sm:w-[26rem] sm:rounded-card sm:border sm:p-6"
    >
      <div className="flex items-start gap-3">
        <Cookie className="mt-0.5 size-6 shrink-0 text-accent-400" aria-hidden="true" />
        <h2
          id="cookie-consent-title"
          className="flex-1 font-display text-xl font-semibold uppercase tracking-wide text-ink-50"
        >
          Cookies on this site
        </h2>
        {consent.reopened && consent.choice !== 'unset' && (
          <button
            type="button"
            onClick={closeConsentBanner}
            aria-label="Close cookie settings"
            className="-mt-1 -mr-2 inline-flex size-11 items-center justify-center rounded-lg text-ink-200 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-accent-400"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        )}
      </div>
      <p id="cookie-consent-text" className="mt-3 text-sm leading-relaxed text-ink-200">
        With your permission we set a cookie with a random visitor number and count page visits, button clicks
        and the sections you read, to learn what is useful. Nothing is stored or sent unless you accept, and
        you can change your mind at any time.{' '}
        <a
          href="/privacy-policy"
          className="font-semibold text-accent-300 underline underline-offset-2 hover:text-accent-400 focus-visible:outline-2 focus-visible:outline-accent-400"
        >
          Privacy Policy
        </a>
      </p>
      {current && <p className="mt-2 text-sm font-semibold text-ink-50">{current}</p>}
      <div className="mt-5 grid grid-cols-2 gap-3">
        <button type="button" onClick={acceptCookies} className={CHOICE_BUTTON}>
          Accept
        </button>
        <button type="button" onClick={declineCookies} className={CHOICE_BUTTON}>
          Decline
        </button>
      </div>
    </div>
  );
}
