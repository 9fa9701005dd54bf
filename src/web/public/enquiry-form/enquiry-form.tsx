// The booking enquiry form (SPEC §4, §5, §8): four required fields, the configured captcha, a hidden
// bot trap, 'SENDING...' while sending (a second submission is blocked), then 'ENQUIRY SENT!' for
// 5 s and the form back, cleared. Submissions are reported to tracker 1 (only with consent).
import { CircleCheck, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../components/toast.tsx';
import { usePageData } from '../page-data-context.tsx';
import { trackFormSubmit } from '../tracking/tracking.ts';
import { ENQUIRY_LIMITS, HONEYPOT_FIELD } from '#shared/constants.ts';
import { submitEnquiry } from './submit-enquiry.ts';
import { useCaptcha } from './use-captcha.tsx';

/** SPEC §9 "Enquiry success panel". */
export const SUCCESS_PANEL_MS = 5000;

const CAPTCHA_FAILED_TOAST = 'Verification Failed: Please try again in a moment.';
const GENERIC_FAILURE = 'Please try again.';
/** The server's code for a refused or expired captcha: the next try needs a fresh challenge. */
const CAPTCHA_FAILED_CODE = 'CAPTCHA_FAILED';

type Fields = { name: string; email: string; organisation: string; message: string };
const EMPTY: Fields = { name: '', email: '', organisation: '', message: '' };
type Phase = 'idle' | 'sending' | 'sent';

const CONTROL =
  'block w-full rounded-lg border-2 border-ink-500 bg-ink-950 px-4 py-3 text-base text-ink-50 placeholder:text-ink-300 transition-colors hover:border-ink-300 focus:border-accent-400 focus:outline-2 focus:outline-offset-2 focus:outline-accent-400 disabled:opacity-60';

function Field({
  id,
  label,
  className = '',
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`space-y-2 ${className}`}>
      <label htmlFor={id} className="block text-sm font-semibold uppercase tracking-wider text-ink-100">
        {label}{' '}
        <span className="text-accent-400" aria-hidden="true">
          *
        </span>
      </label>
      {children}
    </div>
  );
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function EnquiryForm() {
  const { captcha: setup, site } = usePageData();
  const captcha = useCaptcha(setup);
  const honeypotName = setup.honeypot_field || HONEYPOT_FIELD;
  const id = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [trap, setTrap] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  // Until hydration the form cannot send (the captcha needs script): it stays disabled, and the
  // <noscript> note gives the phone number and e-mail instead.
  const [ready, setReady] = useState(false);
  const sending = useRef(false);
  const tokenSpent = useRef(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (phase !== 'sent') return;
    const timer = setTimeout(() => setPhase('idle'), SUCCESS_PANEL_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = event.target;
    setFields((current) => ({ ...current, [name]: value }));
  };

  const startCaptcha = () => {
    if (tokenSpent.current) {
      tokenSpent.current = false;
      captcha.renew();
    } else {
      captcha.begin();
    }
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    // Native messages for our own fields; the captcha's answer comes as a toast (SPEC §5).
    const own = form.current?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('[data-field]') ?? [];
    for (const control of own) {
      if (!control.checkValidity()) {
        control.reportValidity();
        return;
      }
    }
    sending.current = true;
    setPhase('sending');
    try {
      if (tokenSpent.current) startCaptcha();
      const token = await captcha.token();
      if (token === null) {
        toast({ title: CAPTCHA_FAILED_TOAST, variant: 'destructive' });
        captcha.renew();
        setPhase('idle');
        return;
      }
      const holdBack = captcha.earliestSend() - Date.now();
      if (holdBack > 0) await wait(holdBack);
      trackFormSubmit();
      const outcome = await submitEnquiry({ ...fields, recaptchaToken: token, [honeypotName]: trap });
      if (outcome.kind === 'sent') {
        tokenSpent.current = true;
        setFields(EMPTY);
        setTrap('');
        setPhase('sent');
        return;
      }
      setPhase('idle');
      // SPEC §8: a timeout is silent.
      if (outcome.kind === 'timeout') return;
      if (outcome.code === CAPTCHA_FAILED_CODE) captcha.renew();
      toast({ title: 'Error', description: outcome.detail ?? GENERIC_FAILURE, variant: 'destructive' });
    } finally {
      sending.current = false;
    }
  }

  const busy = phase === 'sending';
  const sent = phase === 'sent';

  return (
    <div className="relative">
      <form
        ref={form}
        aria-label="Booking enquiry"
        noValidate
        onSubmit={onSubmit}
        onFocus={startCaptcha}
        inert={sent}
        aria-hidden={sent || undefined}
        className={sent ? 'invisible' : undefined}
      >
        <fieldset disabled={!ready} className="grid gap-5 sm:grid-cols-2">
          <legend className="sr-only">Your booking enquiry</legend>
          <Field id={`${id}-name`} label="Name">
            <input
              id={`${id}-name`}
              data-field
              name="name"
              type="text"
              required
              maxLength={ENQUIRY_LIMITS.name}
              autoComplete="name"
              value={fields.name}
              onChange={onChange}
              className={CONTROL}
            />
          </Field>
          <Field id={`${id}-email`} label="Email">
            <input
              id={`${id}-email`}
              data-field
              name="email"
              type="email"
              required
              maxLength={ENQUIRY_LIMITS.email}
              autoComplete="email"
              inputMode="email"
              value={fields.email}
              onChange={onChange}
              className={CONTROL}
            />
          </Field>
          <Field id={`${id}-organisation`} label="Organisation" className="sm:col-span-2">
            <input
              id={`${id}-organisation`}
              data-field
              name="organisation"
              type="text"
              required
              maxLength={ENQUIRY_LIMITS.organisation}
              autoComplete="organization"
              placeholder="Company, festival, club or group"
              value={fields.organisation}
              onChange={onChange}
              className={CONTROL}
            />
          </Field>
          <Field id={`${id}-message`} label="Message" className="sm:col-span-2">
            <textarea
              id={`${id}-message`}
              data-field
              name="message"
              required
              rows={5}
              maxLength={ENQUIRY_LIMITS.message}
              placeholder="Your event, date, location and roughly how many people"
              value={fields.message}
              onChange={onChange}
              className={`${CONTROL} min-h-36 resize-y`}
            />
          </Field>
          {/* Bot trap: people never see or reach this field; anything typed in it marks the enquiry as spam. */}
          <div aria-hidden="true" className="absolute -left-[9999px] top-0 h-px w-px overflow-hidden">
            <label htmlFor={`${id}-trap`}>Leave this field empty</label>
            <input
              id={`${id}-trap`}
              name={honeypotName}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={trap}
              onChange={(event) => setTrap(event.target.value)}
            />
          </div>
          {captcha.widget && <div className="sm:col-span-2">{captcha.widget}</div>}
          <div className="sm:col-span-2">
            <button
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
        <noscript>
          <p className="mt-5 rounded-lg border border-accent-400 p-4 text-ink-50">
            The form needs JavaScript to check that you are not a robot. Call us on{' '}
            <a
              className="font-semibold text-accent-300 underline"
              href={`tel:${site.phone.replace(/[^+\d]/g, '')}`}
            >
              {site.phone}
            </a>{' '}
            or e-mail{' '}
            <a className="font-semibold text-accent-300 underline" href={`mailto:${site.email}`}>
              {site.email}
            </a>
            .
          </p>
        </noscript>
      </form>
      {sent && (
        <div
          role="status"
          className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-ink-800 p-4 text-center motion-safe:animate-fade-up"
        >
          <CircleCheck className="size-16 text-accent-400" aria-hidden="true" />
          <h3 className="font-display text-4xl font-bold uppercase tracking-wide text-ink-50">
            ENQUIRY SENT!
          </h3>
          <p className="max-w-sm text-lg text-ink-100">
            Thanks for getting in touch — we&apos;ll reply within 24 hours.
          </p>
        </div>
      )}
    </div>
  );
}
