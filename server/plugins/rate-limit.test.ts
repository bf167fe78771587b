import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../app';
import { applications, organizations } from '../db/schema';
import { inWords } from '../lib/api-error';
import { multipart, PDF_BYTES, SIGNATURE } from '../lib/multipart-test-helpers';
import { createTestApp, testBackends, type TestApp } from '../test-support';
import { PUBLIC_LIMITS } from './rate-limit';

const APPLICATION = {
  position: 'HHA',
  first_name: 'Rosa',
  last_name: 'Delgado',
  phone: '(555) 123-4567',
  address: '12 Elm Street, Springfield',
  availability: JSON.stringify({ days: ['MON'], shifts: ['MORNING'] }),
  experience: 'Three years caring for my grandmother.',
  years_experience: '3',
  attestation: 'true',
  attestation_signature: SIGNATURE,
};

let address = 0;
const nextAddress = () => `198.51.100.${++address}`;
const limitOf = (name: keyof typeof PUBLIC_LIMITS, scope: string, windowSeconds: number) =>
  PUBLIC_LIMITS[name].find((rule) => rule.scope === scope && rule.windowSeconds === windowSeconds)!.limit;

for (const backend of testBackends()) {
  describe(`limits on the public operations (${backend})`, () => {
    let t: TestApp;
    let second: AppInstance;

    beforeAll(async () => {
      t = await createTestApp({ backend, config: { rateLimits: true } });
      // a second server on the same database, as a second process behind the load balancer would be
      second = await buildApp({
        config: t.config,
        db: t.database.db,
        now: t.clock.now,
        logger: false,
        distDir: '/nonexistent',
        mailConsole: () => undefined,
      });
      await second.ready();
    });
    afterAll(async () => {
      await second?.close();
      await t?.close();
    });

    const apply = (app: AppInstance, from: string, n: number) => {
      const body = multipart(
        { ...APPLICATION, email: `rosa.${n}.${from}@applicant.example` },
        { field: 'resume', name: 'resume.pdf', data: PDF_BYTES },
      );
      return app.inject({
        method: 'POST',
        url: '/api/applications/',
        remoteAddress: from,
        headers: { 'x-organization-token': 'sunrise', 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const stored = async () => Number((await t.database.db.select({ n: count() }).from(applications))[0].n);

    it('apply-now: an address gets its hourly number of applications across both servers, then 429 with Retry-After and the wait in words; nothing is stored', async () => {
      const from = nextAddress();
      const hourly = limitOf('apply-now', 'address', 3600);
      for (let i = 0; i < hourly; i++) expect((await apply(i % 2 ? second : t.app, from, i)).statusCode).toBe(201);
      const before = await stored();
      for (const app of [t.app, second]) {
        const refused = await apply(app, from, 99);
        expect(refused.statusCode).toBe(429);
        const wait = Number(refused.headers['retry-after']);
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(3600);
        expect(refused.json()).toEqual({
          detail: `Too many attempts. Try again in ${inWords(wait)}.`,
          code: 'throttled',
        });
      }
      expect(await stored()).toBe(before);
      // another address is not held back, and the same one may apply again an hour later
      expect((await apply(t.app, nextAddress(), 0)).statusCode).toBe(201);
      t.clock.advance(3600);
      expect((await apply(t.app, from, 100)).statusCode).toBe(201);
    });

    it('apply-now: an organization has a daily quota, whatever the addresses', async () => {
      t.clock.advance(24 * 3600);
      const [harbor] = await t.database.db.select().from(organizations).where(eq(organizations.token, 'harbor'));
      const daily = limitOf('apply-now', 'organization', 24 * 3600);
      const hourly = limitOf('apply-now', 'organization', 3600);
      let sent = 0;
      const applyToHarbor = (from: string) => {
        const body = multipart(
          { ...APPLICATION, email: `quota.${++sent}@applicant.example` },
          { field: 'resume', name: 'resume.pdf', data: PDF_BYTES },
        );
        return t.app.inject({
          method: 'POST',
          url: '/api/applications/',
          remoteAddress: from,
          headers: { 'x-organization-token': harbor.token, 'content-type': body.contentType },
          payload: body.payload,
        });
      };
      for (let accepted = 0; accepted < daily;) {
        for (let i = 0; i < hourly && accepted < daily; i++, accepted++)
          expect((await applyToHarbor(nextAddress())).statusCode).toBe(201);
        t.clock.advance(3600);
      }
      const refused = await applyToHarbor(nextAddress());
      expect(refused.statusCode).toBe(429);
      // Sunrise's applicants are not held back by Harbor's day
      expect((await apply(t.app, nextAddress(), 0)).statusCode).toBe(201);
    }, 120_000);

    it('password reset: the same limit per email whether it is an account or not, so the answer tells nothing', async () => {
      const perEmail = limitOf('password-reset', 'email', 3600);
      const ask = (email: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/password/reset/',
          remoteAddress: nextAddress(),
          payload: { email },
        });
      for (const email of ['aide@sunrise.example', 'nobody.here@sunrise.example']) {
        for (let i = 0; i < perEmail; i++) expect((await ask(email)).statusCode).toBe(204);
      }
      const known = await ask('aide@sunrise.example');
      const unknown = await ask('nobody.here@sunrise.example');
      expect(known.statusCode).toBe(429);
      expect(unknown.statusCode).toBe(429);
      expect(known.json()).toEqual(unknown.json());
      expect(known.headers['retry-after']).toBe(unknown.headers['retry-after']);
      // the limit held the mails back too
      expect(t.delivered().filter((m) => m.to === 'aide@sunrise.example')).toHaveLength(perEmail);
    });

    it('sign-in: an address gets its attempts per quarter hour, then 429, while other addresses sign in', async () => {
      const from = nextAddress();
      const attempts = limitOf('login', 'address', 900);
      const login = (remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login/',
          remoteAddress,
          payload: { email: 'nurse@sunrise.example', password: 'portal-demo-2026' },
        });
      for (let i = 0; i < attempts; i++) expect((await login(from)).statusCode).toBe(200);
      const refused = await login(from);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toMatch(/^Too many attempts\. Try again in (\d+ minutes|an hour)\.$/);
      expect((await login(nextAddress())).statusCode).toBe(200);
    }, 120_000);
  });
}

describe('the wait, in words', () => {
  it.each([
    [30, 'a minute'],
    [60, 'a minute'],
    [61, '2 minutes'],
    [14 * 60, '14 minutes'],
    [58 * 60, '58 minutes'],
    [59 * 60 + 1, 'an hour'],
    [89 * 60, 'an hour'],
    [95 * 60, '2 hours'],
    [3600 * 23, '23 hours'],
  ])('%i seconds: %s', (seconds, words) => expect(inWords(seconds)).toBe(words));
});
