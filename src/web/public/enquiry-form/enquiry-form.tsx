// The booking enquiry form (SPEC §4, §5, §8): four required fields, the configured captcha, a hidden
// bot trap, 'SENDING...' while sending (a second submission is blocked), then 'ENQUIRY SENT!' for
// 5 s and the form back, cleared. Each field is checked with the server's own schema when the visitor
// leaves it and on submit (react-hook-form and zod arrive with the captcha on the form's first focus,
// see enquiry-checks.tsx), and a refusal about a field is shown beside it (issue 16). Accepted
// enquiries are reported to tracker 1 (only with consent).
import { Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { dismissToasts, toast } from '../../components/toast.tsx';
import { usePageData } from '../page-data-context.tsx';
import { trackFormSubmit } from '../tracking/tracking.ts';
import { HONEYPOT_FIELD } from '#shared/constants.ts';
import type { EnquiryControl } from './enquiry-checks.tsx';
import {
  BotTrap,
  EnquiryInputs,
  NoScriptContacts,
  SentPanel,
  type ControlProps,
} from './enquiry-form-parts.tsx';
import {
  isEnquiryField,
  type EnquiryField,
  type EnquiryFields,
  type FieldProblems,
} from './enquiry-fields.ts';
import { submitEnquiry } from './submit-enquiry.ts';
import { visitSource } from '../visit-source.ts';
import { useCaptcha } from './use-captcha.tsx';
import { useLazyChecks } from './use-lazy-checks.ts';

/** SPEC §9 "Enquiry success panel". */
export const SUCCESS_PANEL_MS = 5000;

const CAPTCHA_FAILED_TOAST = 'Verification Failed: Please try again in a moment.';
const GENERIC_FAILURE = 'Please try again.';
/** The server's code for a refused or expired captcha: the next try needs a fresh challenge. */
const CAPTCHA_FAILED_CODE = 'CAPTCHA_FAILED';

type Phase = 'idle' | 'sending' | 'sent';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function EnquiryForm() {
  const { captcha: setup, site } = usePageData();
  const captcha = useCaptcha(setup);
  const honeypotName = setup.honeypot_field || HONEYPOT_FIELD;
  const id = useId();
  const [trap, setTrap] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [problems, setProblems] = useState<FieldProblems>({});
  // Until hydration the form cannot send (the captcha needs script): it stays disabled, and the
  // <noscript> note gives the phone number and e-mail instead.
  const [ready, setReady] = useState(false);
  const sending = useRef(false);
  const tokenSpent = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  /** The success panel had focus when it closed: focus goes to the form rather than to nowhere. */
  const refocusForm = useRef(false);

  const { Checks, checks, startChecks, onChecksReady, whenChecked } = useLazyChecks();
  const controls = useRef<Partial<Record<EnquiryField, EnquiryControl | null>>>({});
  const leftEarly = useRef(new Set<EnquiryField>());

  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (phase === 'sent') {
      // Keyboard and screen-reader users land on the message (it is also a live region).
      panel.current?.focus();
      const timer = setTimeout(() => {
        refocusForm.current = !!panel.current?.contains(document.activeElement);
        setPhase('idle');
      }, SUCCESS_PANEL_MS);
      return () => clearTimeout(timer);
    }
    if (phase === 'idle' && refocusForm.current) {
      refocusForm.current = false;
      form.current?.focus({ preventScroll: true });
    }
  }, [phase]);

  const onFormFocus = (event: FocusEvent<HTMLFormElement>) => {
    // Focus given to the form itself (after the success panel) is not the visitor starting on it.
    if (event.target === event.currentTarget) return;
    startChecks();
    if (tokenSpent.current) {
      tokenSpent.current = false;
      captcha.renew();
    } else {
      captcha.begin();
    }
  };

  const onFormBlur = (event: FocusEvent<HTMLFormElement>) => {
    const { name } = event.target as Partial<EnquiryControl>;
    if (!checks.current && name && isEnquiryField(name)) leftEarly.current.add(name);
  };

  /** After a failure the button is enabled again; put focus back on it if it was lost meanwhile. */
  const keepFocus = () => {
    if (!document.activeElement || document.activeElement === document.body) submitButton.current?.focus();
  };

  /** The fields as typed, for the rare send without the checks. */
  const typedValues = (): EnquiryFields => {
    const value = (field: EnquiryField) => controls.current[field]?.value ?? '';
    return {
      name: value('name'),
      email: value('email'),
      organisation: value('organisation'),
      message: value('message'),
    };
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const attached = await whenChecked();
    if (attached) await attached.submit(send);
    else await send(typedValues());
  }

  async function send(fields: EnquiryFields) {
    if (sending.current) return;
    sending.current = true;
    setPhase('sending');
    try {
      if (tokenSpent.current) {
        tokenSpent.current = false;
        captcha.renew();
      }
      const token = await captcha.token();
      if (token === null) {
        toast({ title: CAPTCHA_FAILED_TOAST, variant: 'destructive' });
        captcha.renew();
        setPhase('idle');
        keepFocus();
        return;
      }
      const holdBack = captcha.earliestSend() - Date.now();
      if (holdBack > 0) await wait(holdBack);
      const outcome = await submitEnquiry(
        { ...fields, recaptchaToken: token, [honeypotName]: trap },
        visitSource(window.location, document.referrer),
      );
      if (outcome.kind === 'sent') {
        // Counted only once the server has accepted it, so the admin's Form Submissions card and
        // the enquiry list agree (issue 16).
        trackFormSubmit();
        tokenSpent.current = true;
        // An earlier error toast no longer applies.
        dismissToasts('destructive');
        if (checks.current) checks.current.clear();
        else form.current?.reset();
        setTrap('');
        setPhase('sent');
        return;
      }
      setPhase('idle');
      // SPEC §8: a timeout is silent.
      if (outcome.kind === 'timeout') return keepFocus();
      if (outcome.kind === 'invalid') {
        // The server refused one of the visitor's fields: say so beside it, and go there.
        if (checks.current) checks.current.refuse(outcome.field, outcome.problem);
        else {
          setProblems({ [outcome.field]: outcome.problem });
          controls.current[outcome.field]?.focus();
        }
        return;
      }
      if (outcome.code === CAPTCHA_FAILED_CODE) captcha.renew();
      toast({ title: 'Error', description: outcome.detail ?? GENERIC_FAILURE, variant: 'destructive' });
      keepFocus();
    } finally {
      sending.current = false;
    }
  }

  const busy = phase === 'sending';
  const sent = phase === 'sent';

  /** A control's name, element and ties to its message (aria-invalid, aria-describedby). */
  const control = (field: EnquiryField): ControlProps => ({
    id: `${id}-${field}`,
    name: field,
    required: true,
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': problems[field] ? `${id}-${field}-error` : undefined,
    ref: (element: EnquiryControl | null) => {
      controls.current[field] = element;
    },
  });

  return (
    <div className="relative">
      <form
        ref={form}
        aria-label="Booking enquiry"
        // Our own messages beside each field instead of the browser's bubbles.
        noValidate
        tabIndex={-1}
        onSubmit={(event) => void onSubmit(event)}
        onFocus={onFormFocus}
        onBlur={onFormBlur}
        inert={sent}
        aria-hidden={sent || undefined}
        className={`outline-none ${sent ? 'invisible' : ''}`}
      >
        <fieldset disabled={!ready} className="grid gap-5 sm:grid-cols-2">
          <legend className="sr-only">Your booking enquiry</legend>
          <EnquiryInputs id={id} problems={problems} control={control} />
          <BotTrap id={`${id}-trap`} name={honeypotName} value={trap} onChange={setTrap} />
          {captcha.widget && <div className="sm:col-span-2">{captcha.widget}</div>}
          <div className="sm:col-span-2">
            <button
              ref={submitButton}
              type="submit"
              disabled={busy}
              aria-disabled={busy || undefined}
              className="inline-flex min-h-14 w-full items-center justify-center gap-3 rounded-lg bg-accent-600 px-8 font-display text-xl font-semibold uppercase tracking-wider text-white shadow-glow transition-colors hover:bg-accent-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 disabled:cursor-wait disabled:bg-accent-700 sm:w-auto"
            >
              <Send className="size-5" aria-hidden="true" />
              {busy ? 'SENDING...' : 'SEND ENQUIRY'}
            </button>
          </div>
        </fieldset>
        <NoScriptContacts phone={site.phone} email={site.email} />
      </form>
      {Checks && (
        <Checks
          controls={() => controls.current}
          alreadyLeft={() => [...leftEarly.current]}
          onProblems={setProblems}
          onReady={onChecksReady}
        />
      )}
      {/* Always in the page, so the message is announced when it appears (SPEC §4 'ENQUIRY SENT!'). */}
      <div role="status" className={sent ? 'absolute inset-0' : undefined}>
        {sent && <SentPanel id={id} panelRef={panel} />}
      </div>
    </div>
  );
}
