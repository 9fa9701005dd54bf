// The sections below the hero are drawn only near the screen (styles.css .below-fold, issue 27),
// each holding a place of about its height until then. A jump to a place on the page is aimed at
// where its target is when it starts; the sections it passes are then drawn at their real heights
// and it would end beside the target. So a page opened at a place (/#contact) has every section
// drawn at once, and on any other the first click on a link to a place on this page has them drawn
// before the jump is aimed (one layout of the whole page, as every page load did before). Without
// script, a style in <noscript> draws them all from the start (seo/head.ts).

import { ISLAND_HYDRATED_EVENT } from './islands/island-markup.ts';

/** On <html>: every section is drawn (styles.css). */
export const ALL_DRAWN_CLASS = 'all-drawn';

const isJumpOnThisPage = (link: HTMLAnchorElement, here: Location) =>
  link.hash !== '' && link.origin === here.origin && link.pathname === here.pathname;

export function drawAllBeforeJumps(doc: Document = document): void {
  if (doc.location.hash !== '') {
    doc.documentElement.classList.add(ALL_DRAWN_CLASS);
    keepAtTarget(doc);
    return;
  }
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || !isJumpOnThisPage(link, doc.location)) return;
    // Before the click's default action: the jump is aimed after the styles are brought up to date.
    doc.documentElement.classList.add(ALL_DRAWN_CLASS);
    doc.removeEventListener('click', onClick, { capture: true });
  };
  doc.addEventListener('click', onClick, { capture: true });
}

/**
 * A page opened at a place is aimed there as it loads; web fonts, pictures and islands that arrive
 * later can still change the heights around the target on a slow phone. Until the visitor moves the
 * page themselves, it is put back at the target once each is in (fonts ready, the load event, each
 * island hydrated).
 */
function keepAtTarget(doc: Document): void {
  const target = doc.getElementById(decodeURIComponent(doc.location.hash.slice(1)));
  if (!target) return;
  let movedByVisitor = false;
  const moved = () => {
    movedByVisitor = true;
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
    doc.addEventListener(type, moved, { once: true, passive: true, capture: true });
  const realign = () => {
    if (!movedByVisitor) target.scrollIntoView({ block: 'start', behavior: 'instant' });
  };
  void doc.fonts?.ready.then(realign);
  doc.addEventListener(ISLAND_HYDRATED_EVENT, realign);
  if (doc.readyState === 'complete') realign();
  else doc.defaultView?.addEventListener('load', realign, { once: true });
}
