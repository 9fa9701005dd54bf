// The enquiry form's bot check, as set up by the server (PageData.captcha, the same answer as
// GET /api/captcha/config):
// - altcha (default): the ALTCHA widget, loaded with a dynamic import() on the form's first focus (so
//   it is not in the page's initial script), fetches its challenge from our own server at that moment
//   (the challenge's issue time starts the server's minimum fill time) and solves it in the browser;
// - recaptcha: Google's v3 script is loaded only once the visitor starts filling the form (no
//   third-party request before that), and a token is made for the configured action on submit;
// - off: an empty token.
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type DetailedHTMLProps,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import type { CaptchaSetup } from '#shared/page-data.ts';
import { loadRecaptcha } from './recaptcha.ts';
import { MIN_FILL_TIME_MS } from '#shared/constants.ts';

/** Longest wait at submit for a verification still in progress (a slow phone solving ALTCHA). */
export const CAPTCHA_WAIT_MS = 15_000;
/** Allowance for the challenge request between the widget starting and the server issuing it. */
const CHALLENGE_ISSUE_MARGIN_MS = 1000;

type WidgetState = 'idle' | 'loading' | 'verifying' | 'verified' | 'failed';

export interface Captcha {
  /** The visitor started on the form (first focus): load and start the check. */
  begin(): void;
  /** The token to send, or null when there is none; an empty string when the check is off. */
  token(): Promise<string | null>;
  /** A fresh check after the token was used or refused. */
  renew(): void;
  /**
   * When a submission stops looking automated to the server (ALTCHA: 3 s after the challenge was
   * issued); a person who pastes and sends faster is held back until then rather than filed as spam.
   */
  earliestSend(): number;
  /** What to show inside the form (the ALTCHA widget), if anything. */
  widget: ReactNode;
}

// The widget's attributes we use (the package's own JSX typings do not resolve under NodeNext).
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        auto?: 'off' | 'onfocus' | 'onload' | 'onsubmit';
        display?: 'standard' | 'bar' | 'floating' | 'overlay' | 'invisible';
        type?: 'native' | 'checkbox' | 'switch';
        name?: string;
      };
    }
  }
}

interface AltchaElement extends HTMLElement {
  verify?: () => Promise<unknown>;
  reset?: () => void;
}

interface StateChangeDetail {
  state?: string;
  payload?: string | null;
}

function useAltcha(challengeUrl: string): Captcha {
  const [shown, setShown] = useState(false);
  const element = useRef<AltchaElement | null>(null);
  const state = useRef<WidgetState>('idle');
  const payload = useRef<string | null>(null);
  const waiters = useRef(new Set<() => void>());
  const challengeAt = useRef(0);

  const settle = useCallback((next: WidgetState, token: string | null) => {
    state.current = next;
    payload.current = token;
    if (next === 'verified' || next === 'failed') {
      waiters.current.forEach((wake) => wake());
      waiters.current.clear();
    }
  }, []);

  useEffect(() => {
    const el = element.current;
    if (!shown || !el) return;
    let cancelled = false;
    let started = false;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<StateChangeDetail>).detail ?? {};
      if (detail.state === 'verified' && detail.payload) settle('verified', detail.payload);
      else if (detail.state === 'verifying') {
        challengeAt.current = Date.now();
        settle('verifying', null);
      } else if (detail.state === 'error' || detail.state === 'expired') settle('failed', null);
    };
    const verify = () => {
      if (cancelled || started || typeof el.verify !== 'function') return;
      started = true;
      el.verify().catch(() => settle('failed', null));
    };
    el.addEventListener('statechange', onStateChange);
    // The widget's methods exist once it has mounted, announced by its 'load' event.
    el.addEventListener('load', verify, { once: true });
    import('altcha').then(verify).catch(() => settle('failed', null));
    return () => {
      cancelled = true;
      el.removeEventListener('statechange', onStateChange);
      el.removeEventListener('load', verify);
    };
  }, [shown, settle]);

  const begin = useCallback(() => {
    if (state.current !== 'idle') return;
    state.current = 'loading';
    setShown(true);
  }, []);

  const token = useCallback(async () => {
    if (state.current === 'idle') begin();
    if (state.current === 'loading' || state.current === 'verifying') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, CAPTCHA_WAIT_MS);
        waiters.current.add(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return state.current === 'verified' ? payload.current : null;
  }, [begin]);

  const renew = useCallback(() => {
    const el = element.current;
    settle('verifying', null);
    if (el?.reset && el.verify) {
      el.reset();
      el.verify().catch(() => settle('failed', null));
    } else {
      state.current = 'idle';
    }
  }, [settle]);

  const widget = shown ? (
    <div className="[color-scheme:dark] [--altcha-border-color:var(--color-ink-500)] [--altcha-border-radius:0.5rem] [--altcha-color-base:var(--color-ink-900)] [--altcha-color-base-content:var(--color-ink-50)] [--altcha-color-neutral:var(--color-ink-500)] [--altcha-color-neutral-content:var(--color-ink-100)] [--altcha-color-success:var(--color-success-600)] [--altcha-max-width:100%]">
      <altcha-widget
        ref={(el: HTMLElement | null) => {
          element.current = el;
        }}
        challenge={challengeUrl}
        auto="off"
        type="checkbox"
        display="standard"
        suppressHydrationWarning
      />
    </div>
  ) : null;

  const earliestSend = useCallback(
    () => challengeAt.current + MIN_FILL_TIME_MS + CHALLENGE_ISSUE_MARGIN_MS,
    [],
  );

  return { begin, token, renew, earliestSend, widget };
}

function useRecaptcha(siteKey: string, action: string): Captcha {
  const begin = useCallback(() => {
    loadRecaptcha(siteKey).catch(() => undefined);
  }, [siteKey]);
  const token = useCallback(async () => {
    try {
      const grecaptcha = await loadRecaptcha(siteKey);
      return await new Promise<string | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), CAPTCHA_WAIT_MS);
        grecaptcha.ready(() => {
          grecaptcha.execute(siteKey, { action }).then(
            (value) => {
              clearTimeout(timer);
              resolve(value || null);
            },
            () => {
              clearTimeout(timer);
              resolve(null);
            },
          );
        });
      });
    } catch {
      return null;
    }
  }, [siteKey, action]);
  // Each execute() makes a fresh token: nothing to renew.
  return { begin, token, renew: () => undefined, earliestSend: () => 0, widget: null };
}

const noCheck: Captcha = {
  begin: () => undefined,
  token: () => Promise.resolve(''),
  renew: () => undefined,
  earliestSend: () => 0,
  widget: null,
};

/** A captcha that is misconfigured (no challenge URL or site key) never yields a token. */
const brokenCheck: Captcha = {
  begin: () => undefined,
  token: () => Promise.resolve(null),
  renew: () => undefined,
  earliestSend: () => 0,
  widget: null,
};

export function useCaptcha(setup: CaptchaSetup): Captcha {
  // The provider is fixed for the life of the page, so the hooks below are always called in the same
  // order; each gets a harmless value when it is not the one in use.
  const altcha = useAltcha(setup.challenge_url ?? '');
  const recaptcha = useRecaptcha(setup.site_key ?? '', setup.action ?? '');
  if (setup.provider === 'off') return noCheck;
  if (setup.provider === 'recaptcha') return setup.site_key ? recaptcha : brokenCheck;
  return setup.challenge_url ? altcha : brokenCheck;
}
