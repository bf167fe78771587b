import { and, eq, fillPlaceholders, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { accessTokenInLifetime, verifyAccessTokenSignature, type VerifiedAccessToken } from '../lib/access-token';
import { createActor } from '../lib/actor';
import { notAuthenticated, tokenNotValid } from '../lib/api-error';
import { global } from '../lib/plugin';
import { familyState, lastSeenResolutionMs } from '../lib/session-rules';
import { userPermissions, userRecordColumns, type UserRecord } from '../lib/user-record';
import { employeeProfiles, organizations, sessionFamilies, users } from '../db/schema';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** What both drivers answer to `query(text, values)`: rows as objects by column name. */
interface DriverClient {
  query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Timestamps arrive as Date (node-postgres, PGlite) or as text; either becomes a Date. */
const dateOf = (value: unknown) => new Date(value as Date | string);

/** Every column of users under its own name, mapped as the query builder maps it (a Date for a timestamp). */
const userColumns = getTableColumns(users);
const userColumnEntries = Object.entries(userColumns);
function userOf(row: Record<string, unknown>): UserRecord['user'] {
  const user: Record<string, unknown> = {};
  for (const [key, column] of userColumnEntries) {
    const value = row[column.name];
    // a driver that already parsed a timestamp gives a Date, which the mappers expect as text
    user[key] =
      value === null || value === undefined ? null : value instanceof Date ? value : column.mapFromDriverValue(value);
  }
  return user as UserRecord['user'];
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
  app.decorateRequest('actor', null);

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access) return;
    await authenticate(request);
  });

  /**
   * The user, organization, profile and refresh family of a session in one statement, its SQL made once and
   * run on the driver itself with the values as parameters (node-postgres and PGlite answer query(text, values)
   * alike, rows by column name), as users_list does: the query builder's row mapping was a tenth of a
   * request's CPU. The user's columns keep their names; the others are prefixed.
   */
  const client = (app.db as unknown as { $client: DriverClient }).$client;
  const sessionStatement = app.db
    .select({
      ...userColumns,
      org_id: sql`${organizations.id}`.as('org_id'),
      org_name: sql`${organizations.name}`.as('org_name'),
      org_token: sql`${organizations.token}`.as('org_token'),
      org_timezone: sql`${organizations.timezone}`.as('org_timezone'),
      profile_status: sql`${employeeProfiles.status}`.as('profile_status'),
      profile_position: sql`${employeeProfiles.position}`.as('profile_position'),
      profile_forms_due: userRecordColumns.profile.formsDue.as('profile_forms_due'),
      family_created_at: sql`${sessionFamilies.createdAt}`.as('family_created_at'),
      family_last_seen_at: sql`${sessionFamilies.lastSeenAt}`.as('family_last_seen_at'),
      family_revoked_at: sql`${sessionFamilies.revokedAt}`.as('family_revoked_at'),
    })
    .from(sessionFamilies)
    .innerJoin(users, eq(users.id, sessionFamilies.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
    .where(
      and(eq(sessionFamilies.id, sql.placeholder('familyId')), eq(sessionFamilies.userId, sql.placeholder('userId'))),
    )
    .limit(1)
    .toSQL();
  const userAndFamily = async (familyId: string, userId: number) => {
    const { rows } = await client.query(
      sessionStatement.sql,
      fillPlaceholders(sessionStatement.params, { familyId, userId }),
    );
    const row = rows[0];
    if (!row) return null;
    const record: UserRecord = {
      user: userOf(row),
      organization:
        row.org_id === null
          ? null
          : {
              id: row.org_id as number,
              name: row.org_name as string,
              token: row.org_token as string,
              timezone: row.org_timezone as string,
            },
      profile:
        row.profile_status === null
          ? null
          : {
              status: row.profile_status as string,
              position: row.profile_position as string | null,
              formsDue: Number(row.profile_forms_due),
            },
    };
    const family = {
      createdAt: dateOf(row.family_created_at),
      lastSeenAt: dateOf(row.family_last_seen_at),
      revokedAt: row.family_revoked_at === null ? null : dateOf(row.family_revoked_at),
    };
    return { record, family };
  };

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
    const found = await userAndFamily(claims.familyId, claims.userId);
    if (!found || !found.record.user.isActive || familyState(found.family, now, app.config) !== 'active')
      throw tokenNotValid();
    if (now.getTime() - found.family.lastSeenAt.getTime() >= lastSeenResolutionMs(app.config)) {
      await app.db
        .update(sessionFamilies)
        .set({ lastSeenAt: now })
        .where(and(eq(sessionFamilies.id, claims.familyId), sql`${sessionFamilies.lastSeenAt} < ${now}`));
    }
    request.user = { ...found.record, permissions: userPermissions(found.record) };
    request.actor = createActor(request, request.user);
    request.sessionFamilyId = claims.familyId;
  }
}, 'authentication');
