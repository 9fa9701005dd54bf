// Hydrates the server-rendered page with the data the server embedded in it (entry-client.tsx loads
// this once the hero picture has been painted).
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '#shared/page-data.ts';
import { PublicApp } from './app.tsx';

const root = document.getElementById('root');
const embedded = document.getElementById(PAGE_DATA_ELEMENT_ID);
if (root && embedded?.textContent) {
  const data = JSON.parse(embedded.textContent) as PageData;
  // As a transition, React hydrates in slices and lets the browser paint and answer taps between
  // them, rather than in one long task (issue 18: total blocking time).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <PublicApp path={root.dataset.page ?? window.location.pathname} data={data} />
      </StrictMode>,
    );
  });
}
