/**
 * The server draws the sign-in page into the HTML of /login/:org (server/lib/login-first-paint.tsx) in an
 * element of this id, next to #root, so the page shows before the scripts have loaded. Its inline script
 * (server/lib/first-paint-script.ts) marks <html> with SIGNED_IN_MARK when the tab holds a refresh token: the
 * session reloads first (spec 4), and no sign-in form may flash.
 */
export const FIRST_PAINT_ID = 'first-paint';
export const SIGNED_IN_MARK = 'data-session';
