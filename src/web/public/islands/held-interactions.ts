// A visitor may act on an island before it has hydrated: a tap on one of its buttons, a submit, focus
// moving in or out of it. Until the island is live, those are held (a button's click and a submit do
// nothing yet; links are left alone and work at once), the first of them starts the hydration, and
// once the island's effects have run they are dispatched again, in order, to the same elements — so
// a tap on a photo before its carousel hydrated still opens the lightbox, and a first focus in the
// enquiry form still starts its captcha.

/** Events that start the hydration of the island they happen in. */
const TRIGGERS = ['pointerdown', 'keydown', 'focusin', 'focusout', 'click', 'submit'] as const;

/** A held event, to be dispatched again. */
type Held = () => void;

const replayed = new WeakSet<Event>();

/** Whether `event` is one dispatched again here (the click tracker counted the visitor's own). */
export const isReplayed = (event: Event): boolean => replayed.has(event);

function dispatchAgain(target: EventTarget, event: Event): void {
  replayed.add(event);
  target.dispatchEvent(event);
}

function holdable(event: Event): Held | null {
  const target = event.target;
  if (!(target instanceof Element)) return null;
  if (event instanceof FocusEvent && (event.type === 'focusin' || event.type === 'focusout')) {
    const { type, relatedTarget } = event;
    return () =>
      dispatchAgain(target, new FocusEvent(type, { bubbles: true, composed: true, relatedTarget }));
  }
  if (event.type === 'click' && event instanceof MouseEvent && target.closest('button')) {
    const init: MouseEventInit = {
      bubbles: true,
      cancelable: true,
      composed: true,
      detail: event.detail,
      clientX: event.clientX,
      clientY: event.clientY,
      screenX: event.screenX,
      screenY: event.screenY,
      button: event.button,
      ctrlKey: event.ctrlKey,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      metaKey: event.metaKey,
    };
    // A click dispatched at a button (or inside it) runs its default action too: a submit button submits.
    return () => dispatchAgain(target, new MouseEvent('click', init));
  }
  if (event instanceof SubmitEvent && target instanceof HTMLFormElement) {
    const { submitter } = event;
    return () => target.requestSubmit(submitter?.getAttribute('type') === 'submit' ? submitter : null);
  }
  return null;
}

/**
 * Holds interactions with `element`'s island until `release()`; `onFirst` is called on each (it
 * starts the hydration, once). `release` dispatches what was held, in order, and stops holding.
 */
export function holdInteractions(element: HTMLElement, onFirst: () => void) {
  const held: Held[] = [];
  const listener = (event: Event) => {
    onFirst();
    const again = holdable(event);
    if (!again) return;
    if (event.cancelable) event.preventDefault();
    // Not to React either, which may be hydrating the island already: each event reaches it once.
    event.stopImmediatePropagation();
    held.push(again);
  };
  for (const type of TRIGGERS) element.addEventListener(type, listener, { capture: true, passive: false });
  return {
    release(): void {
      for (const type of TRIGGERS) element.removeEventListener(type, listener, { capture: true });
      for (const again of held.splice(0)) again();
    },
  };
}
