import { SignJWT, jwtVerify, errors } from 'jose';
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

/** Verifies an access JWT (HS256 only, audience and issuer, times against `now`); throws a 401 ApiError. */
export async function verifyAccessToken(
  token: string,
  key: Uint8Array,
  config: Pick<Config, 'jwtIssuer' | 'jwtAudience'>,
  now: Date,
): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: config.jwtIssuer,
      audience: config.jwtAudience,
      currentDate: now,
      requiredClaims: ['sub', 'sid', 'typ', 'iat', 'nbf', 'exp'],
    });
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || typeof payload.sid !== 'string' || !Number.isSafeInteger(userId) || userId <= 0) {
      throw tokenNotValid();
    }
    return { userId, familyId: payload.sid };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) throw tokenNotValid();
    throw error;
  }
}
