// Hydrates one island as a React root of its own (start-islands.ts imports this, with React, when
// the first island is due), from the data the server embedded in the page.
import { startTransition, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '#shared/page-data.ts';
import { islandRoot } from './island-root.tsx';
import { islandIdPrefix } from './island-markup.ts';
import type { IslandName } from './islands.ts';

let pageData: PageData | undefined;

const embeddedData = (): PageData =>
  (pageData ??= JSON.parse(document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent ?? 'null') as PageData);

/** Hydrates `element`'s island; `onHydrated` runs once its effects have run. */
export function hydrateIsland(
  element: HTMLElement,
  name: IslandName,
  Component: ComponentType<object>,
  onHydrated: () => void,
): void {
  const props = element.dataset.props ? (JSON.parse(element.dataset.props) as object) : {};
  // As a transition, React hydrates in slices and lets the browser paint and answer taps between them.
  startTransition(() => {
    hydrateRoot(element, islandRoot(Component, props, embeddedData(), onHydrated), {
      identifierPrefix: islandIdPrefix(name),
    });
  });
}
