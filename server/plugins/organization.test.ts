import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintSession } from '../../tests/api/support';
import { users } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support';

describe('organization: which organization a request acts in, from the signed-in user and the header', () => {
  let t: TestApp;
  let admin: string;
  let master: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login('admin@sunrise.example')).access;
    master = (await t.login('master@portal.example')).access;
  });
  afterAll(async () => t?.close());

  const users_list = (access: string, header?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/users/',
      headers: {
        authorization: `Bearer ${access}`,
        ...(header !== undefined ? { 'x-organization-token': header } : {}),
      },
    });
  const emailsOf = (body: { results: { email: string }[] }) => body.results.map((u) => u.email);

  it('refuses an admin naming another organization, and says why', async () => {
    const response = await users_list(admin, 'harbor');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'permission_denied',
      detail: 'You do not belong to this organization.',
    });
  });

  it('refuses the master naming an organization that does not exist, and says why', async () => {
    const response = await users_list(master, 'nowhere');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'permission_denied', detail: 'Unknown organization.' });
  });

  it('reads a token with a control character (a NUL too) as an organization that does not exist', async () => {
    const response = await users_list(master, 'sun\u0000rise');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'permission_denied', detail: 'Unknown organization.' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'x-organization-token': 'sunrise\u0000' },
      payload: { email: 'admin@sunrise.example', password: 'wrong-password' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('reads a blank header as no header, and a padded token as the token', async () => {
    expect((await users_list(admin, '   ')).statusCode).toBe(200);
    expect(emailsOf((await users_list(admin, ' sunrise ')).json())).toContain('admin@sunrise.example');
    expect((await users_list(master, '  ')).json()).toMatchObject({ code: 'organization_required' });
    expect(emailsOf((await users_list(master, ' harbor ')).json())).toContain('admin@harbor.example');
  });

  it('refuses a user of no organization who is not the master (no such account should exist; none acts anywhere)', async () => {
    const [orphan] = await t.database.db
      .insert(users)
      .values({
        organizationId: null,
        email: 'orphan-admin@example.test',
        firstName: 'Or',
        lastName: 'Phan',
        role: 'ROLE_ADMIN',
        passwordHash: null,
      })
      .returning({ id: users.id });
    const { access } = await mintSession(t, orphan.id);
    const response = await users_list(access);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('permission_denied');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, orphan.id));
  });
});
