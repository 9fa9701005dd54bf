// The admin's pages as the build writes them (docs/decisions/0478): one copy of the admin shell per
// screen, in `admin-screens/<screen>.html` of the browser build, answered by the server at
// `/admin/<screen>`. Each asks at once for its screen's scripts; the screens listed here are also
// written into their page, and the admin client hydrates them when the root's attribute names the
// path it is on. Every other signed-in screen's page shows the signed-in frame (the layout with only
// the screen's heading in its main part) until the client draws the screen (decision 0486); the
// dashboard and the bookings screen are drawn by the server with the admin's data when the page's
// request carries the session cookie (decision 0491).

/** The folder of the browser build that holds one page per admin screen. */
export const ADMIN_SCREEN_PAGES = 'admin-screens';

/** The root element's attribute that names the path whose screen the page holds. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The screens written into their page: the one the owner meets first. */
export const PRERENDERED_ADMIN_SCREENS: readonly string[] = ['login'];

/** The root element's attribute on a page that holds the signed-in frame (decision 0486). */
export const SIGNED_IN_FRAME_ATTRIBUTE = 'data-signed-in-frame';

/**
 * The signed-in screens the server draws on request, with the admin's own data, when the page's
 * request carries the session cookie (decision 0491): the two the owner opens from a phone most.
 */
export const SERVER_DRAWN_SCREENS: readonly string[] = ['dashboard', 'bookings'];

/**
 * Marks a button of markup drawn before any script, disabled until the client has started: the client
 * enables it again before it hydrates a drawn screen.
 */
export const UNTIL_SCRIPT_ATTRIBUTE = 'data-until-script';

/** The root element's attribute on a page whose screen the server drew (decision 0491). */
export const SERVER_DRAWN_ATTRIBUTE = 'data-drawn-on-server';

/**
 * The cookie that carries the admin's session token on the admin's own pages (`Path=/admin`,
 * `SameSite=Strict`), so the server can draw a screen with its data. Only the page answer reads
 * it; the API never accepts it (its token is the bearer header), so no other site can use it.
 */
export const SESSION_COOKIE = 'adminSession';

/** The page's JSON block with the answers the server drew its screen from (React Query's state). */
export const QUERY_STATE_ID = 'admin-query-state';

/** The page's JSON block of the scripts its screen needs, asked for once the page is painted. */
export const PRELOADS_ID = 'admin-preloads';

/**
 * The template of a drawn screen's page, per screen, in this folder under the screen pages' (never
 * served as it is), and where the server puts the screen and its answers in it.
 */
export const DRAWN_PAGE_TEMPLATES = 'drawn';
export const DRAWN_SCREEN_SLOT = '<!--drawn-screen-->';
export const QUERY_STATE_SLOT = '<!--query-state-->';

/** How the server answers one of a drawn screen's API requests (`/api/...`), as the page's admin. */
export type AdminApiFetch = (url: string, init: RequestInit) => Promise<Response>;

/** A signed-in screen drawn on the server: its markup, and the answers it was drawn from. */
export interface DrawnAdminScreen {
  markup: string;
  /** React Query's dehydrated state, for the client's first render to start from. */
  state: unknown;
}

/** The admin renderer's entry (dist/ssr/admin-screens.js, src/web/admin/server-render.tsx). */
export type DrawSignedInScreen = (path: string, api: AdminApiFetch) => Promise<DrawnAdminScreen | null>;
