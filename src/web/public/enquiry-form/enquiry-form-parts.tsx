// The enquiry form's markup: its fields, the bot trap, the send button and the no-script note. What
// it shows after a send is in enquiry-answers.tsx.
import { Send } from 'lucide-react';
import type { RefObject } from 'react';
import { ENQUIRY_LIMITS } from '#shared/constants.ts';
import { ContactLinks } from './enquiry-answers.tsx';
import { CONTROL, Field, type ControlProps } from './enquiry-field.tsx';
import type { EnquiryField, FieldProblems } from './enquiry-fields.ts';
import { BookingFields } from './booking-fields.tsx';
import { MessageLength, type useMessageLength } from './message-length.tsx';
import type { PreferredDate } from './use-preferred-date.ts';

/**
 * The fields in page order: the four required ones and, before the message, the optional booking
 * details; `message` counts the message's length near its limit, `date` is the preferred date's state.
 */
export function EnquiryInputs({
  id,
  problems,
  control,
  message,
  date,
}: {
  id: string;
  problems: FieldProblems;
  control: (field: EnquiryField, describedBy?: string) => ControlProps;
  message: ReturnType<typeof useMessageLength>;
  date: PreferredDate;
}) {
  return (
    <>
      <Field id={`${id}-name`} field="name" problem={problems.name}>
        <input
          {...control('name')}
          type="text"
          maxLength={ENQUIRY_LIMITS.name}
          autoComplete="name"
          className={CONTROL}
        />
      </Field>
      <Field id={`${id}-email`} field="email" problem={problems.email}>
        <input
          {...control('email')}
          type="email"
          maxLength={ENQUIRY_LIMITS.email}
          autoComplete="email"
          inputMode="email"
          className={CONTROL}
        />
      </Field>
      <Field
        id={`${id}-organisation`}
        field="organisation"
        problem={problems.organisation}
        className="sm:col-span-2"
      >
        <input
          {...control('organisation')}
          type="text"
          maxLength={ENQUIRY_LIMITS.organisation}
          autoComplete="organization"
          className={CONTROL}
        />
      </Field>
      <BookingFields id={id} problems={problems} control={control} date={date} />
      <Field id={`${id}-message`} field="message" problem={problems.message} className="sm:col-span-2">
        <textarea
          {...control('message', `${id}-message-length`)}
          rows={5}
          maxLength={ENQUIRY_LIMITS.message}
          placeholder="Your event, date, location and roughly how many people"
          onInput={message.onInput}
          onPaste={message.onPaste}
          className={`${CONTROL} min-h-36 resize-y`}
        />
        <MessageLength id={`${id}-message-length`} length={message.length} cut={message.cut} />
      </Field>
    </>
  );
}

/** Bot trap: people never see or reach this field; anything typed in it marks the enquiry as spam. */
export function BotTrap({
  id,
  name,
  value,
  onChange,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] top-0 h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        name={name}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** 'SEND ENQUIRY', or 'SENDING...' (and disabled) while an enquiry is on its way. */
export function SubmitButton({
  buttonRef,
  busy,
}: {
  buttonRef: RefObject<HTMLButtonElement | null>;
  busy: boolean;
}) {
  return (
    <div className="sm:col-span-2">
      <button
        ref={buttonRef}
        type="submit"
        disabled={busy}
        aria-disabled={busy || undefined}
        className="inline-flex min-h-14 w-full items-center justify-center gap-3 rounded-lg bg-accent-600 px-8 font-display text-xl font-semibold uppercase tracking-wider text-white shadow-glow transition-colors hover:bg-accent-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 disabled:cursor-wait disabled:bg-accent-700 sm:w-auto"
      >
        <Send className="size-5" aria-hidden="true" />
        {busy ? 'SENDING...' : 'SEND ENQUIRY'}
      </button>
    </div>
  );
}

/** Without JavaScript the captcha cannot run: the phone number and e-mail instead. */
export function NoScriptContacts({ phone, email }: { phone: string; email: string }) {
  return (
    <noscript>
      <p className="mt-5 rounded-lg border border-accent-400 p-4 text-ink-50">
        The form needs JavaScript to check that you are not a robot.{' '}
        <ContactLinks phone={phone} email={email} />
      </p>
    </noscript>
  );
}
