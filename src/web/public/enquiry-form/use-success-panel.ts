// SPEC §4 'ENQUIRY SENT!': the success panel takes focus while it shows, for SUCCESS_PANEL_MS, and
// the form comes back with focus on it if the panel still had it.
import { useEffect, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';

/** Where the form is: being filled in, sending one enquiry, or showing the success panel. */
export type Phase = 'idle' | 'sending' | 'sent';

/** SPEC §9 "Enquiry success panel". */
export const SUCCESS_PANEL_MS = 5000;

/** The success panel's element (for its ref); the phase goes back to 'idle' when its time is up. */
export function useSuccessPanel(
  phase: Phase,
  setPhase: Dispatch<SetStateAction<Phase>>,
  form: RefObject<HTMLFormElement | null>,
) {
  const panel = useRef<HTMLDivElement>(null);
  /** The success panel had focus when it closed: focus goes to the form rather than to nowhere. */
  const refocusForm = useRef(false);

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
  }, [phase, setPhase, form]);

  return panel;
}
