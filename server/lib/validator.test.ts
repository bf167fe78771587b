import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type Answer, type Caller, type TestApi } from '../test-client';

/** Input the validator refuses in one place, for every route: each a 400 naming the field, never a 500. */
describe('request validation', () => {
  let t: TestApi;
  let admin: Caller;

  beforeAll(async () => {
    t = await testApp();
    admin = await t.as('admin@sunrise.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  function expectInvalid(response: Answer, field: string) {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.code).toBe('invalid');
    expect(Object.keys(body.fields ?? {})).toContain(field);
  }

  it('caps offset: a huge offset is a 400 naming offset, the cap itself an empty page', async () => {
    expectInvalid(await admin.get('/api/users/?offset=99999999999999999999'), 'offset');
    expectInvalid(await admin.get('/api/users/?offset=10000001'), 'offset');
    const atCap = await admin.get('/api/users/?offset=10000000');
    expect(atCap.statusCode).toBe(200);
    expect(atCap.json().results).toEqual([]);
  });

  it.each(['1.5', '0x10', '%20', '1e2', '', '+5', '5abc'])(
    'refuses ?limit=%s: only decimal digits are an integer',
    async (value) => {
      expectInvalid(await admin.get(`/api/users/?limit=${value}`), 'limit');
    },
  );

  it('still accepts plain decimal integers', async () => {
    const response = await admin.get('/api/users/?limit=2&offset=0');
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toHaveLength(2);
  });

  it.each(['0x10', '1.5', '1e1'])('refuses /api/users/%s/ as an id', async (value) => {
    expectInvalid(await admin.get(`/api/users/${value}/`), 'id');
  });

  it('refuses NUL and lone surrogates in bodies, naming the field', async () => {
    for (const first_name of ['a\u0000b', '\u0000', '\ud800', 'x\udfffy']) {
      const response = await admin.patch('/api/auth/user/', JSON.stringify({ first_name }), {
        'content-type': 'application/json',
      });
      expectInvalid(response, 'first_name');
    }
    const paired = await admin.patch('/api/auth/user/', { first_name: 'Ann 🙂' });
    expect(paired.statusCode).toBe(200);
    expect(paired.json().first_name).toBe('Ann 🙂');
  });

  it('refuses NUL in query strings and path parameters, naming the field', async () => {
    expectInvalid(await admin.get('/api/users/?search=abc%00def'), 'search');
    expectInvalid(await t.anonymous.get('/api/organizations/sun%00rise/'), 'id');
  });

  it('answers router errors in the one error shape without echoing the URL', async () => {
    for (const url of ['/api/organizations/%zz/', '/api/organizations/%ED%A0%80/', '/api/users/%/']) {
      const response = await admin.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json()).sort()).toEqual(['code', 'detail']);
      expect(response.body).not.toContain('%');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const long = await t.anonymous.get(`/api/organizations/${'a'.repeat(400)}/`);
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    expect(long.body).not.toContain('aaaa');
  });
});
