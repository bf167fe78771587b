import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection';
import { sessionFamilies, users } from '../../db/schema';
import { signAccessToken } from '../../lib/access-token';
import { tokenNotValid } from '../../lib/api-error';
import { familyState } from '../../lib/session-rules';
import { USER_SESSIONS_ENDED } from '../events/service';

/**
 * Refresh tokens are `<family id>.<generation>.<HMAC>`: opaque to the client, deterministic for the server,
 * so nothing secret is stored and the grace window can hand a concurrent duplicate the same successor.
 * The family row holds the current generation; rotation is one conditional UPDATE (generation = presented),
 * so two concurrent refreshes of one token can never both advance it.
 */
export interface SessionTokens {
  access: string;
  refresh: string;
}

function refreshMac(key: Buffer, familyId: string, generation: number): string {
  return createHmac('sha256', key).update(`${familyId}.${generation}`).digest('base64url');
}

export function makeRefreshToken(key: Buffer, familyId: string, generation: number): string {
  return `${familyId}.${generation}.${refreshMac(key, familyId, generation)}`;
}

export function parseRefreshToken(key: Buffer, token: string): { familyId: string; generation: number } | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, familyId, generationText, given] = match;
  const generation = Number(generationText);
  const expected = Buffer.from(refreshMac(key, familyId, generation));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { familyId, generation };
}

async function tokensFor(
  app: FastifyInstance,
  userId: number,
  familyId: string,
  generation: number,
): Promise<SessionTokens> {
  return {
    access: await signAccessToken({ userId, familyId }, app.keys.access, app.config, app.now()),
    refresh: makeRefreshToken(app.keys.refresh, familyId, generation),
  };
}

/** Starts a session (sign-in, sign-up): a new family at generation 0. */
export async function startSession(
  app: FastifyInstance,
  user: { id: number; organizationId: number | null },
): Promise<SessionTokens> {
  const now = app.now();
  const familyId = randomUUID();
  await app.db.insert(sessionFamilies).values({
    id: familyId,
    userId: user.id,
    organizationId: user.organizationId,
    generation: 0,
    createdAt: now,
    lastSeenAt: now,
  });
  return tokensFor(app, user.id, familyId, 0);
}

async function loadFamily(db: Db, familyId: string) {
  const [row] = await db
    .select({ family: sessionFamilies, isActive: users.isActive })
    .from(sessionFamilies)
    .innerJoin(users, eq(users.id, sessionFamilies.userId))
    .where(eq(sessionFamilies.id, familyId))
    .limit(1);
  return row ?? null;
}

/**
 * Exchanges a refresh token for a new pair. The current generation rotates; the one just before it, shown
 * again within REFRESH_GRACE_SECONDS, gets the same successor (two tabs refreshing at once); any other
 * older generation is a replayed token and revokes the family. Revoked, idle or expired families and
 * inactive users are refused.
 */
export async function refreshSession(app: FastifyInstance, token: string): Promise<SessionTokens & { userId: number }> {
  const parsed = parseRefreshToken(app.keys.refresh, token);
  if (!parsed) throw tokenNotValid('Token is invalid or expired');
  const now = app.now();
  // The usual case in one statement (the refresh is on the path of every request waiting after a 401): the
  // presented generation is the current one of an active family (not revoked, neither idle nor past its
  // absolute limit, as familyState decides) of an active user. Anything else is decided below on the row.
  const [current] = await app.db
    .update(sessionFamilies)
    .set({ generation: sql`${sessionFamilies.generation} + 1`, rotatedAt: now, lastSeenAt: now })
    .where(
      and(
        eq(sessionFamilies.id, parsed.familyId),
        eq(sessionFamilies.generation, parsed.generation),
        isNull(sessionFamilies.revokedAt),
        gt(sessionFamilies.createdAt, new Date(now.getTime() - app.config.sessionAbsoluteSeconds * 1000)),
        gt(sessionFamilies.lastSeenAt, new Date(now.getTime() - app.config.sessionIdleSeconds * 1000)),
        sql`exists (select 1 from ${users} where ${users.id} = ${sessionFamilies.userId} and ${users.isActive})`,
      ),
    )
    .returning({ userId: sessionFamilies.userId, generation: sessionFamilies.generation });
  if (current)
    return { ...(await tokensFor(app, current.userId, parsed.familyId, current.generation)), userId: current.userId };
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = await loadFamily(app.db, parsed.familyId);
    if (!row || !row.isActive || familyState(row.family, now, app.config) !== 'active')
      throw tokenNotValid('Token is invalid or expired');
    const { family } = row;
    if (parsed.generation === family.generation) {
      const [rotated] = await app.db
        .update(sessionFamilies)
        .set({ generation: family.generation + 1, rotatedAt: now, lastSeenAt: now })
        .where(
          and(
            eq(sessionFamilies.id, family.id),
            eq(sessionFamilies.generation, parsed.generation),
            isNull(sessionFamilies.revokedAt),
          ),
        )
        .returning({ generation: sessionFamilies.generation });
      if (rotated)
        return { ...(await tokensFor(app, family.userId, family.id, rotated.generation)), userId: family.userId };
      continue; // a concurrent refresh rotated it first: decide again on the fresh row
    }
    const withinGrace =
      parsed.generation === family.generation - 1 &&
      family.rotatedAt !== null &&
      now.getTime() - family.rotatedAt.getTime() <= app.config.refreshGraceSeconds * 1000;
    if (withinGrace)
      return { ...(await tokensFor(app, family.userId, family.id, family.generation)), userId: family.userId };
    if (parsed.generation < family.generation) await revokeFamily(app.db, family.id, 'reuse', now);
    throw tokenNotValid('Token is invalid or expired');
  }
  throw tokenNotValid('Token is invalid or expired');
}

export async function revokeFamily(db: Db, familyId: string, reason: string, now: Date): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revokedAt)));
}

/**
 * Ends every session of a user (password reset, deactivation), or every other one (password change:
 * pass the family to keep). The users module calls this when it deactivates someone. Their open event
 * streams end at once, in every process (the `user.sessions-ended` event), not at the next heartbeat.
 */
export async function revokeUserSessions(
  app: Pick<FastifyInstance, 'db' | 'events'>,
  userId: number,
  reason: string,
  now: Date,
  options: { exceptFamilyId?: string | null } = {},
): Promise<void> {
  const conditions = [eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)];
  if (options.exceptFamilyId) conditions.push(ne(sessionFamilies.id, options.exceptFamilyId));
  await app.db
    .update(sessionFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(...conditions));
  // published even when no row changed: a stream may outlive its family's revocation by an earlier path
  await app.events.publish([
    {
      userId,
      organizationId: null,
      type: USER_SESSIONS_ENDED,
      data: { except_family_id: options.exceptFamilyId ?? null },
    },
  ]);
}
