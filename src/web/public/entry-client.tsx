// Hydrates the server-rendered page with the data the server embedded in it.
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '#shared/page-data.ts';
import { PublicApp } from './app.tsx';
import './styles.css';

const root = document.getElementById('root');
const embedded = document.getElementById(PAGE_DATA_ELEMENT_ID);
if (root && embedded?.textContent) {
  const data = JSON.parse(embedded.textContent) as PageData;
  hydrateRoot(
    root,
    <StrictMode>
      <PublicApp path={root.dataset.page ?? window.location.pathname} data={data} />
    </StrictMode>,
  );
}
