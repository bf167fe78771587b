import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseFilesUrl } from './lib/s3-file-storage';

/** Every setting of the server, read once from the environment (documented in README.md). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** node-postgres when set, else PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | null;
  /** An S3-compatible store for uploaded files (s3://bucket/prefix?endpoint=...); else PostgreSQL with databaseUrl, else `${dataDir}/files`. */
  filesUrl: string | null;
  /** WORKERS=N: `npm start` forks N processes sharing the port (node:cluster; needs databaseUrl). 0: one process, no cluster. */
  workers: number;
  /** null until resolved: `resolveJwtSecret` generates and keeps one in `${dataDir}/jwt-secret`. */
  jwtSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  statusFile: string;
  seedDemo: boolean;
  publicUrl: string;
  accessTokenSeconds: number;
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  refreshGraceSeconds: number;
  /** Sign-up and reset links stay valid this long (3 days). */
  passwordTokenSeconds: number;
  loginThrottleAccount: number;
  loginThrottleAddress: number;
  /** Failed sign-ins of one account from anywhere, after which only devices that signed in to it before may try. */
  loginThrottleAccountSpread: number;
  loginThrottleWindowSeconds: number;
  /**
   * Live event streams one process holds open per session, per user (beyond these a new stream closes the
   * oldest) and per client address (beyond it a new one is refused with 429); 0: no cap. See
   * modules/events/service.ts (StreamCaps) and DECISIONS.md.
   */
  eventStreamsPerSession: number;
  eventStreamsPerUser: number;
  eventStreamsPerAddress: number;
  /** The limits of the public operations (server/plugins/rate-limit.ts); RATE_LIMITS=off only for load tests. */
  rateLimits: boolean;
  logLevel: string;
  trustProxy: boolean | string | string[];
  jwtIssuer: string;
  jwtAudience: string;
  /** NODE_ENV=production: console-mail mode is refused (see mailModeProblem). */
  production: boolean;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function text(env: Env, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
}

function flag(env: Env, name: string): boolean {
  return ['1', 'true', 'yes', 'on'].includes((env[name] ?? '').toLowerCase());
}

/** TRUST_PROXY: true/false, or the proxies' addresses / CIDR ranges, comma separated. */
function trustProxy(raw: string | null): boolean | string | string[] {
  if (raw === null) return false;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  return raw.split(',').map((part) => part.trim());
}

/** FILES_URL, checked at start (a wrong one stops the server with what is wrong, not the first upload). */
function filesUrl(env: Env): string | null {
  const raw = text(env, 'FILES_URL');
  if (raw) parseFilesUrl(raw, env);
  return raw;
}

export function configFromEnv(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000);
  return {
    port,
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(text(env, 'DATA_DIR') ?? './data'),
    databaseUrl: text(env, 'DATABASE_URL'),
    filesUrl: filesUrl(env),
    workers: integer(env, 'WORKERS', 0),
    jwtSecret: text(env, 'JWT_SECRET'),
    smtpUrl: text(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM') ?? 'Care Portal <no-reply@localhost>',
    statusFile: path.resolve(text(env, 'STATUS_FILE') ?? 'public/status.json'),
    seedDemo: flag(env, 'SEED_DEMO'),
    publicUrl: (text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    accessTokenSeconds: integer(env, 'ACCESS_TOKEN_SECONDS', 300),
    sessionIdleSeconds: integer(env, 'SESSION_IDLE_SECONDS', 300),
    sessionAbsoluteSeconds: integer(env, 'SESSION_ABSOLUTE_SECONDS', 43_200),
    refreshGraceSeconds: integer(env, 'REFRESH_GRACE_SECONDS', 10),
    passwordTokenSeconds: integer(env, 'PASSWORD_TOKEN_SECONDS', 3 * 24 * 3600),
    loginThrottleAccount: integer(env, 'LOGIN_THROTTLE_ACCOUNT', 5),
    loginThrottleAddress: integer(env, 'LOGIN_THROTTLE_ADDRESS', 20),
    loginThrottleAccountSpread: integer(env, 'LOGIN_THROTTLE_ACCOUNT_SPREAD', 10),
    loginThrottleWindowSeconds: integer(env, 'LOGIN_THROTTLE_WINDOW_SECONDS', 900),
    eventStreamsPerSession: integer(env, 'EVENT_STREAMS_PER_SESSION', 10),
    eventStreamsPerUser: integer(env, 'EVENT_STREAMS_PER_USER', 30),
    eventStreamsPerAddress: integer(env, 'EVENT_STREAMS_PER_ADDRESS', 500),
    rateLimits: !['off', '0', 'false', 'no'].includes((text(env, 'RATE_LIMITS') ?? 'on').toLowerCase()),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    trustProxy: trustProxy(text(env, 'TRUST_PROXY')),
    jwtIssuer: 'care-portal',
    jwtAudience: 'care-portal-api',
    production: (env.NODE_ENV ?? '').trim() === 'production',
  };
}

/**
 * Why the server must not start, as its operator reads it: in production without SMTP_URL, invitations and
 * password resets would reach nobody but the server's console (console-mail mode is for trying the portal on
 * one's own machine).
 */
export function mailModeProblem(config: Config): string | null {
  if (!config.production || config.smtpUrl) return null;
  return (
    'Care Portal will not start: NODE_ENV is production and SMTP_URL is unset. Without SMTP_URL, invitations and ' +
    "password resets are only printed on this server's console (console-mail mode, meant for trying the portal on " +
    'your own machine) and would reach nobody. Set SMTP_URL (e.g. smtp://user:pass@mail.example:587), or unset NODE_ENV to try the portal.'
  );
}

/** What the server says at start in console-mail mode. */
export const CONSOLE_MAIL_NOTICE =
  'Mail is not being sent: SMTP_URL is unset (console-mail mode). Each invitation, password reset and notification is ' +
  'printed here with its links, and kept on /dev without them. Set SMTP_URL to send mail.';

/** The JWT secret: from the environment, or generated on first start and kept (0600) in the data folder. */
export function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // another process on this DATA_DIR wrote it first: everyone signs with that one
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
  chmodSync(file, 0o600);
  return secret;
}
