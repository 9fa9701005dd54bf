// The ALTCHA widget (the default captcha, see use-captcha.tsx): its markup in the site's colours, and
// what starts it once it is on the page: its script, a dynamic import() so that it is not in the page's
// initial script, then its verification, followed through the widget's state changes.
import type { DetailedHTMLProps, HTMLAttributes, RefObject } from 'react';

export type WidgetState = 'idle' | 'loading' | 'verifying' | 'verified' | 'failed';

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

export interface AltchaElement extends HTMLElement {
  verify?: () => Promise<unknown>;
  reset?: () => void;
}

interface StateChangeDetail {
  state?: string;
  payload?: string | null;
}

type Settle = (next: WidgetState, token: string | null) => void;

/**
 * Follows the mounted widget's state and starts its verification once the widget's script has loaded;
 * returns what undoes that.
 */
export function startWidget(el: AltchaElement, settle: Settle, challengeAt: RefObject<number>): () => void {
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
}

/** The ALTCHA widget in the site's colours; it starts only when told to (auto="off"). */
export function AltchaWidget({
  challengeUrl,
  element,
}: {
  challengeUrl: string;
  element: RefObject<AltchaElement | null>;
}) {
  return (
    <div className="[color-scheme:dark] [--altcha-border-color:var(--color-ink-500)] [--altcha-border-radius:0.5rem] [--altcha-color-base:var(--color-ink-900)] [--altcha-color-base-content:var(--color-ink-50)] [--altcha-color-neutral:var(--color-ink-500)] [--altcha-color-neutral-content:var(--color-ink-100)] [--altcha-color-success:var(--color-success-600)] [--altcha-max-width:100%]">
      <altcha-widget
        ref={element as RefObject<HTMLElement | null>}
        challenge={challengeUrl}
        auto="off"
        type="checkbox"
        display="standard"
        suppressHydrationWarning
      />
    </div>
  );
}
