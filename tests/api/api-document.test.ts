/**
 * The served API document is one others can use: `redocly lint` (recommended rules) and `spectral lint` (the `oas`
 * ruleset) find nothing in it, with only the trailing-slash rule of each turned off (redocly.yaml, .spectral.yaml:
 * the spec's paths end with a slash). Both linters run offline from their node entry points. Beyond the rules:
 * every response is described, and no object schema is written out in more than one place (it is a component).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchApiDefinition } from '../../scripts/typegen';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REDOCLY = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
const SPECTRAL = path.join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js');
// no telemetry, no update check: the linters never reach the network
const OFFLINE_ENV = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  NO_COLOR: '1',
  CI: 'true',
};

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [file, ...args],
      { cwd: ROOT, env: OFFLINE_ENV, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

/** What these tests read of the document: anything else is walked as plain JSON. */
interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

interface Operation {
  operationId: string;
  summary?: unknown;
  description?: unknown;
  security?: unknown;
  requestBody?: { content?: unknown };
  responses: Record<string, { description?: string; content: Record<string, { schema?: unknown }> }>;
}

function operations(document: ApiDocument): { id: string; operation: Operation }[] {
  return Object.values(document.paths).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([, operation]) => ({ id: operation.operationId, operation })),
  );
}

/** Object schemas (two properties or more) written out whole in more than one operation or component. */
function repeatedObjects(document: ApiDocument): string[] {
  const owners = new Map<string, Set<string>>();
  const walk = (node: unknown, owner: string, top: boolean): void => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, owner, false));
    if (typeof node !== 'object' || node === null) return;
    const schema = node as { type?: unknown; properties?: object };
    if (!top && schema.type === 'object' && Object.keys(schema.properties ?? {}).length >= 2) {
      const text = JSON.stringify(schema);
      owners.set(text, (owners.get(text) ?? new Set()).add(owner));
    }
    for (const value of Object.values(schema)) walk(value, owner, false);
  };
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {}))
    walk(schema, `components.schemas.${name}`, true);
  for (const { id, operation } of operations(document)) {
    for (const response of Object.values(operation.responses ?? {})) walk(response.content, id, false);
    walk(operation.requestBody?.content, id, false);
  }
  return [...owners.entries()]
    .filter(([, where]) => where.size > 1)
    .map(([text, where]) => `${[...where].join(', ')}: ${text.slice(0, 160)}`);
}

describe('the API document', () => {
  let workDir: string;
  let file: string;
  let document: ApiDocument;

  beforeAll(async () => {
    document = (await fetchApiDefinition()) as ApiDocument;
    workDir = mkdtempSync(path.join(tmpdir(), 'care-api-document-'));
    file = path.join(workDir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
  }, 120_000);

  afterAll(() => {
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('passes `redocly lint` (recommended rules) with no error and no warning', async () => {
    const result = await run(REDOCLY, [
      'lint',
      file,
      '--config',
      path.join(ROOT, 'redocly.yaml'),
      '--format',
      'json',
      '--max-problems',
      '1000',
    ]);
    const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as {
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const findings = report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(findings, findings.join('\n')).toEqual([]);
    expect(result.code, result.stderr).toBe(0);
  }, 120_000);

  it('passes `spectral lint` (the oas ruleset) with no error and no warning', async () => {
    const result = await run(SPECTRAL, [
      'lint',
      file,
      '--ruleset',
      path.join(ROOT, '.spectral.yaml'),
      '--format',
      'json',
      '--fail-severity',
      'hint',
      '--quiet',
    ]);
    const findings = (
      result.stdout.trim()
        ? (JSON.parse(result.stdout) as { code: string; message: string; path: string[]; severity: number }[])
        : []
    ).map((p) => `${['error', 'warning', 'info', 'hint'][p.severity]} ${p.code}: ${p.message} at ${p.path.join('.')}`);
    expect(findings, findings.join('\n')).toEqual([]);
    expect(result.code, result.stderr).toBe(0);
  }, 120_000);

  it('describes every operation and every response, and declares both ways of authenticating', () => {
    const undescribed = operations(document).flatMap(({ id, operation }) => [
      ...(typeof operation.summary === 'string' && typeof operation.description === 'string'
        ? []
        : [`${id}: no summary or no description`]),
      ...Object.entries(operation.responses ?? {})
        .filter(([, response]) => !response.description || response.description === 'Default Response')
        .map(([status]) => `${id} ${status}: response not described`),
    ]);
    expect(undescribed, undescribed.join('\n')).toEqual([]);
    expect(document.components.securitySchemes.organization).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-ORGANIZATION-TOKEN',
    });
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const login = operations(document).find(({ id }) => id === 'auth_login_create')!.operation;
    expect(login.security).toEqual([{}, { organization: [] }]);
    const users = operations(document).find(({ id }) => id === 'users_list')!.operation;
    expect(users.security).toEqual([{ bearer: [], organization: [] }, { bearer: [] }]);
  });

  it('names the shared schemas: the error, user, organization and pages are components, and no object is written out twice', () => {
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'Error',
        'User',
        'OrganizationUser',
        'OrganizationUserPage',
        'Organization',
        'OrganizationPage',
      ]),
    );
    const users = operations(document).find(({ id }) => id === 'users_list')!.operation;
    expect(users.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/OrganizationUserPage',
    });
    expect(users.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    const repeated = repeatedObjects(document);
    expect(repeated, `give each a title (it becomes a component):\n${repeated.join('\n')}`).toEqual([]);
  });
});
