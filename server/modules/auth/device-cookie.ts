import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser that signed in to
 * an account gets a signed cookie naming that account. When failed sign-ins from elsewhere put the account
 * under attack, attempts without such a cookie are held back while its owner, on a device that signed in
 * before, signs in as usual; that device's own failures are counted on its cookie.
 */
export const DEVICE_COOKIE_PATH = '/api/auth/login/';
const MAX_AGE_SECONDS = 180 * 24 * 3600;

const cookieName = (userId: number) => `cp_device_${userId}`;
const sign = (key: Buffer, userId: number, nonce: string) =>
  createHmac('sha256', key).update(`${userId}.${nonce}`).digest('base64url').slice(0, 32);

function readCookie(cookies: string | undefined, name: string): string | null {
  for (const part of (cookies ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** The nonce of this browser's valid device cookie for the account (in its Cookie header), or null. */
export function trustedDevice(cookies: string | undefined, key: Buffer, userId: number): string | null {
  const value = readCookie(cookies, cookieName(userId));
  const match = value ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{32})$/.exec(value) : null;
  if (!match) return null;
  const expected = Buffer.from(sign(key, userId, match[1]));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
}

/** The Set-Cookie header of a (new or kept) device cookie after a successful sign-in (`secure`: over HTTPS). */
export function deviceCookieHeader(
  secure: boolean,
  key: Buffer,
  userId: number,
  nonce = randomBytes(16).toString('base64url'),
): string {
  return `${cookieName(userId)}=${nonce}.${sign(key, userId, nonce)}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
