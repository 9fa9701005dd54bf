// The server's renderer (built by `vite build --ssr` into dist/ssr): markup and <head> of one page.
import { renderToString } from 'react-dom/server';
import type { RenderPage } from '#shared/page-data.ts';
import { PublicApp, resolvePage } from './app.tsx';
import { renderHead } from './seo/head.ts';

export const render: RenderPage = (path, data) => {
  const page = resolvePage(path);
  return {
    body: renderToString(<PublicApp path={path} data={data} />),
    head: renderHead(page, data),
    status: page === 'not-found' ? 404 : 200,
  };
};
