/**
 * The server draws the sign-in page into the HTML of /login/:org (server/lib/login-first-paint.tsx) in an
 * element of this id, next to #root, so the page shows before the scripts have loaded. Its inline script
 * (server/lib/first-paint-script.ts) marks <html> with SIGNED_IN_MARK when the tab holds a refresh token: the
 * session reloads first (spec 4), and no sign-in form may flash.
 */
export const FIRST_PAINT_ID = 'first-paint';
export const SIGNED_IN_MARK = 'data-session';

/**
 * The same script starts the organization's lookup (organizations_retrieve, with the token as
 * X-ORGANIZATION-TOKEN: spec 7) before the app's scripts have loaded, and leaves it on `window` under this
 * name; the app takes it instead of asking again (retrievePublicOrganization). A `<link rel="preload">` would
 * start it as early, but cannot send the header.
 */
export const FIRST_PAINT_LOOKUP = 'carePortalFirstPaintLookup';

export interface FirstPaintLookup {
  /** The `:org` of /login/:org, decoded, as sent in the header. */
  token: string;
  response: Promise<Response>;
}
