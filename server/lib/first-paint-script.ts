import { createHash } from 'node:crypto';
import { FIRST_PAINT_ID, SIGNED_IN_MARK } from '../../src/routes/login/first-paint-marks';

/**
 * In the head of a page holding the sign-in page's first paint: hides it when the tab holds a refresh token
 * (sessionStorage 'refresh'), since the app reloads that session before it shows anything (spec 4). The CSP
 * allows this one script by its hash (security-headers.ts), not 'unsafe-inline'.
 */
export const FIRST_PAINT_SCRIPT = `try{if(sessionStorage.getItem("refresh")!==null)document.documentElement.setAttribute("${SIGNED_IN_MARK}","")}catch(e){}`;
export const FIRST_PAINT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`;

export const FIRST_PAINT_HEAD = `<script>${FIRST_PAINT_SCRIPT}</script><style>[${SIGNED_IN_MARK}] #${FIRST_PAINT_ID}{display:none}</style>`;
