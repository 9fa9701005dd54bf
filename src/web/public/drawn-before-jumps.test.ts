// @vitest-environment happy-dom
// Issue 27: the sections below the hero are drawn only near the screen, so a jump to one of them
// must have them all drawn before it is aimed, or it ends beside its target.
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_DRAWN_CLASS, drawAllBeforeJumps } from './drawn-before-jumps.ts';

const drawn = () => document.documentElement.classList.contains(ALL_DRAWN_CLASS);

describe('drawing every section before a jump', () => {
  afterEach(() => {
    document.documentElement.classList.remove(ALL_DRAWN_CLASS);
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('draws them when a link to a place on this page is clicked, before the jump is aimed', () => {
    document.body.innerHTML =
      '<a id="away" href="/privacy-policy">Privacy</a><a id="jump" href="#contact"><span>Contact</span></a>';
    drawAllBeforeJumps(document);
    document.getElementById('away')!.addEventListener('click', (event) => event.preventDefault());
    document.getElementById('away')!.click();
    expect(drawn()).toBe(false);

    let drawnWhenClicked = false;
    document.getElementById('jump')!.addEventListener('click', (event) => {
      drawnWhenClicked = drawn();
      event.preventDefault();
    });
    document.querySelector('span')!.click();
    expect(drawnWhenClicked).toBe(true);
  });

  it('draws them at once when the page is opened at a place', () => {
    window.history.replaceState(null, '', '/#about');
    drawAllBeforeJumps(document);
    expect(drawn()).toBe(true);
  });
});
