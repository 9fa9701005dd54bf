// The script of an admin page whose screen is in it before any script: written in at build time
// (decision 0478), or drawn by the server with the admin's data (decision 0491). The admin client
// starts once the screen has been painted, so its scripts do not compete with the page, its stylesheet
// and its fonts for a slow connection before the owner sees it; the form can be filled in meanwhile.
// A drawn screen's page lists every script its screen needs, asked for together then rather than one
// import after another.
import { PRELOADS_ID } from '#shared/admin-prerendered.ts';

/**
 * A first frame can be painted with no text in it yet, while a font face is still on its way (its
 * text is held back for a moment): the page's first contentful paint is what is waited for, and a
 * page never painted (opened in a background tab) starts anyway after a while.
 */
const PAINT_AWAITED_MS = 1000;

function preloadListed(): void {
  const listed = document.getElementById(PRELOADS_ID)?.textContent;
  for (const file of listed ? (JSON.parse(listed) as string[]) : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}

let started = false;
function startClient(): void {
  if (started) return;
  started = true;
  preloadListed();
  void import('./main.tsx');
}

const painted = new PerformanceObserver((entries) => {
  if (!entries.getEntriesByName('first-contentful-paint').length) return;
  painted.disconnect();
  setTimeout(startClient);
});
painted.observe({ type: 'paint', buffered: true });
setTimeout(startClient, PAINT_AWAITED_MS);
