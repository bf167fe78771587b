import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connection';
import { rateLimits } from '../db/schema';
import { throttled } from '../lib/api-error';
import { global } from '../lib/plugin';

/** Whose requests a rule counts: the client's address, the organization of the page, or the email typed in. */
export type RateScope = 'address' | 'organization' | 'email';

export interface RateRule {
  scope: RateScope;
  limit: number;
  windowSeconds: number;
}

const HOUR = 3600;
const DAY = 24 * HOUR;
const QUARTER = 15 * 60;

/**
 * The limits of the public operations, chosen so that a real agency's busiest day passes (DECISIONS.md has the
 * reasoning): a hiring day at the office, everyone's sign-in at a shift change behind one NAT, a family
 * resetting passwords, a batch of invitations accepted at once.
 */
export const PUBLIC_LIMITS = {
  'apply-now': [
    { scope: 'address', limit: 10, windowSeconds: HOUR },
    { scope: 'address', limit: 30, windowSeconds: DAY },
    { scope: 'organization', limit: 100, windowSeconds: HOUR },
    { scope: 'organization', limit: 300, windowSeconds: DAY },
  ],
  login: [
    { scope: 'address', limit: 100, windowSeconds: QUARTER },
    { scope: 'organization', limit: 5000, windowSeconds: QUARTER },
  ],
  'password-reset': [
    { scope: 'email', limit: 3, windowSeconds: HOUR },
    { scope: 'address', limit: 10, windowSeconds: HOUR },
    { scope: 'organization', limit: 100, windowSeconds: HOUR },
    { scope: 'organization', limit: 500, windowSeconds: DAY },
  ],
  /** Sign-up and password-reset confirmations: the link's token is the secret; this only bounds the volume. */
  'link-confirm': [
    { scope: 'address', limit: 20, windowSeconds: HOUR },
    { scope: 'organization', limit: 500, windowSeconds: HOUR },
  ],
} satisfies Record<string, RateRule[]>;

export type RateLimitName = keyof typeof PUBLIC_LIMITS;

/** A digest, never the text: an email field may hold a password typed in the wrong box. */
export const digest = (text: string) =>
  createHash('sha256').update(text.trim().toLowerCase()).digest('base64url').slice(0, 32);

/**
 * Counts one request against each rule (one atomic upsert per key, so processes sharing the database share the
 * counts) and answers the seconds to wait when any rule is past its limit, 0 when all allow it.
 */
export async function consume(
  db: Db,
  keys: { key: string; limit: number; windowSeconds: number }[],
  now: Date,
): Promise<number> {
  let wait = 0;
  for (const { key, limit, windowSeconds } of keys) {
    const ends = new Date(now.getTime() + windowSeconds * 1000);
    const [row] = await db
      .insert(rateLimits)
      .values({ key, hits: 1, windowStartedAt: now, windowEndsAt: ends })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`CASE WHEN ${rateLimits.windowEndsAt} <= ${now} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${rateLimits.windowEndsAt} <= ${now} THEN ${now} ELSE ${rateLimits.windowStartedAt} END`,
          windowEndsAt: sql`CASE WHEN ${rateLimits.windowEndsAt} <= ${now} THEN ${ends} ELSE ${rateLimits.windowEndsAt} END`,
        },
      })
      .returning({ hits: rateLimits.hits, windowEndsAt: rateLimits.windowEndsAt });
    if (row.hits > limit) wait = Math.max(wait, Math.ceil((row.windowEndsAt.getTime() - now.getTime()) / 1000));
  }
  return wait;
}

/** The keys of a named limit for one request (the email from its JSON body). */
export function keysFor(
  name: RateLimitName,
  request: FastifyRequest,
): { key: string; limit: number; windowSeconds: number }[] {
  const body = request.body as { email?: unknown } | null | undefined;
  const subject = (scope: RateScope): string => {
    if (scope === 'address') return request.ip;
    if (scope === 'email') return digest(typeof body?.email === 'string' ? body.email : '');
    return request.organization ? String(request.organization.id) : 'none';
  };
  return PUBLIC_LIMITS[name].map((rule) => ({
    key: `${name}:${rule.scope}:${rule.windowSeconds}:${subject(rule.scope)}`,
    limit: rule.limit,
    windowSeconds: rule.windowSeconds,
  }));
}

/**
 * Routes declaring `config.rateLimit` are counted before their handler runs (an upload is refused before its
 * bytes are read): 429 with Retry-After and the wait in words. Windows past their end are removed hourly.
 */
export const rateLimitPlugin = global(async (app) => {
  if (!app.config.rateLimits) return;
  app.addHook('preHandler', async (request) => {
    const name = request.routeOptions.config.rateLimit;
    if (!name) return;
    const wait = await consume(app.db, keysFor(name, request), app.now());
    if (wait > 0) throw throttled(wait);
  });
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      app.db
        .delete(rateLimits)
        .where(lt(rateLimits.windowEndsAt, app.now()))
        .catch((error: unknown) => app.log.error({ err: error }, 'rate limit cleanup failed'));
    }, HOUR * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}, 'rate-limit');

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimitName;
  }
}
