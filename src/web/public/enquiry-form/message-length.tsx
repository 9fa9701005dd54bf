// The message's length near its limit (issue 28). The browser cuts a pasted text at the field's
// maximum without a word, so the form counts from 90 % of the limit on, and says so when a paste was
// cut — the visitor then knows to shorten it or send the rest by e-mail.
import { useState, type ClipboardEvent, type FormEvent } from 'react';
import { ENQUIRY_LIMITS } from '#shared/constants.ts';

const LIMIT = ENQUIRY_LIMITS.message;
/** The count shows from here on ('4,500 of 5,000 characters'). */
const COUNT_FROM = Math.floor(LIMIT * 0.9);
const count = new Intl.NumberFormat('en-GB');

/** The length typed so far, and whether the last paste was cut; handlers for the textarea. */
export function useMessageLength() {
  const [length, setLength] = useState(0);
  const [cut, setCut] = useState(false);
  return {
    length,
    cut,
    onInput(event: FormEvent<HTMLTextAreaElement>) {
      const typed = event.currentTarget.value.length;
      setLength(typed);
      if (typed < LIMIT) setCut(false);
    },
    onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
      const box = event.currentTarget;
      // A textarea keeps line breaks as one character each, whatever the clipboard holds.
      const pasted = event.clipboardData.getData('text').replace(/\r\n?/g, '\n').length;
      const kept = box.value.length - (box.selectionEnd - box.selectionStart);
      setCut(kept + pasted > LIMIT);
    },
    /** The form was emptied. */
    reset() {
      setLength(0);
      setCut(false);
    },
  };
}

/**
 * Under the message: nothing until 90 % of the limit, then the count; after a cut paste, what
 * happened (announced). Always in the page, as the field's description and the announcement's region.
 */
export function MessageLength({ id, length, cut }: { id: string; length: number; cut: boolean }) {
  const shown = length >= COUNT_FROM || cut;
  return (
    <div className="text-sm">
      <p id={id} className={length >= LIMIT ? 'font-semibold text-accent-300' : 'text-ink-200'}>
        {shown && `${count.format(length)} of ${count.format(LIMIT)} characters`}
      </p>
      <p aria-live="polite" className="font-semibold text-accent-300">
        {cut &&
          `What you pasted was longer than ${count.format(LIMIT)} characters: its end was not added. Shorten your message, or send the rest by e-mail.`}
      </p>
    </div>
  );
}
