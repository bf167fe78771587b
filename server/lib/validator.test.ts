import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';

/** Input the validator refuses in one place, for every route: each a 400 naming the field, never a 500. */
describe('request validation', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const { access } = await t.login('admin@sunrise.example');
    headers = t.headers(access, 'sunrise');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers });

  function expectInvalid(response: Awaited<ReturnType<typeof get>>, field: string) {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.code).toBe('invalid');
    expect(Object.keys(body.fields ?? {})).toContain(field);
  }

  it('caps offset: a huge offset is a 400 naming offset, the cap itself an empty page', async () => {
    expectInvalid(await get('/api/users/?offset=99999999999999999999'), 'offset');
    expectInvalid(await get('/api/users/?offset=10000001'), 'offset');
    const atCap = await get('/api/users/?offset=10000000');
    expect(atCap.statusCode).toBe(200);
    expect(atCap.json().results).toEqual([]);
  });

  it.each(['1.5', '0x10', '%20', '1e2', '', '+5', '5abc'])('refuses ?limit=%s: only decimal digits are an integer', async (value) => {
    expectInvalid(await get(`/api/users/?limit=${value}`), 'limit');
  });

  it('still accepts plain decimal integers', async () => {
    const response = await get('/api/users/?limit=2&offset=0');
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toHaveLength(2);
  });

  it.each(['0x10', '1.5', '1e1'])('refuses /api/users/%s/ as an id', async (value) => {
    expectInvalid(await get(`/api/users/${value}/`), 'id');
  });

  it('refuses NUL and lone surrogates in bodies, naming the field', async () => {
    for (const first_name of ['a\u0000b', '\u0000', '\ud800', 'x\udfffy']) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/user/',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ first_name }),
      });
      expectInvalid(response, 'first_name');
    }
    const paired = await t.app.inject({ method: 'PATCH', url: '/api/auth/user/', headers, payload: { first_name: 'Ann 🙂' } });
    expect(paired.statusCode).toBe(200);
    expect(paired.json().first_name).toBe('Ann 🙂');
  });

  it('refuses NUL in query strings and path parameters, naming the field', async () => {
    expectInvalid(await get('/api/users/?search=abc%00def'), 'search');
    expectInvalid(await t.app.inject({ method: 'GET', url: '/api/organizations/sun%00rise/' }), 'id');
  });

  it('answers router errors in the one error shape without echoing the URL', async () => {
    for (const url of ['/api/organizations/%zz/', '/api/organizations/%ED%A0%80/', '/api/users/%/']) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json()).sort()).toEqual(['code', 'detail']);
      expect(response.body).not.toContain('%');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const long = await t.app.inject({ method: 'GET', url: `/api/organizations/${'a'.repeat(400)}/` });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    expect(long.body).not.toContain('aaaa');
  });
});
