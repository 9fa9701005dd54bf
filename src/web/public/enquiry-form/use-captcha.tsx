// The enquiry form's bot check, as set up by the server (PageData.captcha, the same answer as
// GET /api/captcha/config):
// - altcha (default): the ALTCHA widget, loaded with a dynamic import() on the form's first focus (so
//   it is not in the page's initial script), fetches its challenge from our own server at that moment
//   (the challenge's issue time starts the server's minimum fill time) and solves it in the browser;
// - recaptcha: Google's v3 script is loaded only once the visitor starts filling the form (no
//   third-party request before that), and a token is made for the configured action on submit;
// - off: an empty token.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { CaptchaSetup } from '#shared/page-data.ts';
import { AltchaWidget, startWidget, type AltchaElement, type WidgetState } from './altcha-widget.tsx';
import { loadRecaptcha } from './recaptcha.ts';
import { MIN_FILL_TIME_MS } from '#shared/constants.ts';

/** Longest wait at submit for a verification still in progress (a slow phone solving ALTCHA). */
export const CAPTCHA_WAIT_MS = 15_000;
/** Allowance for the challenge request between the widget starting and the server issuing it. */
const CHALLENGE_ISSUE_MARGIN_MS = 1000;

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

/** Resolves once the check is verified or has failed (it wakes `waiters`), or after CAPTCHA_WAIT_MS. */
function whenSettled(waiters: Set<() => void>): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, CAPTCHA_WAIT_MS);
    waiters.add(() => {
      clearTimeout(timer);
      resolve();
    });
  });
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
    return startWidget(el, settle, challengeAt);
  }, [shown, settle]);

  const begin = useCallback(() => {
    if (state.current !== 'idle') return;
    state.current = 'loading';
    setShown(true);
  }, []);

  const token = useCallback(async () => {
    if (state.current === 'idle') begin();
    if (state.current === 'loading' || state.current === 'verifying') await whenSettled(waiters.current);
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

  const widget = shown ? <AltchaWidget challengeUrl={challengeUrl} element={element} /> : null;

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
