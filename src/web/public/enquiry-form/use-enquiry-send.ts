// Sending an enquiry (docs/product.md#enquiry-form): one at a time ('SENDING...'), with the captcha's token
// (a fresh check after each accepted enquiry), held back until the server's minimum fill time has passed,
// then what the server answered: the success panel (use-success-panel.ts), a refused field shown beside it,
// the rate limit under the button (issue 28), or a toast. Accepted enquiries are reported to tracker 1 (only
// with consent).
import { useRef, useState, type Dispatch, type FormEvent, type RefObject, type SetStateAction } from 'react';
import { dismissToasts, toast } from '../../components/toast.tsx';
import { trackFormSubmit } from '../tracking/tracking.ts';
import { visitSource } from '../visit-source.ts';
import { enquiryBody } from './enquiry-body.ts';
import { typedValues, type EnquiryControls } from './enquiry-controls.ts';
import type { EnquiryFields, FieldProblems } from './enquiry-fields.ts';
import { submitEnquiry, type SubmitOutcome } from './submit-enquiry.ts';
import type { Captcha } from './use-captcha.tsx';
import type { useLazyChecks } from './use-lazy-checks.ts';
import { useSuccessPanel, type Phase } from './use-success-panel.ts';

const CAPTCHA_FAILED_TOAST = 'Verification Failed: Please try again in a moment.';
const GENERIC_FAILURE = 'Please try again.';
/** The server's code for a refused or expired captcha: the next try needs a fresh challenge. */
const CAPTCHA_FAILED_CODE = 'CAPTCHA_FAILED';
/** The server's code for too many enquiries from one address: said under the button, not in a toast. */
const RATE_LIMITED_CODE = 'RATE_LIMITED';

interface SendSetup {
  captcha: Captcha;
  /** The bot trap's field name. */
  honeypotName: string;
  lazyChecks: ReturnType<typeof useLazyChecks>;
  controls: RefObject<EnquiryControls>;
  setProblems: Dispatch<SetStateAction<FieldProblems>>;
  form: RefObject<HTMLFormElement | null>;
}

/** What showing the server's answer touches: the phase, the bot trap, the fields and focus. */
interface AnswerShown extends SendSetup {
  setPhase: Dispatch<SetStateAction<Phase>>;
  setRateLimited: Dispatch<SetStateAction<string | null>>;
  setTrap: Dispatch<SetStateAction<string>>;
  submitButton: RefObject<HTMLButtonElement | null>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The form's sending: its phase, the bot trap's value, the rate limit's message, the send button's
 * element and the success panel's; `start` for the visitor's first focus on the form, `onSubmit` for
 * its submit event, `sendAnother` for the success panel's button.
 */
export function useEnquirySend(setup: SendSetup) {
  const { captcha, lazyChecks } = setup;
  const [phase, setPhase] = useState<Phase>('idle');
  const [trap, setTrap] = useState('');
  const [rateLimited, setRateLimited] = useState<string | null>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const { panel, sendAnother } = useSuccessPanel(phase, setPhase, () => setup.controls.current.name);
  const sending = useRef(false);
  const token = useSingleUseToken(captcha);
  const shown: AnswerShown = { ...setup, setPhase, setRateLimited, setTrap, submitButton };

  const start = () => {
    lazyChecks.startChecks();
    if (!token.renewIfSpent()) captcha.begin();
  };

  async function send(fields: EnquiryFields) {
    if (sending.current) return;
    sending.current = true;
    setPhase('sending');
    setRateLimited(null);
    try {
      token.renewIfSpent();
      const recaptchaToken = await captcha.token();
      if (recaptchaToken === null) {
        toast({ title: CAPTCHA_FAILED_TOAST, variant: 'destructive' });
        captcha.renew();
        setPhase('idle');
        keepFocus(submitButton);
        return;
      }
      const holdBack = captcha.earliestSend() - Date.now();
      if (holdBack > 0) await wait(holdBack);
      const outcome = await submitEnquiry(
        { ...enquiryBody(fields), recaptchaToken, [setup.honeypotName]: trap },
        visitSource(window.location, document.referrer),
      );
      if (outcome.kind === 'sent') {
        // Counted only once the server has accepted it, so the admin's Form Submissions card and
        // the enquiry list agree (issue 16).
        trackFormSubmit();
        token.spent();
        showSent(shown);
      } else showRefusal(outcome, shown);
    } finally {
      sending.current = false;
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const attached = await lazyChecks.whenChecked();
    if (attached) await attached.submit(send);
    else await send(typedValues(setup.controls.current));
  }

  return { phase, trap, setTrap, rateLimited, submitButton, panel, start, onSubmit, sendAnother };
}

/** A captcha token goes with one accepted enquiry only: the next one needs a fresh check. */
function useSingleUseToken(captcha: Captcha) {
  const tokenSpent = useRef(false);
  return {
    spent() {
      tokenSpent.current = true;
    },
    /** Renews the check if the last token was spent; false when there was nothing to renew. */
    renewIfSpent() {
      if (!tokenSpent.current) return false;
      tokenSpent.current = false;
      captcha.renew();
      return true;
    },
  };
}

/** After a failure the button is enabled again; put focus back on it if it was lost meanwhile. */
function keepFocus(submitButton: RefObject<HTMLButtonElement | null>) {
  if (!document.activeElement || document.activeElement === document.body) submitButton.current?.focus();
}

/** The server accepted the enquiry: the form is emptied under the success panel. */
function showSent({ lazyChecks: { checks }, form, setTrap, setPhase }: AnswerShown) {
  // An earlier error toast no longer applies.
  dismissToasts('destructive');
  if (checks.current) checks.current.clear();
  else form.current?.reset();
  setTrap('');
  setPhase('sent');
}

/** The server did not take the enquiry: say why, where the visitor can act on it. */
function showRefusal(outcome: Exclude<SubmitOutcome, { kind: 'sent' }>, shown: AnswerShown) {
  const { checks } = shown.lazyChecks;
  shown.setPhase('idle');
  // A timeout is silent.
  if (outcome.kind === 'timeout') return keepFocus(shown.submitButton);
  if (outcome.kind === 'invalid') {
    // The server refused one of the visitor's fields: say so beside it, and go there.
    if (checks.current) checks.current.refuse(outcome.field, outcome.problem);
    else {
      shown.setProblems({ [outcome.field]: outcome.problem });
      shown.controls.current[outcome.field]?.focus();
    }
    return;
  }
  if (outcome.code === CAPTCHA_FAILED_CODE) shown.captcha.renew();
  if (outcome.code === RATE_LIMITED_CODE && outcome.detail) {
    shown.setRateLimited(outcome.detail);
    return keepFocus(shown.submitButton);
  }
  toast({ title: 'Error', description: outcome.detail ?? GENERIC_FAILURE, variant: 'destructive' });
  keepFocus(shown.submitButton);
}
