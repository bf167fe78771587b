import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `npm start` runs the server bundled by scripts/build-server.mjs with plain node (no TypeScript loader):
 * the bundle must hold its route modules, find its migrations, and serve the whole API.
 */
describe('the server bundle (npm start)', () => {
  // Inside the checkout (.tmp/ is ignored), where the bundle finds node_modules like dist-server/ does.
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  const work = mkdtempSync(path.join(ROOT, '.tmp', 'bundle-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('builds, starts with plain node on a new data folder, and serves every module of the API', async () => {
    const outdir = path.join(work, 'dist-server');
    const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs'), outdir], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);

    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, [path.join(outdir, 'main.js')], {
      cwd: work,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(work, 'data'),
        LOG_LEVEL: 'warn',
        STATUS_FILE: path.join(work, 'status.json'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no 'listening' in 150 s:\n${output}`)), 150_000);
        const onData = (chunk: Buffer) => {
          output += chunk;
          if (/listening/i.test(output)) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', onData);
        child.once('exit', (code) => reject(new Error(`exited (${code}) before listening:\n${output}`)));
      });
      const response = await fetch(`http://127.0.0.1:${port}/api/schema/`);
      expect(response.status).toBe(200);
      const document = (await response.json()) as { paths: Record<string, Record<string, { operationId?: string }>> };
      const operations = Object.values(document.paths).flatMap((methods) =>
        Object.values(methods).map((operation) => operation.operationId),
      );
      expect(operations).toEqual(
        expect.arrayContaining([
          'auth_login_create',
          'auth_user_retrieve',
          'organizations_retrieve',
          'users_list',
          'notifications_list',
          'dev_outbox_list',
        ]),
      );
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@sunrise.example', password: 'portal-demo-2026' }),
      });
      expect(login.status).toBe(200);
      // no SMTP_URL: it says so at start (console-mail mode)
      expect(output).toContain('Mail is not being sent: SMTP_URL is unset (console-mail mode).');
    } finally {
      child.kill('SIGTERM');
    }

    // in production, console-mail mode is refused before anything starts
    const production = spawnSync(process.execPath, [path.join(outdir, 'main.js')], {
      cwd: work,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        NODE_ENV: 'production',
        SMTP_URL: '',
        PORT: String(port + 1),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(work, 'data-production'),
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(production.status).toBe(1);
    expect(production.stderr).toContain('Care Portal will not start: NODE_ENV is production and SMTP_URL is unset.');
    expect(existsSync(path.join(work, 'data-production'))).toBe(false);
  }, 200_000);
});
