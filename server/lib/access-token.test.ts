import { createHmac, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token';

const key = new Uint8Array(randomBytes(32));
const config = { accessTokenSeconds: 300, jwtIssuer: 'care-portal', jwtAudience: 'care-portal-api' };
const now = new Date('2026-06-01T12:00:00Z');
const iat = Math.floor(now.getTime() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const CLAIMS = {
  sub: '7',
  sid: 'family-1',
  typ: 'access',
  aud: 'care-portal-api',
  iss: 'care-portal',
  iat,
  nbf: iat,
  exp: iat + 300,
};

/** A token signed with `key` (HS256 by default) from any header and claims. */
function forge(
  claims: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
  signingKey: Uint8Array = key,
) {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', signingKey).update(input).digest('base64url')}`;
}

describe('verifyAccessToken (node:crypto HS256)', () => {
  it('accepts the tokens signAccessToken (jose) issues, until they expire', async () => {
    const token = await signAccessToken({ userId: 7, familyId: 'family-1' }, key, config, now);
    await expect(verifyAccessToken(token, key, config, now)).resolves.toEqual({ userId: 7, familyId: 'family-1' });
    await expect(verifyAccessToken(token, key, config, new Date(now.getTime() + 299_000))).resolves.toMatchObject({
      userId: 7,
    });
    await expect(verifyAccessToken(token, key, config, new Date(now.getTime() + 300_000))).rejects.toMatchObject({
      statusCode: 401,
    });
    expect(
      await verifyAccessToken(forge({ ...CLAIMS, aud: ['other', 'care-portal-api'] }), key, config, now),
    ).toMatchObject({ userId: 7 });
  });

  it.each<[string, () => string | Promise<string>]>([
    ['alg none', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(CLAIMS)}.`],
    ['alg HS512', () => new SignJWT({ ...CLAIMS }).setProtectedHeader({ alg: 'HS512' }).sign(key)],
    ['alg RS256 label on an HMAC', () => forge(CLAIMS, { alg: 'RS256', typ: 'JWT' })],
    ['a crit header', () => forge(CLAIMS, { alg: 'HS256', crit: ['exp'] })],
    ['the wrong key', () => forge(CLAIMS, undefined, new Uint8Array(randomBytes(32)))],
    ['expired', () => forge({ ...CLAIMS, exp: iat })],
    ['not yet valid', () => forge({ ...CLAIMS, nbf: iat + 1 })],
    ['wrong audience', () => forge({ ...CLAIMS, aud: 'someone-else' })],
    ['wrong issuer', () => forge({ ...CLAIMS, iss: 'someone-else' })],
    ['a refresh used as access', () => forge({ ...CLAIMS, typ: 'refresh' })],
    ['no nbf', () => forge({ ...CLAIMS, nbf: undefined })],
    ['no iat', () => forge({ ...CLAIMS, iat: undefined })],
    ['no sid', () => forge({ ...CLAIMS, sid: undefined })],
    ['a string exp', () => forge({ ...CLAIMS, exp: String(iat + 300) })],
    ['a hex subject', () => forge({ ...CLAIMS, sub: '0x7' })],
    ['a payload that is not an object', () => forge([CLAIMS] as unknown as Record<string, unknown>)],
    [
      'a flipped signature bit',
      () => {
        const token = forge(CLAIMS);
        const last = token.at(-2)!;
        return token.slice(0, -2) + (last === 'A' ? 'B' : 'A') + token.at(-1);
      },
    ],
    [
      'a non-canonical signature (same bytes, other last character)',
      () => {
        const token = forge(CLAIMS);
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
        const index = alphabet.indexOf(token.at(-1)!);
        return token.slice(0, -1) + alphabet[index ^ 1];
      },
    ],
    ['padding', () => `${forge(CLAIMS)}=`],
    ['four segments', () => `${forge(CLAIMS)}.x`],
  ])('refuses %s', async (_, make) => {
    await expect(verifyAccessToken(await make(), key, config, now)).rejects.toMatchObject({
      statusCode: 401,
      code: 'token_not_valid',
    });
  });
});

describe('verifyAccessToken: what a holder of the key could still sign wrongly', () => {
  /** A token signed with `key` from raw header and payload segments (any bytes, any padding). */
  const signRaw = (header: string, payload: string) =>
    `${header}.${payload}.${createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url')}`;
  const raw = (value: string) => Buffer.from(value).toString('base64url');

  it.each<[string, () => string]>([
    ['a header typ other than JWT', () => forge(CLAIMS, { alg: 'HS256', typ: 'JWS' })],
    ['a payload of null', () => signRaw(b64({ alg: 'HS256' }), raw('null'))],
    ['a payload that is a number', () => signRaw(b64({ alg: 'HS256' }), raw('7'))],
    ['a payload that is no JSON', () => signRaw(b64({ alg: 'HS256' }), raw('{"sub":'))],
    ['a payload segment padded with =', () => signRaw(b64({ alg: 'HS256' }), `${b64(CLAIMS)}=`)],
    ['a payload segment after a space', () => signRaw(b64({ alg: 'HS256' }), ` ${b64(CLAIMS)}`)],
    ['a payload segment before a space', () => signRaw(b64({ alg: 'HS256' }), `${b64(CLAIMS)} `)],
    ['an empty header', () => signRaw('', b64(CLAIMS))],
    ['a signature with a character before it', () => `${forge(CLAIMS)}`.replace(/\.([^.]+)$/, '. $1')],
    ['a signature with a character after it', () => `${forge(CLAIMS)} `],
    ['a string iat', () => forge({ ...CLAIMS, iat: String(iat) })],
    ['a numeric subject', () => forge({ ...CLAIMS, sub: 7 })],
    ['subject 0', () => forge({ ...CLAIMS, sub: '0' })],
    ['a numeric session id', () => forge({ ...CLAIMS, sid: 5 })],
  ])('refuses %s with 401, not an error of its own', async (_, make) => {
    await expect(verifyAccessToken(make(), key, config, now)).rejects.toMatchObject({
      statusCode: 401,
      code: 'token_not_valid',
    });
  });

  it('accepts a header without typ, as jose does', async () => {
    await expect(verifyAccessToken(forge(CLAIMS, { alg: 'HS256' }), key, config, now)).resolves.toEqual({
      userId: 7,
      familyId: 'family-1',
    });
  });
});
