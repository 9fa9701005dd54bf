// 'ENQUIRY SENT!': the success panel takes focus when it appears, and stays until the visitor asks to
// send another enquiry (enquiry-answers.tsx), when the emptied form comes back with focus on its first
// field.
import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';

/** Where the form is: being filled in, sending one enquiry, or showing the success panel. */
export type Phase = 'idle' | 'sending' | 'sent';

/** The success panel's element (for its ref), and `sendAnother` for its button. */
export function useSuccessPanel(
  phase: Phase,
  setPhase: (phase: Phase) => void,
  firstField: () => HTMLElement | null | undefined,
) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Keyboard and screen-reader users land on the message (it is also a live region).
    if (phase === 'sent') panel.current?.focus();
  }, [phase]);

  const sendAnother = () => {
    // The form is inert under the panel: drawn again first, so its field can take focus.
    flushSync(() => setPhase('idle'));
    firstField()?.focus();
  };

  return { panel, sendAnother };
}
