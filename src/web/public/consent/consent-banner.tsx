// The cookie choice (docs/product.md#consent): a non-modal, labelled region placed at the start of the page
// (right after the skip link), so a keyboard user reaches Accept in three Tabs; it is fixed on screen, so it
// never shifts the page, and placed where it does not cover the hero's buttons (docs/decisions/0413): under
// the header on phones and tablets, in the bottom-right corner on wider screens (the hero's text and buttons
// are on the left). Accept and Decline look exactly alike: neither answer is nudged. Shown on its own it
// leaves focus where the visitor is; after a choice focus goes back to where the visitor was before entering
// it, never to <body>. While it is open it hides nothing for good (issue 28): the page keeps room for it at
// its end, and a control reached by Tab is scrolled clear of it. On a phone it is short (a short text,
// smaller buttons): it covers a fifth of the screen.
import { Cookie, X } from 'lucide-react';
import { useEffect, useRef, type FocusEvent, type RefObject } from 'react';
import { acceptCookies, closeConsentBanner, declineCookies, type ConsentState } from './consent-store.ts';

const CHOICE_BUTTON =
  'min-h-11 w-full rounded-lg border-2 border-ink-50 bg-ink-50 px-4 font-display text-base font-semibold md:min-h-12 md:text-lg uppercase tracking-wider text-ink-950 transition-colors hover:border-white hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400';

const CURRENT_CHOICE: Record<ConsentState['choice'], string | null> = {
  unset: null,
  accepted: 'You have accepted analytics cookies.',
  declined: 'You have declined analytics cookies.',
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first control after `element` in the page: where a Tab out of the banner would have gone. */
function nextFocusable(element: HTMLElement): HTMLElement | null {
  for (const candidate of document.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    const follows = element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (follows && !element.contains(candidate) && candidate.getClientRects().length > 0) return candidate;
  }
  return null;
}

/**
 * Focus around the banner: moved in when it is opened from 'Cookie settings', and `returnFocus` takes
 * it back to where the visitor was before entering the banner (never to <body>) just before it goes.
 */
function useBannerFocus(reopened: boolean) {
  const panel = useRef<HTMLElement>(null);
  /** Where the visitor was before focus entered the banner. */
  const cameFrom = useRef<HTMLElement | null>(null);

  // Opened on purpose from 'Cookie settings': move focus in (and back to that button afterwards).
  // Shown on its own after load: leave focus where the visitor is.
  useEffect(() => {
    if (!reopened) return;
    const opener = document.activeElement;
    if (opener instanceof HTMLElement && opener !== document.body) cameFrom.current = opener;
    panel.current?.focus();
  }, [reopened]);

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !panel.current?.contains(from)) cameFrom.current = from;
  };

  /** Called just before the banner goes: focus must not be left on <body> when it disappears. */
  const returnFocus = () => {
    const own = panel.current;
    const active = document.activeElement;
    if (!own || (active && active !== document.body && !own.contains(active))) return;
    const back = cameFrom.current?.isConnected ? cameFrom.current : nextFocusable(own);
    // No scrolling: the visitor keeps looking at what they were looking at.
    back?.focus({ preventScroll: true });
  };

  return { panel, onFocus, returnFocus };
}

/**
 * Room for the banner while it is open, as CSS properties the page's stylesheet uses (styles.css):
 * at the bottom of a wide screen, `--consent-bottom` is added below the page's end (so the footer's
 * links can be scrolled above the banner) and to the scroll padding (so a control reached by Tab is
 * scrolled clear of it); under the header on a phone, `--consent-top` is the scroll padding at the top.
 */
function useRoomForBanner(panel: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const own = panel.current;
    if (!own) return;
    const root = document.documentElement.style;
    const measure = () => {
      const box = own.getBoundingClientRect();
      const atBottom = box.top > window.innerHeight / 2;
      root.setProperty('--consent-bottom', atBottom ? `${Math.ceil(window.innerHeight - box.top)}px` : '0px');
      root.setProperty('--consent-top', atBottom ? '0px' : `${Math.ceil(box.bottom)}px`);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(own);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      root.removeProperty('--consent-bottom');
      root.removeProperty('--consent-top');
    };
  }, [panel]);
}

export function ConsentBanner({ consent }: { consent: ConsentState }) {
  const { panel, onFocus, returnFocus } = useBannerFocus(consent.reopened);
  useRoomForBanner(panel);

  const choose = (choice: () => void) => () => {
    returnFocus();
    choice();
  };

  const closable = consent.reopened && consent.choice !== 'unset';
  const current = consent.reopened ? CURRENT_CHOICE[consent.choice] : null;

  return (
    <section
      ref={panel}
      aria-labelledby="cookie-consent-title"
      aria-describedby="cookie-consent-text"
      tabIndex={-1}
      onFocus={onFocus}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && closable) choose(closeConsentBanner)();
      }}
      className="fixed inset-x-0 top-16 z-50 max-h-[calc(100svh-4rem)] overflow-y-auto border-b border-ink-600 bg-ink-800 px-4 py-3 text-ink-100 shadow-[0_12px_40px_rgb(0_0_0/0.5)] outline-none motion-safe:animate-fade-up sm:px-6 md:inset-x-auto md:top-auto md:right-4 md:bottom-4 md:w-80 md:rounded-card md:border md:p-5 lg:w-[26rem]"
    >
      <BannerTitle onClose={closable ? choose(closeConsentBanner) : null} />
      <p
        id="cookie-consent-text"
        className="mt-1.5 text-sm leading-snug text-ink-200 md:mt-3 md:leading-relaxed"
      >
        {/* The phone's text is the wide screen's, shortened: what is counted, and that nothing is
            stored without Accept. The random visitor number is in the Privacy Policy. */}
        <span className="md:hidden">
          With your permission a cookie lets us count visits, clicks and the sections you read. Nothing is
          stored unless you accept.
        </span>
        <span className="hidden md:inline">
          With your permission we set a cookie with a random visitor number and count page visits, button
          clicks and the sections you read, to learn what is useful. Nothing is stored or sent unless you
          accept, and you can change your mind at any time.
        </span>{' '}
        <a
          href="/privacy-policy"
          className="font-semibold text-accent-300 underline underline-offset-2 hover:text-accent-400 focus-visible:outline-2 focus-visible:outline-accent-400"
        >
          Privacy Policy
        </a>
      </p>
      {current && <p className="mt-2 text-sm font-semibold text-ink-50">{current}</p>}
      <div className="mt-3 grid grid-cols-2 gap-3 md:mt-4">
        <button type="button" onClick={choose(acceptCookies)} className={CHOICE_BUTTON}>
          Accept
        </button>
        <button type="button" onClick={choose(declineCookies)} className={CHOICE_BUTTON}>
          Decline
        </button>
      </div>
    </section>
  );
}

/** The banner's heading, with a close button when it can be closed without choosing (`onClose`). */
function BannerTitle({ onClose }: { onClose: (() => void) | null }) {
  return (
    <div className="flex items-start gap-3">
      <Cookie className="mt-0.5 size-5 shrink-0 text-accent-400 md:size-6" aria-hidden="true" />
      <h2
        id="cookie-consent-title"
        className="flex-1 font-display text-lg font-semibold uppercase tracking-wide text-ink-50 md:text-xl"
      >
        Cookies on this site
      </h2>
      {onClose && (
        <button
          type="button"
          onClick={onClose}
          aria-label="Close cookie settings"
          className="-mt-1 -mr-2 inline-flex size-11 items-center justify-center rounded-lg text-ink-200 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-accent-400"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
