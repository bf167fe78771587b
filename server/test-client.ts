import type { Static } from '@fastify/type-provider-typebox';
import type { SQL } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { rowsOf } from './db/connection';
import type { UserSchema } from './schemas/user';
import { multipart } from './lib/multipart-test-helpers';
import { createTestApp, TEST_PASSWORD, type TestApp } from './test-support';

/**
 * The one way a server test calls the API: the real app in process (see `createTestApp`), and a caller per
 * signed-in person that sets the bearer token and the organization header on every request.
 *
 *   const api = await testApp({ backend });
 *   const admin = await api.as('admin@sunrise.example');
 *   const answer = await admin.post('/api/clients/', { ... });
 *   expect(answer.statusCode, answer.body).toBe(201);
 *
 * Answers are Fastify's inject answers: `statusCode`, `json()`, `body` and `headers`.
 */
export type Answer = LightMyRequestResponse;

type Body = InjectOptions['payload'];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type UploadFile = Parameters<typeof multipart>[1] & object;

/** The user of a login answer. */
export type SignedInUser = Static<typeof UserSchema>;

export interface Caller {
  /** The login answer's user (a caller made from tokens alone has none: reading it throws); its organization is the caller's by default. */
  readonly user: SignedInUser;
  readonly access: string;
  readonly refresh: string;
  /** The X-ORGANIZATION-TOKEN sent, or null for none. */
  readonly organization: string | null;
  /** What every request of this caller carries. */
  readonly headers: Record<string, string>;
  get(path: string, headers?: Record<string, string>): Promise<Answer>;
  post(path: string, body?: Body, headers?: Record<string, string>): Promise<Answer>;
  put(path: string, body?: Body, headers?: Record<string, string>): Promise<Answer>;
  patch(path: string, body?: Body, headers?: Record<string, string>): Promise<Answer>;
  delete(path: string, body?: Body, headers?: Record<string, string>): Promise<Answer>;
  /** A multipart/form-data request: the fields, and the file under its field name (none: null). */
  upload(
    path: string,
    fields: Record<string, string>,
    file: UploadFile | null,
    method?: 'POST' | 'PUT' | 'PATCH',
  ): Promise<Answer>;
  /** Any other request (a raw multipart body, a stream), with this caller's headers under the given ones. */
  request(options: InjectOptions): Promise<Answer>;
  /** The same session, sending another organization header (null: none). */
  in(organization: string | null): Caller;
}

export interface TestApi extends TestApp {
  /** Signs in (the demo password by default) and calls as that person, in their own organization. */
  as(
    email: string,
    options?: { password?: string; organization?: string | null; headers?: Record<string, string> },
  ): Promise<Caller>;
  /** The rows of a raw query, whichever driver answers (PGlite and node-postgres shape results differently). */
  rows<Row = Record<string, unknown>>(query: SQL): Promise<Row[]>;
  /** Signs several people in at once, in the order given. */
  asEach(emails: string[]): Promise<Caller[]>;
  /** A caller for tokens got another way (a minted session, a refresh), in the given organization. */
  bearer(access: string, organization?: string | null): Caller;
  /** Nobody signed in: no token, no organization header. */
  anonymous: Caller;
}

interface Identity {
  user: SignedInUser | null;
  access: string;
  refresh: string;
  organization: string | null;
  extra: Record<string, string>;
}

function callerOf(t: TestApp, identity: Identity): Caller {
  // an empty organization token is sent as it is: the organization plugin's tests name one
  const headers: Record<string, string> = {
    ...(identity.access ? { authorization: `Bearer ${identity.access}` } : {}),
    ...(identity.organization !== null ? { 'x-organization-token': identity.organization } : {}),
    ...identity.extra,
  };
  const request = (options: InjectOptions) => t.app.inject({ ...options, headers: { ...headers, ...options.headers } });
  const send = (method: Method) => (path: string, body?: Body, extra?: Record<string, string>) =>
    request({
      method,
      url: path,
      ...(extra ? { headers: extra } : {}),
      ...(body === undefined ? {} : { payload: body }),
    });
  return {
    get user() {
      if (!identity.user) throw new Error('this caller signed in with tokens alone: it has no user');
      return identity.user;
    },
    access: identity.access,
    refresh: identity.refresh,
    organization: identity.organization,
    headers,
    get: (path, extra) => request({ method: 'GET', url: path, ...(extra ? { headers: extra } : {}) }),
    post: send('POST'),
    put: send('PUT'),
    patch: send('PATCH'),
    delete: send('DELETE'),
    upload(path, fields, file, method = 'POST') {
      const form = multipart(fields, file);
      return request({ method, url: path, headers: { 'content-type': form.contentType }, payload: form.payload });
    },
    request,
    in: (organization) => callerOf(t, { ...identity, organization }),
  };
}

/** The real app on a fresh, seeded database (PGlite, or `backend: 'postgres'` on TEST_DATABASE_URL), with callers. */
export async function testApp(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestApi> {
  return withCallers(await createTestApp(options));
}

/** Callers on a test app built another way (the security suites build theirs with `createTestApp`). */
export function withCallers(t: TestApp): TestApi {
  const as: TestApi['as'] = async (email, { password = TEST_PASSWORD, organization, headers = {} } = {}) => {
    const answer = await t.login(email, password);
    // the login route's response schema shapes the answer
    const user = answer.user as SignedInUser;
    return callerOf(t, {
      user,
      access: answer.access,
      refresh: answer.refresh,
      organization: organization === undefined ? (user.organization?.token ?? null) : organization,
      extra: headers,
    });
  };
  return Object.assign(t, {
    as,
    rows: async <Row = Record<string, unknown>>(query: SQL) => rowsOf<Row>(await t.database.db.execute(query)),
    asEach: (emails: string[]) => Promise.all(emails.map((email) => as(email))),
    bearer: (access: string, organization: string | null = null) =>
      callerOf(t, { user: null, access, refresh: '', organization, extra: {} }),
    anonymous: callerOf(t, { user: null, access: '', refresh: '', organization: null, extra: {} }),
  });
}

/** Reads through to whatever `get` returns now: a suite's app exists only once set up, and every sign-in makes new callers. */
export function current<T extends object>(get: () => T): T {
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = get();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The demo's people of Sunrise outside the office: a READY and a NEW employee, a client and a marketer. */
export const SUNRISE_OUTSIDE_THE_OFFICE = [
  'nurse@sunrise.example',
  'newhire@sunrise.example',
  'client@sunrise.example',
  'marketer@sunrise.example',
];

export { storedFileCount, testBackends, TestClock, type Backend } from './test-support';
