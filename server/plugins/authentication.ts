import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { accessTokenInLifetime, verifyAccessTokenSignature, type VerifiedAccessToken } from '../lib/access-token';
import { notAuthenticated, tokenNotValid } from '../lib/api-error';
import { global } from '../lib/plugin';
import { familyState, lastSeenResolutionMs } from '../lib/session-rules';
import { userPermissions, userRecordColumns } from '../lib/user-record';
import { employeeProfiles, organizations, sessionFamilies, users } from '../db/schema';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** The most verified access tokens kept (about 5 MB): past it, the oldest goes first. */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Verifies the access token on every route that is not public, then loads the user, its organization,
 * profile and refresh family in one query: revoked, idle or expired families and inactive users are refused
 * at once, and permissions follow the current profile status.
 */
export const authenticationPlugin = global(async (app) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionFamilyId', null);

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access) return;
    await authenticate(request);
  });

  // Built once: the SQL text is not rebuilt per request, and PostgreSQL keeps the named statement's plan.
  const userAndFamily = app.db
    .select({
      ...userRecordColumns,
      family: {
        createdAt: sessionFamilies.createdAt,
        lastSeenAt: sessionFamilies.lastSeenAt,
        revokedAt: sessionFamilies.revokedAt,
      },
    })
    .from(sessionFamilies)
    .innerJoin(users, eq(users.id, sessionFamilies.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
    .where(and(eq(sessionFamilies.id, sql.placeholder('familyId')), eq(sessionFamilies.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('authenticate_user_and_family');

  /**
   * Tokens whose signature and claims verified (a pure function of the token and this app's key, so nothing
   * another process needs or could invalidate): the HMAC was a tenth of a request's CPU. Their lifetime is
   * checked on every request, and the session in the database below; a token that fails is never kept.
   */
  const verifiedTokens = new Map<string, VerifiedAccessToken>();
  function verifiedToken(token: string): VerifiedAccessToken {
    let verified = verifiedTokens.get(token);
    if (!verified) {
      verified = verifyAccessTokenSignature(token, app.keys.access, app.config);
      if (verifiedTokens.size >= VERIFIED_TOKENS_KEPT) verifiedTokens.delete(verifiedTokens.keys().next().value!);
      verifiedTokens.set(token, verified);
    }
    return verified;
  }

  async function authenticate(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw notAuthenticated();
    const now = app.now();
    const claims = accessTokenInLifetime(verifiedToken(token), now);
    const [row] = await userAndFamily.execute({ familyId: claims.familyId, userId: claims.userId });
    if (!row || !row.user.isActive || familyState(row.family, now, app.config) !== 'active') throw tokenNotValid();
    if (now.getTime() - row.family.lastSeenAt.getTime() >= lastSeenResolutionMs(app.config)) {
      await app.db
        .update(sessionFamilies)
        .set({ lastSeenAt: now })
        .where(and(eq(sessionFamilies.id, claims.familyId), sql`${sessionFamilies.lastSeenAt} < ${now}`));
    }
    const { family: _family, ...record } = row;
    request.user = { ...record, permissions: userPermissions(record) };
    request.sessionFamilyId = claims.familyId;
  }
}, 'authentication');
