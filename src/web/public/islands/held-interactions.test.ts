// @vitest-environment happy-dom
// Issue 27: what a visitor does to an island before it has hydrated is not lost — a tap on one of
// its buttons, a submit, focus moving in or out — it is held and happens once the island is live.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchTrackedClicks } from '../tracking/page-signals.ts';
import { holdInteractions, isReplayed } from './held-interactions.ts';

describe('interactions with an island before it hydrates', () => {
  let island: HTMLElement;
  let seen: string[];
  const record = (event: Event) =>
    seen.push(
      `${event.type} ${(event.target as Element).getAttribute('name') ?? (event.target as Element).tagName}`,
    );

  beforeEach(() => {
    document.body.innerHTML =
      '<div id="island"><form><input name="email"><button name="send" type="submit">Send</button>' +
      '<button name="enlarge" type="button">Enlarge</button><a name="more" href="#more">More</a></form></div>';
    island = document.getElementById('island')!;
    seen = [];
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('starts the hydration on the first interaction, and holds a tap on a button until it is live', () => {
    const hydrate = vi.fn();
    const held = holdInteractions(island, hydrate);
    island.addEventListener('click', record);
    const button = island.querySelector<HTMLButtonElement>('[name=enlarge]')!;

    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(tap);
    expect(hydrate).toHaveBeenCalled();
    expect(tap.defaultPrevented).toBe(true);
    expect(seen).toEqual([]);

    // Live: the tap happens now, once, marked as dispatched again (the click tracker counted it).
    const replays: Event[] = [];
    document.addEventListener('click', (event) => replays.push(event));
    held.release();
    expect(seen).toEqual(['click enlarge']);
    expect(replays.map(isReplayed)).toEqual([true]);

    // Afterwards nothing is held.
    button.click();
    expect(seen).toEqual(['click enlarge', 'click enlarge']);
  });

  it('is counted once by the click tracker: when the visitor taps, not again when the tap is passed on', () => {
    const labels: string[] = [];
    const stop = watchTrackedClicks((label) => labels.push(label));
    const held = holdInteractions(island, () => undefined);
    const button = island.querySelector('[name=enlarge]')!;
    button.setAttribute('data-track', 'gallery-enlarge');
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    held.release();
    stop();
    expect(labels).toEqual(['gallery-enlarge']);
  });

  it('holds a submit (from a tap on the send button) and submits once live', () => {
    const held = holdInteractions(island, () => undefined);
    const form = island.querySelector('form')!;
    const submits = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submits);

    island
      .querySelector('[name=send]')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    form.requestSubmit();
    expect(submits).not.toHaveBeenCalled();

    held.release();
    // The tap on the button submits the form, and so does the held requestSubmit().
    expect(submits).toHaveBeenCalledTimes(2);
  });

  it('lets links work at once, and passes focus on to the island once live, in order', () => {
    const held = holdInteractions(island, () => undefined);
    island.addEventListener('focusin', record);
    island.addEventListener('focusout', record);
    const link = island.querySelector('a')!;
    const follow = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(follow);
    expect(follow.defaultPrevented).toBe(false);

    const email = island.querySelector('input')!;
    email.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    email.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect(seen).toEqual([]);
    held.release();
    expect(seen).toEqual(['focusin email', 'focusout email']);
  });
});
