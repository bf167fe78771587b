/**
 * Bad input generated from the OpenAPI schemas. For every operation with a body, query or path parameters,
 * as a caller that may use it: bodies that are not objects or not JSON, each required field missing, each
 * field of a wrong type, 1 MB strings, out-of-range and non-numeric paging and ids — all malformed, so each
 * must be a 4xx in the error shape naming the field, and nothing may be half-written. Hostile strings (SQL,
 * NUL, lone surrogates, HTML, path traversal, huge numbers, ...) in every string field and parameter may be
 * valid data, but none may cause a server error. Every date field (format date or date-time, or a date pattern,
 * in a body, the query or the path) gets impossible calendar dates (1950-02-30, 2025-02-29, 2026-13-01, ...,
 * 2026-02-30T10:00:00Z): a 400 naming the field, never a 500 (PostgreSQL refused them, and the error
 * log carried the query's parameters). The app's log is captured, each such request's text fields carry unique
 * markers, and no log line may hold a marker or the impossible date: nothing of a request reaches the log.
 *
 * The suite runs as shards, one file per backend and shard (`bad-input.<backend>.<n>.test.ts`), so the two
 * workers share it: each file runs its own slice of the operations on its own app. The slices are a pure
 * function of the served document (`shardOperations`): every operation in exactly one, balanced by its number
 * of cases. Shard 1 checks that the shard files on disk are exactly 1..SHARDS for each backend and that the
 * slices cover every operation, so none is skipped silently.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testBackends, type Backend, type TestApp } from '../../server/test-support';
import {
  baseType,
  buildWorld,
  cloneUser,
  allows,
  countRows,
  errorProblems,
  fillPath,
  injectOperation,
  isNullable,
  loadOperations,
  mintSession,
  pathParams,
  plausible,
  plausibleBody,
  queryParams,
  targetId,
  type IdentityName,
  type JsonSchema,
  type Operation,
  type World,
  unique,
} from './support';

/** How many files each backend's operations are spread over (the files bad-input.<backend>.<1..SHARDS>.test.ts). */
export const SHARDS = 3;

export const HOSTILE_STRINGS: string[] = [
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '1) UNION SELECT password_hash FROM users --',
  '\u0000',
  'abc\u0000def',
  '\ud800',
  'x\udfffy',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '9'.repeat(400),
  '-99999999999999999999999999',
  '1e309',
  'NaN',
  '${jndi:ldap://example.test/a}',
  '{{7*7}}',
  '%s%s%s%n',
  'a\r\nSet-Cookie: owned=1',
  '\u202etxt.exe',
  '🙂'.repeat(60),
  ' ',
];

/** Dates no calendar has (PostgreSQL refuses them all, so a validator that lets one through makes a 500). */
export const IMPOSSIBLE_DATES = ['1950-02-30', '2025-02-29', '2026-13-01', '2026-04-31', '0000-01-01'];
export const IMPOSSIBLE_DATE_TIMES = [
  '2026-02-30T10:00:00Z',
  '2025-02-29T08:00:00-05:00',
  '2026-13-01T10:00:00Z',
  '2026-01-05T24:00:00Z',
];
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** 'date' or 'date-time' when the field holds a date (its non-null branch, when nullable), else null. */
export function dateKind(schema: JsonSchema | undefined): 'date' | 'date-time' | null {
  if (!schema || typeof schema !== 'object') return null;
  if (schema.format === 'date' || schema.pattern === DATE_PATTERN) return 'date';
  if (schema.format === 'date-time') return 'date-time';
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const kind = dateKind(branch);
    if (kind) return kind;
  }
  return null;
}

/** Every date field of a body, at any depth (`a.b[]`): the suite reaches the top-level ones, and says so of the rest. */
export function nestedDateFields(schema: JsonSchema | null, path = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const found: string[] = [];
  if (path && dateKind(schema)) found.push(path);
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    found.push(...nestedDateFields(branch, path).filter((p) => p !== path));
  for (const [name, inner] of Object.entries<JsonSchema>(schema.properties ?? {}))
    found.push(...nestedDateFields(inner, path ? `${path}.${name}` : name));
  if (schema.items) found.push(...nestedDateFields(schema.items, `${path}[]`));
  return [...new Set(found)];
}

/** A value found in the log that only this request sent. Letters and digits like 'probe', so wherever 'probe' is taken, it is. */
const marker = () => `probe${unique()}`;

/** Free text a service takes as it is (a note, a description, a name): where the markers go. */
function isFreeText(name: string, schema: JsonSchema): boolean {
  if (baseType(schema) !== 'string' || schema.enum || schema.const !== undefined || dateKind(schema)) return false;
  const branch =
    [schema, ...(schema.anyOf ?? [])].find(
      (b) => b.type === 'string' || (Array.isArray(b.type) && b.type.includes('string')),
    ) ?? schema;
  if (branch.format || branch.pattern || branch.enum || (branch.maxLength ?? Infinity) < 20) return false;
  return !/password|phone|email|timezone|token|code|npi|url|uid|signature|member_id|postal|state|zip|color|slug|language/i.test(
    name,
  );
}

/**
 * A body with the impossible `value` in the date field `name`, and a fresh marker in each free-text field the
 * body has (required ones, and the optional notes and descriptions); the markers are returned to look for.
 */
function markedBody(op: Operation, name: string, value: string): { body: Record<string, unknown>; markers: string[] } {
  const body: Record<string, unknown> = { ...plausibleBody(op), [name]: value };
  const markers: string[] = [];
  const required = new Set<string>(op.body?.required ?? []);
  for (const [field, schema] of Object.entries<JsonSchema>(op.body?.properties ?? {})) {
    if (field === name || !isFreeText(field, schema)) continue;
    if (
      !required.has(field) &&
      !/note|description|outcome|involved|reason|comment|message|text|resolution|details/i.test(field)
    )
      continue;
    const text = marker();
    body[field] = text;
    markers.push(text);
  }
  return { body, markers };
}

const HUGE = 'A'.repeat(1024 * 1024);
const BAD_NUMBERS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '1e309',
  '-99999999999999999999',
  '0x10',
  ' ',
  'null',
];

/**
 * Failures that reproduce bugs reported to the server's owners (see the report of this suite). They are kept
 * out of the verdict, counted and printed, until fixed; delete an entry once its fix lands.
 */
const KNOWN_ISSUES: { id: string; matches: (failure: string) => boolean }[] = [];

interface Counts {
  malformed: number;
  malformedAccepted: number;
  hostile: number;
  serverErrors: number;
  halfWritten: number;
  impossibleDates: number;
  logLeaks: number;
}

function wrongTypes(schema: JsonSchema): unknown[] {
  const nullable = isNullable(schema);
  const nullCase = nullable ? [] : [null];
  if (
    schema.enum ||
    schema.const !== undefined ||
    (schema.anyOf ?? []).some((b: JsonSchema) => b.const !== undefined || b.enum)
  )
    return [123, true, {}, [], 'NOT_A_CHOICE', ...nullCase];
  switch (baseType(schema)) {
    case 'string':
      return [123, 1.5, true, {}, ['x'], ...nullCase];
    case 'integer':
      return ['1', 'abc', 1.5, true, {}, [], ...nullCase];
    case 'number':
      return ['1', 'abc', true, {}, ...nullCase];
    case 'boolean':
      return ['true', 'yes', 1, 0, {}, [], ...nullCase];
    case 'array':
      return ['x', 1, {}, ...nullCase];
    case 'object':
      return ['x', 1, [], ...nullCase];
    default:
      return [];
  }
}

interface SendOptions {
  path?: Record<string, string | number>;
  rawPath?: boolean;
  query?: Record<string, string>;
  body?: unknown;
  raw?: string;
  contentType?: string;
}

/** One request of the suite: malformed (must be a 4xx naming `field`) or hostile (must not be a server error). */
interface Case {
  kind: 'malformed' | 'hostile';
  what: string;
  options: SendOptions;
  field?: string;
  /** Values of the request that no log line may hold. */
  secrets?: string[];
}

/** Operations the suite sends bad input to: those with a body, query or path parameters. */
export const candidatesOf = (operations: Operation[]) => operations.filter((op) => op.body || op.parameters.length);

/** Every case of one operation, in the order they are sent; `ids` and `validQuery` are the valid path and query. */
function casesOf(op: Operation, ids: Record<string, string | number>, validQuery: Record<string, string>): Case[] {
  const cases: Case[] = [];
  const malformed = (what: string, options: SendOptions, field?: string, secrets?: string[]) =>
    cases.push({ kind: 'malformed', what, options, field, secrets });
  const impossible = (kind: 'date' | 'date-time') => (kind === 'date' ? IMPOSSIBLE_DATES : IMPOSSIBLE_DATE_TIMES);
  /** The free-text query parameters, each with a fresh marker: they ride along with an impossible date. */
  const markedQuery = () => {
    const query: Record<string, string> = { ...validQuery };
    const markers: string[] = [];
    for (const p of queryParams(op)) {
      if (!isFreeText(p.name, p.schema)) continue;
      query[p.name] = marker();
      markers.push(query[p.name]);
    }
    return { query, markers };
  };
  const hostile = (what: string, options: SendOptions) => cases.push({ kind: 'hostile', what, options });

  // bodies
  if (op.body) {
    const base = plausibleBody(op) ?? {};
    const required: string[] = op.body.required ?? [];
    const bodyRequired = required.length > 0;
    for (const raw of ['[]', '"text"', '42', 'true', ...(bodyRequired ? ['null'] : [])])
      malformed(`body ${raw}`, { raw });
    malformed('broken JSON', { raw: '{"a":' });
    malformed('text/plain body', { raw: 'email=x', contentType: 'text/plain' });
    if (bodyRequired) malformed('empty object', { body: {} }, required[0]);
    for (const name of required) {
      const { [name]: _, ...rest } = { ...base, ...plausibleBody(op) };
      malformed(`missing ${name}`, { body: rest }, name);
    }
    for (const [name, schema] of Object.entries<JsonSchema>(op.body.properties ?? {})) {
      for (const value of wrongTypes(schema))
        malformed(`${name}=${JSON.stringify(value)}`, { body: { ...plausibleBody(op), [name]: value } }, name);
      const date = dateKind(schema);
      if (date) {
        for (const value of impossible(date)) {
          const { body, markers } = markedBody(op, name, value);
          malformed(`${name}=${value} (impossible)`, { body }, name, [value, ...markers]);
        }
      }
      if (baseType(schema) === 'string') {
        malformed(`${name}=1 MB`, { body: { ...plausibleBody(op), [name]: HUGE } }, name);
        for (const value of HOSTILE_STRINGS)
          hostile(`${name}=${JSON.stringify(value).slice(0, 40)}`, { body: { ...plausibleBody(op), [name]: value } });
      }
    }
  }

  // query parameters
  for (const p of queryParams(op)) {
    const type = baseType(p.schema);
    const date = dateKind(p.schema);
    if (date) {
      for (const value of impossible(date)) {
        const { query, markers } = markedQuery();
        malformed(`?${p.name}=${value} (impossible)`, { query: { ...query, [p.name]: value } }, p.name, [
          value,
          ...markers,
        ]);
      }
    }
    if (type === 'integer' || type === 'number') {
      for (const value of BAD_NUMBERS) {
        const outOfRange = Number(value);
        const valid =
          /^-?\d+$/.test(value) &&
          Number.isSafeInteger(outOfRange) &&
          outOfRange >= (p.schema.minimum ?? -Infinity) &&
          outOfRange <= (p.schema.maximum ?? Infinity);
        if (valid) continue;
        malformed(`?${p.name}=${value}`, { query: { ...validQuery, [p.name]: value } }, p.name);
      }
      if (p.schema.maximum !== undefined)
        malformed(
          `?${p.name}=${p.schema.maximum + 1}`,
          { query: { ...validQuery, [p.name]: String(p.schema.maximum + 1) } },
          p.name,
        );
      // a large but well-formed offset is valid: an empty page, never an error
      if (p.schema.maximum === undefined)
        hostile(`?${p.name}=2^53-1`, { query: { ...validQuery, [p.name]: String(Number.MAX_SAFE_INTEGER) } });
    } else if (type === 'boolean') {
      for (const value of ['yes', '2', 'maybe', ''])
        malformed(`?${p.name}=${value}`, { query: { ...validQuery, [p.name]: value } }, p.name);
    } else if (p.schema.enum || (p.schema.anyOf ?? []).length) {
      for (const value of ['NOT_A_CHOICE', "' OR 1=1 --", '\u0000'])
        malformed(`?${p.name}=${JSON.stringify(value)}`, { query: { ...validQuery, [p.name]: value } }, p.name);
    } else if (type === 'string') {
      malformed(
        `?${p.name}=1 MB`,
        { query: { ...validQuery, [p.name]: 'A'.repeat(Math.max(10_000, (p.schema.maxLength ?? 0) + 1)) } },
        p.name,
      );
      for (const value of HOSTILE_STRINGS)
        hostile(`?${p.name}=${JSON.stringify(value).slice(0, 40)}`, { query: { ...validQuery, [p.name]: value } });
    }
  }

  // path parameters
  for (const p of pathParams(op)) {
    const numeric = baseType(p.schema) === 'integer';
    const values = numeric ? BAD_NUMBERS.filter((v) => v !== ' ') : [];
    const date = dateKind(p.schema);
    if (date)
      for (const value of impossible(date))
        malformed(`/${p.name}=${value}/ (impossible)`, { path: { ...ids, [p.name]: value } }, p.name, [value]);
    for (const value of values) malformed(`/${p.name}=${value}/`, { path: { ...ids, [p.name]: value } });
    for (const value of HOSTILE_STRINGS) {
      if (value === ' ') continue;
      if (numeric)
        malformed(`/${p.name}=${JSON.stringify(value).slice(0, 40)}/`, { path: { ...ids, [p.name]: value } });
      else hostile(`/${p.name}=${JSON.stringify(value).slice(0, 40)}/`, { path: { ...ids, [p.name]: value } });
    }
    // broken percent-encoding and encoded separators, sent as they are
    // Not '%2e%2e': the injector resolves it as '..' (as browsers do) before the server sees it, so the request
    // goes to the parent resource; the server refuses the decoded '..' itself like any non-integer id.
    for (const value of ['%zz', '%', '%00', '%ED%A0%80', '..%2F..%2Fetc%2Fpasswd']) {
      if (numeric) malformed(`raw /${p.name}=${value}/`, { path: { ...ids, [p.name]: value }, rawPath: true });
      else hostile(`raw /${p.name}=${value}/`, { path: { ...ids, [p.name]: value }, rawPath: true });
    }
  }
  return cases;
}

/**
 * The operations of each shard (index 0 is shard 1), in the document's order: a pure function of the
 * operations, each in exactly one shard, the heaviest first to the shard with the fewest cases so far.
 */
export function shardOperations(operations: Operation[], shards = SHARDS): Operation[][] {
  const candidates = candidatesOf(operations);
  const weight = new Map(candidates.map((op) => [op, casesOf(op, {}, {}).length]));
  const heaviestFirst = [...candidates].sort(
    (a, b) => weight.get(b)! - weight.get(a)! || a.operationId.localeCompare(b.operationId),
  );
  const load = Array.from({ length: shards }, () => 0);
  const shardOf = new Map<Operation, number>();
  for (const op of heaviestFirst) {
    const lightest = load.indexOf(Math.min(...load));
    shardOf.set(op, lightest);
    load[lightest] += weight.get(op)!;
  }
  return load.map((_, shard) => candidates.filter((op) => shardOf.get(op) === shard));
}

/** The shard files present next to this module: `${backend}.${shard}`. */
function shardFiles(): string[] {
  return readdirSync(path.dirname(new URL(import.meta.url).pathname))
    .map((name) => /^bad-input\.(\w+)\.(\d+)\.test\.ts$/.exec(name))
    .filter((m) => m !== null)
    .map((m) => `${m[1]}.${m[2]}`)
    .sort();
}

/** Shard `shard` (1..SHARDS) of the suite on `backend`; skipped, saying so, when the backend is not tested here. */
export function badInputSuite(backend: Backend, shard: number): void {
  const label = `bad input (${backend}, shard ${shard} of ${SHARDS})`;
  if (!testBackends().includes(backend)) {
    describe.skip(`${label}: no TEST_DATABASE_URL`, () => {
      it('runs on PostgreSQL only with TEST_DATABASE_URL set', () => {});
    });
    return;
  }
  describe(label, () => {
    let t: TestApp;
    let world: World;
    let operations: Operation[] = [];
    const counts: Counts = {
      malformed: 0,
      malformedAccepted: 0,
      hostile: 0,
      serverErrors: 0,
      halfWritten: 0,
      impossibleDates: 0,
      logLeaks: 0,
    };
    /** The app's log lines (debug level: requests are logged too), emptied after each operation is scanned. */
    const log: string[] = [];

    beforeAll(async () => {
      t = await createTestApp({ backend, logTo: log });
      world = await buildWorld(t);
      operations = (await loadOperations(t)).operations;
    });
    afterAll(async () => {
      await t?.close();
    });

    /** A caller that may use the operation: anonymous for public ones, else the first permitted identity. */
    async function callerFor(op: Operation): Promise<Record<string, string>> {
      if ('public' in op.access) return {};
      if (op.operationId === 'auth_password_change_create') {
        const clone = await cloneUser(t, world.identities.admin.userId);
        return t.headers((await mintSession(t, clone.id)).access, 'sunrise');
      }
      const order: IdentityName[] = ['admin', 'master', 'nurse', 'newhire', 'client', 'marketer'];
      const identity = order.map((n) => world.identities[n]).find((i) => allows(op.access, i));
      expect(identity, `someone may call ${op.operationId}`).toBeTruthy();
      return t.headers(identity!.access, 'sunrise');
    }

    async function runOperation(op: Operation): Promise<string[]> {
      const failures: string[] = [];
      const headers = await callerFor(op);
      const ids = Object.fromEntries(pathParams(op).map((p) => [p.name, targetId(world, op.path, world.sunrise)]));
      const validQuery = Object.fromEntries(
        queryParams(op)
          .filter((p) => p.required)
          .map((p) => [p.name, String(plausible(p.schema, p.name))]),
      );

      const send = async (options: SendOptions) => {
        const url = fillPath(op.path, options.path ?? ids, options.rawPath);
        const query = new URLSearchParams(options.query ?? validQuery).toString();
        const hasBody = options.raw !== undefined || options.body !== undefined;
        return injectOperation(t, op, {
          method: op.method,
          url: query ? `${url}?${query}` : url,
          headers: { ...headers, ...(hasBody ? { 'content-type': options.contentType ?? 'application/json' } : {}) },
          ...(options.raw !== undefined
            ? { payload: options.raw }
            : options.body !== undefined
              ? { payload: JSON.stringify(options.body) }
              : {}),
        });
      };

      const usersBefore = await countRows(t, 'users');
      const profilesBefore = await countRows(t, 'employee_profiles');
      log.length = 0;
      const secrets: { value: string; label: string }[] = [];

      for (const { kind, what, options, field, secrets: values } of casesOf(op, ids, validQuery)) {
        counts[kind]++;
        const response = await send(options);
        const label = `${op.operationId} ${what} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (values) {
          counts.impossibleDates++;
          for (const value of values) secrets.push({ value, label });
        }
        if (response.statusCode >= 500) {
          counts.serverErrors++;
          failures.push(`server error: ${label}`);
        } else if (kind === 'malformed' && response.statusCode < 400) {
          counts.malformedAccepted++;
          failures.push(`accepted: ${label}`);
        } else if (kind === 'malformed' && (response.statusCode === 401 || response.statusCode === 403)) {
          failures.push(`refused as unauthorised instead of invalid: ${label}`);
        }
        failures.push(...errorProblems(response).map((p) => `${p}: ${label}`));
        if (field && response.statusCode === 400) {
          const fields = Object.keys(response.json().fields ?? {});
          if (!fields.includes(field))
            failures.push(`400 does not name ${field} (names ${fields.join(', ') || 'nothing'}): ${label}`);
        }
      }

      // nothing a request sent reaches the log: not its impossible date, not the text that rode along with it
      for (const line of log) {
        const leaked = secrets.find((secret) => line.includes(secret.value));
        if (leaked) {
          counts.logLeaks++;
          failures.push(`log line holds "${leaked.value}" of ${leaked.label.slice(0, 160)}: ${line.slice(0, 400)}`);
        }
      }
      log.length = 0;

      if ((await countRows(t, 'users')) < usersBefore || (await countRows(t, 'employee_profiles')) < profilesBefore) {
        counts.halfWritten++;
        failures.push(`${op.operationId}: rows disappeared`);
      }
      return failures;
    }

    if (shard === 1) {
      it('has its shard files, 1..SHARDS for each backend, whose slices cover every operation with input once', () => {
        expect(shardFiles()).toEqual(
          (['pglite', 'postgres'] as const)
            .flatMap((b) => Array.from({ length: SHARDS }, (_, i) => `${b}.${i + 1}`))
            .sort(),
        );
        const slices = shardOperations(operations);
        expect(slices).toHaveLength(SHARDS);
        for (const slice of slices) expect(slice.length).toBeGreaterThan(0);
        const ids = slices.flat().map((op) => op.operationId);
        expect(new Set(ids).size, 'no operation in two shards').toBe(ids.length);
        expect(ids.sort()).toEqual(
          candidatesOf(operations)
            .map((op) => op.operationId)
            .sort(),
        );
      });

      it('finds the date fields of the document, and reaches each (body fields at the top, query and path parameters)', () => {
        const dated = operations.flatMap((op) => [
          ...Object.entries<JsonSchema>(op.body?.properties ?? {})
            .filter(([, s]) => dateKind(s))
            .map(([name]) => `${op.operationId} ${name}`),
          ...op.parameters
            .filter((p) => dateKind(p.schema))
            .map((p) => `${op.operationId} ${p.in === 'query' ? '?' : '/'}${p.name}`),
        ]);
        // the review named these; the document has many more
        for (const field of [
          'clients_create date_of_birth',
          'grievances_create occurred_on',
          'referrals_create date_of_birth',
          'referrals_list ?created_after',
          'referrals_list ?created_before',
        ])
          expect(dated).toContain(field);
        expect(dated.length).toBeGreaterThan(30);
        const unreached = operations.flatMap((op) =>
          nestedDateFields(op.body)
            .filter((path) => /[.[]/.test(path))
            .map((path) => `${op.operationId} ${path}`),
        );
        expect(unreached, 'date fields inside nested objects or arrays: teach casesOf to reach them').toEqual([]);
      });
    }

    it('refuses malformed requests of every operation with a 4xx naming the field, and survives hostile strings', async () => {
      const candidates = shardOperations(operations)[shard - 1];
      expect(candidates.length).toBeGreaterThan(0);
      const failures: string[] = [];
      for (const op of candidates) {
        try {
          failures.push(...(await runOperation(op)));
        } catch (error) {
          failures.push(`${op.operationId}: ${(error as Error).message.slice(0, 1000)}`);
        }
      }
      const known = failures.filter((f) => KNOWN_ISSUES.some((k) => k.matches(f)));
      const open = failures.filter((f) => !known.includes(f));
      for (const issue of KNOWN_ISSUES) {
        const hits = known.filter((f) => issue.matches(f));
        if (hits.length)
          console.warn(`[${label}] known issue ${issue.id}: ${hits.length} cases, e.g. ${hits[0].slice(0, 200)}`);
      }
      console.info(`[${label}] known-issue cases=${known.length} (excluded from the verdict)`);
      console.info(
        `[${label}] operations=${candidates.length} malformed=${counts.malformed} accepted=${counts.malformedAccepted} hostile=${counts.hostile} server-errors=${counts.serverErrors} half-written=${counts.halfWritten} impossible-dates=${counts.impossibleDates} log-leaks=${counts.logLeaks}`,
      );
      expect(open).toEqual([]);
    }, 180_000);

    if (shard === 1) {
      it('writes nothing when a create is refused: no user, no profile, no mail', async () => {
        expect(
          operations.map((o) => o.operationId),
          'a served operation',
        ).toContain('users_create');
        const headers = t.headers(world.identities.admin.access, 'sunrise');
        const before = {
          users: await countRows(t, 'users'),
          profiles: await countRows(t, 'employee_profiles'),
          outbox: await countRows(t, 'outbox'),
        };
        const bad = [
          { first_name: 'A', last_name: 'B', role: 'ROLE_EMPLOYEE' },
          { email: 'not-an-email', first_name: 'A', last_name: 'B', role: 'ROLE_EMPLOYEE' },
          { email: 'ok@example.test', first_name: '', last_name: 'B', role: 'ROLE_EMPLOYEE' },
          { email: 'ok@example.test', first_name: 'A', last_name: 'B', role: 'ROLE_MASTER' },
          { email: 'ok@example.test', first_name: HUGE, last_name: 'B', role: 'ROLE_EMPLOYEE' },
          { email: 'nurse@sunrise.example', first_name: 'A', last_name: 'B', role: 'ROLE_EMPLOYEE' },
          { email: 'NURSE@SUNRISE.EXAMPLE', first_name: 'A', last_name: 'B', role: 'ROLE_EMPLOYEE' },
          { email: 'master@portal.example', first_name: 'A', last_name: 'B', role: 'ROLE_EMPLOYEE' },
        ];
        for (const payload of bad) {
          const response = await t.app.inject({ method: 'POST', url: '/api/users/', headers, payload });
          expect(response.statusCode, JSON.stringify(payload).slice(0, 100)).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
          expect(errorProblems(response)).toEqual([]);
        }
        expect({
          users: await countRows(t, 'users'),
          profiles: await countRows(t, 'employee_profiles'),
          outbox: await countRows(t, 'outbox'),
        }).toEqual(before);
      });
    }
  });
}
