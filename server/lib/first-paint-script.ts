import { createHash } from 'node:crypto';
import { ORGANIZATION_HEADER } from '#domain/constants';
import { FIRST_PAINT_ID, FIRST_PAINT_LOOKUP, SIGNED_IN_MARK } from '#domain/first-paint-marks';

const HIDE_FOR_SESSION = `try{if(sessionStorage.getItem("refresh")!==null)document.documentElement.setAttribute("${SIGNED_IN_MARK}","")}catch(e){}`;

// The :org of the location, as the app reads it (organizationTokenFromPath); the request is the app's own
// lookup (retrievePublicOrganization), header included. A failure is the app's to handle, not an unhandled one.
const START_LOOKUP =
  String.raw`(function(){try{var m=/^\/login\/([^/]+)\/?$/.exec(location.pathname);if(m){var t=decodeURIComponent(m[1]);` +
  `var r=fetch("/api/organizations/"+encodeURIComponent(t)+"/",{headers:{accept:"application/json",${JSON.stringify(ORGANIZATION_HEADER)}:t}});` +
  `r.catch(function(){});window[${JSON.stringify(FIRST_PAINT_LOOKUP)}]={token:t,response:r}}}catch(e){}})();`;

/**
 * In the head of a page holding the sign-in page's first paint: hides it when the tab holds a refresh token
 * (sessionStorage 'refresh'), since the app reloads that session before it shows anything (spec 4), and starts
 * the organization's lookup (see FIRST_PAINT_LOOKUP). The CSP allows this one script by its hash
 * (security-headers.ts), not 'unsafe-inline'.
 */
export const FIRST_PAINT_SCRIPT = HIDE_FOR_SESSION + START_LOOKUP;
export const FIRST_PAINT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`;

export const FIRST_PAINT_HEAD = `<script>${FIRST_PAINT_SCRIPT}</script><style>[${SIGNED_IN_MARK}] #${FIRST_PAINT_ID}{display:none}</style>`;
