// The admin's pages as the build writes them (docs/decisions/0478): one copy of the admin shell per
// screen, in `admin-screens/<screen>.html` of the browser build, answered by the server at
// `/admin/<screen>`. Each asks at once for its screen's scripts; the screens listed here are also
// written into their page, and the admin client hydrates them when the root's attribute names the
// path it is on. Every other signed-in screen's page shows the signed-in frame (the layout with only
// the screen's heading in its main part) until the client draws the screen (decision 0486).

/** The folder of the browser build that holds one page per admin screen. */
export const ADMIN_SCREEN_PAGES = 'admin-screens';

/** The root element's attribute that names the path whose screen the page holds. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The screens written into their page: the one the owner meets first. */
export const PRERENDERED_ADMIN_SCREENS: readonly string[] = ['login'];

/** The root element's attribute on a page that holds the signed-in frame (decision 0486). */
export const SIGNED_IN_FRAME_ATTRIBUTE = 'data-signed-in-frame';
