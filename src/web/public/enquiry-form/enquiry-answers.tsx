// What the enquiry form shows after a send: the 'ENQUIRY SENT!' confirmation, which stays until the
// visitor asks to send another (issue 28: a form that came back blank by itself invited sending the
// same enquiry twice), and the rate limit's message under the button with the phone number and
// e-mail to use instead (issue 28: it was a toast that went after 8 s).
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { RefObject } from 'react';

const LINK = 'font-semibold text-accent-300 underline';

/** 'Call us on 01234 000000 or e-mail hello@example.com.' */
export function ContactLinks({ phone, email }: { phone: string; email: string }) {
  return (
    <>
      Call us on{' '}
      <a className={LINK} href={`tel:${phone.replace(/[^+\d]/g, '')}`}>
        {phone}
      </a>{' '}
      or e-mail{' '}
      <a className={LINK} href={`mailto:${email}`}>
        {email}
      </a>
      .
    </>
  );
}

/** 'ENQUIRY SENT!' over the form, until 'Send another enquiry' brings the emptied form back. */
export function SentPanel({
  id,
  panelRef,
  onSendAnother,
}: {
  id: string;
  panelRef: RefObject<HTMLDivElement | null>;
  onSendAnother: () => void;
}) {
  return (
    <div
      ref={panelRef}
      tabIndex={-1}
      role="group"
      aria-labelledby={`${id}-sent`}
      aria-describedby={`${id}-sent-text`}
      className="flex size-full flex-col items-center justify-center gap-4 bg-ink-800 p-4 text-center outline-none motion-safe:animate-fade-up"
    >
      <CircleCheck className="size-16 text-accent-400" aria-hidden="true" />
      <h3 id={`${id}-sent`} className="font-display text-4xl font-bold uppercase tracking-wide text-ink-50">
        ENQUIRY SENT!
      </h3>
      <p id={`${id}-sent-text`} className="max-w-sm text-lg text-ink-100">
        Thanks for getting in touch — we&apos;ll reply within 24 hours.
      </p>
      <button
        type="button"
        onClick={onSendAnother}
        className="mt-2 min-h-12 rounded-lg border-2 border-ink-300 px-6 font-display text-lg font-semibold uppercase tracking-wider text-ink-50 transition-colors hover:border-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400"
      >
        Send another enquiry
      </button>
    </div>
  );
}

/** Too many enquiries from this address for now: the server's words, and how to reach us instead. */
export function RateLimitNotice({ detail, phone, email }: { detail: string; phone: string; email: string }) {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-danger-400 p-4 text-ink-50 sm:col-span-2"
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-danger-400" aria-hidden="true" />
      <span>
        {detail} <ContactLinks phone={phone} email={email} />
      </span>
    </p>
  );
}
