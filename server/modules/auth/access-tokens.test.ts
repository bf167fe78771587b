import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, exportSPKI, importPKCS8 } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApi } from '../../test-client';

const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

describe('access tokens: the forged JWT corpus is refused whole', () => {
  let t: TestApi;
  let valid: string;
  let refresh: string;
  let claims: Record<string, unknown>;

  beforeAll(async () => {
    t = await testApp();
    const session = await t.as('admin@sunrise.example');
    valid = session.access;
    refresh = session.refresh;
    claims = JSON.parse(Buffer.from(valid.split('.')[1], 'base64url').toString());
  });
  afterAll(async () => t?.close());

  const call = (token: string) => t.bearer(token, 'sunrise').get('/api/auth/user/');

  const sign = (payload: Record<string, unknown>, key: Uint8Array = t.app.keys.access, alg = 'HS256') =>
    new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);

  it('accepts the genuine token (control)', async () => {
    expect((await call(valid)).statusCode).toBe(200);
  });

  it('refuses every forgery with 401', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rsaPrivate = await importPKCS8(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'RS256');
    const publicPem = await exportSPKI(publicKey as never).catch(() =>
      publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    );
    const [header, payload, signature] = valid.split('.');
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);

    const corpus: Record<string, string> = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'alg none, upper case': `${b64({ alg: 'NONE', typ: 'JWT' })}.${payload}.`,
      'wrong key': await sign(claims, new TextEncoder().encode('another secret of enough length!!')),
      'RS256 signed with a private key': await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256' })
        .sign(rsaPrivate),
      'HS256 keyed with the RSA public key (HS/RS confusion)': await sign(claims, new TextEncoder().encode(publicPem)),
      expired: await sign({ ...claims, iat: now - 600, nbf: now - 600, exp: now - 1 }),
      'not yet valid': await sign({ ...claims, iat: now, nbf: now + 120, exp: now + 400 }),
      'wrong audience': await sign({ ...claims, aud: 'another-api' }),
      'wrong issuer': await sign({ ...claims, iss: 'someone-else' }),
      'no expiry': await sign({ ...claims, exp: undefined }),
      'typ refresh': await sign({ ...claims, typ: 'refresh' }),
      'unknown family': await sign({ ...claims, sid: '00000000-0000-4000-8000-000000000000' }),
      'other user on this family': await sign({ ...claims, sub: '1' }),
      'refresh token used as access': refresh,
      'flipped bit in the signature': `${header}.${payload}.${flip(signature, 5)}`,
      'flipped bit in the payload': `${header}.${flip(payload, 10)}.${signature}`,
      'flipped bit in the header': `${flip(header, 3)}.${payload}.${signature}`,
      'signature removed': `${header}.${payload}.`,
      garbage: 'a.b.c',
      'empty segments': '..',
    };
    const accepted: string[] = [];
    for (const [name, token] of Object.entries(corpus)) {
      const answer = await call(token);
      if (answer.statusCode !== 401) accepted.push(`${name}: ${answer.statusCode}`);
      else expect(answer.json().code).toMatch(/token_not_valid|not_authenticated/);
    }
    expect(accepted).toEqual([]);
  });

  it('refuses a token once it expires on the injected clock', async () => {
    const session = await t.as('nurse@sunrise.example');
    t.clock.advance(t.config.accessTokenSeconds - 5);
    expect((await call(session.access)).statusCode).toBe(200);
    t.clock.advance(10);
    expect((await call(session.access)).statusCode).toBe(401);
  });

  it('refuses a token it accepted a moment ago once its session ends (the session in the database decides each time)', async () => {
    const session = await t.as('nurse@sunrise.example');
    expect((await call(session.access)).statusCode).toBe(200);
    const logout = await t.anonymous.post('/api/auth/logout/', { refresh: session.refresh });
    expect(logout.statusCode).toBe(204);
    expect((await call(session.access)).statusCode).toBe(401);
  });

  it('asks for credentials when none or a non-Bearer scheme is sent', async () => {
    const none = await t.anonymous.get('/api/auth/user/');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
    const basic = await t.anonymous.get('/api/auth/user/', { authorization: 'Basic YTpi' });
    expect(basic.statusCode).toBe(401);
  });
});
