// What the server's island markup and the browser's island script agree on (no island's code here:
// the server's renderer reads this without pulling in the islands' dynamic imports).
/** The attribute naming an island's element (its props are in data-props, as JSON). */
export const ISLAND_ATTRIBUTE = 'data-island';

/**
 * Marks a control that works before its island hydrates (a first focus hydrates it; a click or a
 * submit is held until it has): enabled once the islands at start are live — so React has been
 * shown to arrive — where it is disabled for the page without script.
 */
export const ENABLED_BY_PAGE_SCRIPT = 'data-enabled-by-page-script';

/** Dispatched on the document each time an island has hydrated (its effects have run). */
export const ISLAND_HYDRATED_EVENT = 'island-hydrated';

/** Each root's own useId prefix, the same on the server and in the browser. */
export const islandIdPrefix = (name: string) => `${name}-`;
