// The admin screens written into their page at build time (docs/decisions/0478): the build writes
// each into its own copy of the admin shell, the server answers the screen's path with that copy, and
// the admin client hydrates it when the root's attribute names the path it is on.

/** The root element's attribute that names the path whose screen the page holds. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Path → the file in the browser build that holds its screen. */
export const PRERENDERED_ADMIN_SCREENS: Readonly<Record<string, { file: string }>> = {
  '/admin/login': { file: 'admin-login.html' },
};
