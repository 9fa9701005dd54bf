// Where an island sits in the server-rendered page (islands.ts): an element with no box of its own
// (display: contents, so the layout is what it was without it) that names the island, carries its
// props as JSON, and holds its markup, rendered as a root of its own so the browser can hydrate it
// alone. The server provides the renderer (entry-server.tsx); this file reaches no island's code.
import { createContext, useContext } from 'react';
import { ISLAND_ATTRIBUTE } from './island-markup.ts';
import type { IslandName, IslandProps } from './islands.ts';
import type { JsonObject } from './json.ts';

/** One island's markup, rendered as its own root with the page's data. */
export type RenderIsland = <N extends IslandName>(name: N, props: IslandProps<N>) => string;

export const IslandRenderer = createContext<RenderIsland | null>(null);

// JsonObject as well as the component's props: a value passed with more in it than the component
// takes (a spread record, say) is written into the page whole, so the rest must be JSON too.
type Props<N extends IslandName> = { name: N } & (object extends IslandProps<N>
  ? { props?: IslandProps<N> & JsonObject }
  : { props: IslandProps<N> & JsonObject });

export function Island<N extends IslandName>({ name, props }: Props<N>) {
  const render = useContext(IslandRenderer);
  if (!render) throw new Error(`island ${name} rendered without IslandRenderer`);
  const own = (props ?? {}) as IslandProps<N>;
  const json = JSON.stringify(own);
  return (
    <div
      {...{ [ISLAND_ATTRIBUTE]: name }}
      data-props={json === '{}' ? undefined : json}
      className="contents"
      dangerouslySetInnerHTML={{ __html: render(name, own) }}
    />
  );
}
