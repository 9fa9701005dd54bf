// The server's renderer (built by `vite build --ssr` into dist/ssr): markup and <head> of one page.
// Each island (islands/islands.ts) is rendered as a root of its own inside it, as the browser
// hydrates it.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { RenderPage } from '#shared/page-data.ts';
import { PublicApp, resolvePage } from './app.tsx';
import { IslandRenderer, type RenderIsland } from './islands/island.tsx';
import { ISLAND_COMPONENTS } from './islands/island-components.ts';
import { islandRoot } from './islands/island-root.tsx';
import { islandIdPrefix } from './islands/island-markup.ts';
import { renderHead } from './seo/head.ts';

export const render: RenderPage = (path, data) => {
  const renderIsland: RenderIsland = (name, props) =>
    renderToString(islandRoot(ISLAND_COMPONENTS[name] as ComponentType<object>, props, data), {
      identifierPrefix: islandIdPrefix(name),
    });
  const page = resolvePage(path);
  return {
    body: renderToString(
      <IslandRenderer value={renderIsland}>
        <PublicApp path={path} data={data} />
      </IslandRenderer>,
    ),
    head: renderHead(page, data),
    status: page === 'not-found' ? 404 : 200,
  };
};
