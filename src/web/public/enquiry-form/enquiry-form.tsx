// The booking enquiry form (docs/product.md#enquiry-form): four required fields and three optional
// booking details (the preferred date with a calendar of the days booked), the configured captcha, a
// hidden bot trap, 'SENDING...' while sending (a second submission is blocked), then 'ENQUIRY SENT!' until
// the visitor asks to send another (use-enquiry-send.ts, use-success-panel.ts). Each field is checked with
// the server's own schema when the visitor leaves it and on submit (react-hook-form and zod arrive with the
// captcha on the form's first focus, see enquiry-checks.tsx), and a refusal about a field is shown beside it
// (issue 16). Accepted enquiries are reported to tracker 1 (only with consent).
import { useId, useRef, useState, type FocusEvent } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { ENABLED_BY_PAGE_SCRIPT } from '../islands/island-markup.ts';
import { usePageData } from '../page-data-context.tsx';
import { HONEYPOT_FIELD } from '#shared/constants.ts';
import { useEnquiryControls } from './enquiry-controls.ts';
import { RateLimitNotice, SentPanel } from './enquiry-answers.tsx';
import { BotTrap, EnquiryInputs, NoScriptContacts, SubmitButton } from './enquiry-form-parts.tsx';
import type { FieldProblems } from './enquiry-fields.ts';
import { useMessageLength } from './message-length.tsx';
import { useCaptcha } from './use-captcha.tsx';
import { useEnquirySend } from './use-enquiry-send.ts';
import { useLazyChecks } from './use-lazy-checks.ts';
import { usePreferredDate } from './use-preferred-date.ts';

export function EnquiryForm() {
  const { captcha: setup, site } = usePageData();
  const captcha = useCaptcha(setup);
  const honeypotName = setup.honeypot_field || HONEYPOT_FIELD;
  const id = useId();
  const [problems, setProblems] = useState<FieldProblems>({});
  // Without script the form cannot send (the captcha needs it): it stays disabled, and the <noscript>
  // note gives the phone number and e-mail instead. With script it is enabled once the page's first
  // islands are live, before this island hydrates (on first focus or nearing the screen; a submit
  // made earlier waits for it): ENABLED_BY_PAGE_SCRIPT.
  const ready = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const lazyChecks = useLazyChecks();
  const { Checks, onChecksReady } = lazyChecks;
  const { controls, control, onFormBlur, checksProps } = useEnquiryControls(id, problems, lazyChecks.checks);
  const send = useEnquirySend({ captcha, honeypotName, lazyChecks, controls, setProblems, form });
  const message = useMessageLength();
  const date = usePreferredDate();
  const sendAnother = () => {
    message.reset();
    date.reset();
    send.sendAnother();
  };

  const onFormFocus = (event: FocusEvent<HTMLFormElement>) => {
    // Focus given to the form itself (a script moving it there) is not the visitor starting on it.
    if (event.target !== event.currentTarget) send.start();
  };

  const sent = send.phase === 'sent';

  return (
    <div className="relative">
      <form
        ref={form}
        aria-label="Booking enquiry"
        // Our own messages beside each field instead of the browser's bubbles.
        noValidate
        tabIndex={-1}
        onSubmit={(event) => void send.onSubmit(event)}
        onFocus={onFormFocus}
        onBlur={onFormBlur}
        inert={sent}
        aria-hidden={sent || undefined}
        className={`outline-none ${sent ? 'invisible' : ''}`}
      >
        <fieldset
          disabled={!ready}
          {...{ [ENABLED_BY_PAGE_SCRIPT]: '' }}
          className="grid gap-5 sm:grid-cols-2"
        >
          <legend className="sr-only">Your booking enquiry</legend>
          <EnquiryInputs id={id} problems={problems} control={control} message={message} date={date} />
          <BotTrap id={`${id}-trap`} name={honeypotName} value={send.trap} onChange={send.setTrap} />
          {captcha.widget && <div className="sm:col-span-2">{captcha.widget}</div>}
          <SubmitButton buttonRef={send.submitButton} busy={send.phase === 'sending'} />
          {send.rateLimited && (
            <RateLimitNotice detail={send.rateLimited} phone={site.phone} email={site.email} />
          )}
        </fieldset>
        <NoScriptContacts phone={site.phone} email={site.email} />
      </form>
      {Checks && <Checks {...checksProps} onProblems={setProblems} onReady={onChecksReady} />}
      {/* Always in the page, so 'ENQUIRY SENT!' is announced when it appears. */}
      <div role="status" className={sent ? 'absolute inset-0' : undefined}>
        {sent && <SentPanel id={id} panelRef={send.panel} onSendAnother={sendAnother} />}
      </div>
    </div>
  );
}
