import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Config } from '../config';
import { tokenNotValid } from './api-error';

export interface AccessClaims {
  userId: number;
  familyId: string;
}

export async function signAccessToken(
  claims: AccessClaims,
  key: Uint8Array,
  config: Pick<Config, 'accessTokenSeconds' | 'jwtIssuer' | 'jwtAudience'>,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.familyId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(config.jwtIssuer)
    .setAudience(config.jwtAudience)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + config.accessTokenSeconds)
    .sign(key);
}

const HS256_SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const keyObjects = new WeakMap<Uint8Array, KeyObject>();

function keyObject(key: Uint8Array): KeyObject {
  let object = keyObjects.get(key);
  if (!object) keyObjects.set(key, (object = createSecretKey(key)));
  return object;
}

function decodeJson(segment: string | undefined): Record<string, unknown> | null {
  if (!segment || !/^[A-Za-z0-9_-]+$/.test(segment)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const isNumericDate = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** An access token whose signature and claims verified, with its lifetime (seconds since the epoch). */
export interface VerifiedAccessToken extends AccessClaims {
  notBefore: number;
  expires: number;
}

/**
 * Verifies an access JWT, as strictly as jose's jwtVerify with algorithms ['HS256'], issuer, audience and the
 * required claims, but with a synchronous node:crypto HMAC (the key object cached): header alg exactly HS256
 * and no `crit`; the signature in canonical base64url, compared in constant time; iss, aud, typ, sub, sid,
 * iat, nbf and exp all present; nbf ≤ now < exp. Throws a 401 ApiError.
 */
export async function verifyAccessToken(
  token: string,
  key: Uint8Array,
  config: Pick<Config, 'jwtIssuer' | 'jwtAudience'>,
  now: Date,
): Promise<AccessClaims> {
  return accessTokenInLifetime(verifyAccessTokenSignature(token, key, config), now);
}

/** The claims of a verified token when `now` is inside its lifetime (nbf ≤ now < exp); else a 401 ApiError. */
export function accessTokenInLifetime(verified: VerifiedAccessToken, now: Date): AccessClaims {
  const seconds = Math.floor(now.getTime() / 1000);
  if (verified.notBefore > seconds || verified.expires <= seconds) throw tokenNotValid();
  return { userId: verified.userId, familyId: verified.familyId };
}

/** Everything verifyAccessToken checks but the lifetime: a pure function of the token, the key and the config. */
export function verifyAccessTokenSignature(
  token: string,
  key: Uint8Array,
  config: Pick<Config, 'jwtIssuer' | 'jwtAudience'>,
): VerifiedAccessToken {
  const parts = token.split('.');
  if (parts.length !== 3) throw tokenNotValid();
  const [encodedHeader, encodedPayload, signature] = parts as [string, string, string];
  const header = decodeJson(encodedHeader);
  if (
    !header ||
    header.alg !== 'HS256' ||
    header.crit !== undefined ||
    (header.typ !== undefined && header.typ !== 'JWT')
  ) {
    throw tokenNotValid();
  }
  if (!HS256_SIGNATURE.test(signature)) throw tokenNotValid();
  const expected = createHmac('sha256', keyObject(key))
    .update(`${encodedHeader}.${encodedPayload}`)
    .digest('base64url');
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) throw tokenNotValid();

  const payload = decodeJson(encodedPayload);
  if (!payload) throw tokenNotValid();
  const audience = payload.aud;
  const audienceOk = Array.isArray(audience) ? audience.includes(config.jwtAudience) : audience === config.jwtAudience;
  if (
    payload.iss !== config.jwtIssuer ||
    !audienceOk ||
    payload.typ !== 'access' ||
    !isNumericDate(payload.iat) ||
    !isNumericDate(payload.nbf) ||
    !isNumericDate(payload.exp) ||
    typeof payload.sid !== 'string' ||
    typeof payload.sub !== 'string'
  ) {
    throw tokenNotValid();
  }
  const userId = Number(payload.sub);
  if (!/^\d+$/.test(payload.sub) || !Number.isSafeInteger(userId) || userId <= 0) throw tokenNotValid();
  return { userId, familyId: payload.sid, notBefore: payload.nbf, expires: payload.exp };
}
