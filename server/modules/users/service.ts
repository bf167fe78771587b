import { and, asc, desc, eq, fillPlaceholders, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ROLE_LABELS, type ProfileStatus } from '#domain/roles';
import { employeeProfiles, organizations, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { ApiError, invalid, notFound } from '../../lib/api-error';
import { requireOrganization } from '../../lib/request-organization';
import {
  EMAIL_TAKEN,
  formsDueOf,
  isUniqueViolation,
  loadUserRecord,
  requireEmailFree,
  serializeOrganizationUser,
  userInOrganization,
  type UserRecord,
} from '../../lib/user-record';
import type { OrganizationUserOut } from '../../schemas/user';
import type { RequestOrganization } from '../../types';
import { mailSignUpLink } from '../auth/password-tokens';
import { revokeUserSessions } from '../auth/sessions';
import type { Listed, Page } from '../../lib/paging';
import type { Tx } from '../../db/connection';
import type { OrganizationRole, userCreateSchema, userListSchema, userUpdateSchema } from './schemas';

export type UserListFilter = Omit<Static<typeof userListSchema.querystring>, 'limit' | 'offset'>;
export type UserInvitation = Static<typeof userCreateSchema.body>;
export type UserChanges = Static<typeof userUpdateSchema.body>;

const MAX_SEARCH_TERMS = 5;

// Every ordering ends on the id, so pages never overlap or skip rows that tie.
const ORDERINGS: Record<NonNullable<UserListFilter['ordering']>, SQL[]> = {
  last_name: [asc(users.lastName), asc(users.firstName), asc(users.id)],
  '-last_name': [desc(users.lastName), desc(users.firstName), desc(users.id)],
  first_name: [asc(users.firstName), asc(users.lastName), asc(users.id)],
  '-first_name': [desc(users.firstName), desc(users.lastName), desc(users.id)],
  email: [asc(users.email), asc(users.id)],
  '-email': [desc(users.email), desc(users.id)],
  created_at: [asc(users.createdAt), asc(users.id)],
  '-created_at': [desc(users.createdAt), desc(users.id)],
};

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The search words of a filter: at most MAX_SEARCH_TERMS, blanks dropped. */
const searchTerms = (filter: UserListFilter) =>
  (filter.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_TERMS);

/**
 * The list filter with placeholders for its values (`organization`, `role`, `isActive`, `term0`...), so one
 * prepared statement serves every request of the same shape; the organization condition comes first and is
 * never optional.
 */
function listWhere(filter: UserListFilter, terms: number): SQL {
  const conditions: SQL[] = [eq(users.organizationId, sql.placeholder('organization'))];
  if (filter.role) conditions.push(eq(users.role, sql.placeholder('role')));
  if (filter.is_active !== undefined) conditions.push(eq(users.isActive, sql.placeholder('isActive')));
  for (let index = 0; index < terms; index += 1) {
    const pattern = sql.placeholder(`term${index}`);
    conditions.push(or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern))!);
  }
  return and(...conditions)!;
}

/**
 * A users_list row, flat and with only what the answer shows (the password hash and signature stay in the
 * database: only whether they are set travels): mapping 50 nested full rows cost more CPU than the queries.
 */
const LIST_COLUMNS = {
  id: users.id,
  email: users.email,
  first_name: users.firstName,
  last_name: users.lastName,
  role: users.role,
  timezone: users.timezone,
  is_active: users.isActive,
  invitation_pending: sql<boolean>`${users.passwordHash} is null`.as('invitation_pending'),
  last_login: users.lastLogin,
  phone: users.phone,
  has_signature: sql<boolean>`${users.signatureFileId} is not null`.as('has_signature'),
  organization_id: sql<number | null>`${organizations.id}`.as('organization_id'),
  organization_name: sql<string | null>`${organizations.name}`.as('organization_name'),
  organization_token: sql<string | null>`${organizations.token}`.as('organization_token'),
  profile_status: sql<string | null>`${employeeProfiles.status}`.as('profile_status'),
  profile_position: sql<string | null>`${employeeProfiles.position}`.as('profile_position'),
  forms_due: sql<
    number | null
  >`case when ${employeeProfiles.userId} is null then null else ${formsDueOf(users.id)} end`.as('forms_due'),
};
type ListRow = { [K in keyof typeof LIST_COLUMNS]: unknown };

/** A statement's text and its parameters (placeholders filled at each run). */
interface Statement {
  sql: string;
  params: unknown[];
}

/** What both drivers answer to `query(text, values)`: rows as objects by column name. */
interface Client {
  query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The OrganizationUser of the contract from a list row: what serializeOrganizationUser answers for the same user. */
function listedUser(row: ListRow): OrganizationUserOut {
  const role = row.role as string;
  const status = row.profile_status as string | null;
  return {
    id: row.id as number,
    email: row.email as string,
    first_name: row.first_name as string,
    last_name: row.last_name as string,
    role,
    timezone: row.timezone as string,
    is_active: row.is_active as boolean,
    invitation_pending: row.invitation_pending as boolean,
    last_login: row.last_login ? new Date(row.last_login as Date | string).toISOString() : null,
    phone: row.phone as string | null,
    has_signature: row.has_signature as boolean,
    organization:
      row.organization_id === null
        ? null
        : {
            id: row.organization_id as number,
            name: row.organization_name as string,
            token: row.organization_token as string,
          },
    profile:
      role === 'ROLE_EMPLOYEE' && status !== null
        ? {
            status: status as ProfileStatus,
            position: row.profile_position as string | null,
            forms_due: Number(row.forms_due),
          }
        : null,
  };
}

/**
 * Inserts a person invited to sign up (no password yet: the invitation is pending) in the organization; an
 * employee gets their NEW profile with them (`profile`: its position and application, for a hire). The caller
 * checks that the email is free, audits and mails the link.
 */
export async function insertInvitedUser(
  tx: Tx,
  organization: RequestOrganization,
  person: { email: string; first_name: string; last_name: string; phone?: string | null; role: OrganizationRole },
  now: Date,
  profile: Pick<typeof employeeProfiles.$inferInsert, 'position' | 'applicationId'> = {},
): Promise<number> {
  const [created] = await tx
    .insert(users)
    .values({
      organizationId: organization.id,
      email: person.email,
      firstName: person.first_name.trim(),
      lastName: person.last_name.trim(),
      role: person.role,
      phone: person.phone?.trim() || null,
      passwordHash: null,
      timezone: organization.timezone,
      createdAt: now,
    })
    .returning({ id: users.id });
  if (person.role === 'ROLE_EMPLOYEE')
    await tx
      .insert(employeeProfiles)
      .values({ userId: created.id, organizationId: organization.id, status: 'NEW', ...profile });
  return created.id;
}

function changeOf<T>(from: T, to: T | undefined): { from: T; to: T } | null {
  return to === undefined || to === from ? null : { from, to };
}

export function createUserService(app: FastifyInstance) {
  /**
   * users_list's two statements, their SQL made once per shape of filter (which filters are given, how many
   * search words, the ordering) and kept for this app: building the SQL text on every request, and mapping
   * the rows through the query builder, cost more CPU than running them. They run on the driver itself
   * (node-postgres and PGlite answer `query(text, values)` alike), the values always as parameters.
   */
  const client = (app.db as unknown as { $client: Client }).$client;
  const listStatements = new Map<string, { page: Statement; count: Statement }>();
  function listStatement(filter: UserListFilter, terms: number) {
    const ordering = filter.ordering ?? 'last_name';
    const key = `${ordering} ${filter.role ? 'r' : ''}${filter.is_active === undefined ? '' : 'a'}${terms}`;
    let statement = listStatements.get(key);
    if (!statement) {
      const where = listWhere(filter, terms);
      statement = {
        page: app.db
          .select(LIST_COLUMNS)
          .from(users)
          .leftJoin(organizations, eq(organizations.id, users.organizationId))
          .leftJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
          .where(where)
          .orderBy(...ORDERINGS[ordering])
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .toSQL(),
        count: app.db
          .select({ count: sql<number>`count(*)::int`.as('count') })
          .from(users)
          .where(where)
          .toSQL(),
      };
      listStatements.set(key, statement);
    }
    return statement;
  }
  const run = (statement: Statement, values: Record<string, unknown>) =>
    client.query(statement.sql, fillPlaceholders(statement.params, values));

  async function find(organization: RequestOrganization, id: number): Promise<UserRecord> {
    const record = await loadUserRecord(app.db, userInOrganization(id, organization.id));
    if (!record) throw notFound();
    return record;
  }

  /** The invitation mail; `log` is the request's, so a failed send is logged with its id. */
  function mailInvitation(
    log: FastifyBaseLogger,
    organization: RequestOrganization,
    user: UserRecord['user'],
  ): Promise<void> {
    return mailSignUpLink(app, log, organization, user, {
      subject: `You are invited to ${organization.name} on Care Portal`,
      text: (link, days) =>
        `Hello ${user.firstName || user.email},\n\n` +
        `${organization.name} invited you to Care Portal as ${ROLE_LABELS[user.role as OrganizationRole] ?? 'a user'}. ` +
        `To choose your password and sign in, open:\n\n${link}\n\n` +
        `The link works once and expires in ${days} days. If you did not expect this invitation, ignore this mail.\n`,
      failure: 'The invitation mail could not be sent. Try resending the invitation later.',
    });
  }

  return {
    async list(actor: Actor, filter: UserListFilter, page: Page): Promise<Listed<OrganizationUserOut>> {
      const organization = requireOrganization(actor);
      const terms = searchTerms(filter);
      const statement = listStatement(filter, terms.length);
      const values: Record<string, unknown> = {
        organization: organization.id,
        role: filter.role,
        isActive: filter.is_active,
        limit: page.limit,
        offset: page.offset,
      };
      terms.forEach((term, index) => (values[`term${index}`] = likePattern(term)));
      const [rows, total] = await Promise.all([run(statement.page, values), run(statement.count, values)]);
      return { count: Number(total.rows[0]?.count ?? 0), results: (rows.rows as ListRow[]).map(listedUser) };
    },

    async retrieve(actor: Actor, id: number): Promise<OrganizationUserOut> {
      return serializeOrganizationUser(await find(requireOrganization(actor), id));
    },

    /**
     * Creates the user without a password (invitation pending) in the actor's organization and mails the link
     * (`log`: the request's, for a mail that fails). `alongside` adds rows that belong with the user in the same
     * transaction (a client's portal link).
     */
    async invite(
      actor: Actor,
      log: FastifyBaseLogger,
      input: UserInvitation,
      alongside?: (tx: Tx, userId: number) => Promise<void>,
    ): Promise<OrganizationUserOut> {
      const organization = requireOrganization(actor);
      const email = input.email.trim().toLowerCase();
      await requireEmailFree(app.db, organization.id, email);
      let userId: number;
      try {
        userId = await app.db.transaction(async (tx) => {
          const created = await insertInvitedUser(tx, organization, { ...input, email }, app.now());
          await alongside?.(tx, created);
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid({ email: [EMAIL_TAKEN] }, EMAIL_TAKEN);
        throw error;
      }
      const record = await find(organization, userId);
      await actor.audit({
        entity: 'user',
        entityId: userId,
        changed: {
          event: 'invite',
          email,
          first_name: record.user.firstName,
          last_name: record.user.lastName,
          role: input.role,
        },
      });
      await mailInvitation(log, organization, record.user);
      return serializeOrganizationUser(record);
    },

    async resendInvitation(actor: Actor, log: FastifyBaseLogger, id: number): Promise<void> {
      const organization = requireOrganization(actor);
      const { user } = await find(organization, id);
      if (user.passwordHash !== null) throw new ApiError(400, 'already_signed_up', 'This user has already signed up.');
      if (!user.isActive)
        throw new ApiError(
          400,
          'user_inactive',
          'This user is deactivated. Reactivate them before resending the invitation.',
        );
      await mailInvitation(log, organization, user);
      await actor.audit({ entity: 'user', entityId: id, changed: { event: 'invitation-resend' } });
    },

    /**
     * Activation and role, nothing else. Nobody changes their own state or role (an admin could otherwise
     * lock the organization out); becoming an employee creates the NEW profile, leaving that role keeps it
     * for a possible return. Deactivation ends every session of the user at once.
     */
    async update(actor: Actor, id: number, changes: UserChanges): Promise<OrganizationUserOut> {
      const organization = requireOrganization(actor);
      const record = await find(organization, id);
      const { user } = record;
      const isActive = changeOf(user.isActive, changes.is_active);
      const role = changeOf(user.role, changes.role);
      if (user.id === actor.user.id) {
        const fields: Record<string, string[]> = {};
        if (isActive) fields.is_active = ['You cannot deactivate your own account.'];
        if (role) fields.role = ['You cannot change your own role.'];
        if (Object.keys(fields).length) throw invalid(fields, Object.values(fields)[0][0]);
      }
      if (!isActive && !role) return serializeOrganizationUser(record);

      await app.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            ...(isActive ? { isActive: isActive.to } : {}),
            ...(role ? { role: role.to } : {}),
            securityStamp: sql`${users.securityStamp} + 1`,
          })
          .where(userInOrganization(id, organization.id));
        if (role?.to === 'ROLE_EMPLOYEE' && !record.profile) {
          await tx
            .insert(employeeProfiles)
            .values({ userId: id, organizationId: organization.id, status: 'NEW' })
            .onConflictDoNothing();
        }
      });
      if (isActive?.to === false) await revokeUserSessions(app, id, 'deactivated', app.now());
      // an employee's account changed (deactivated, role taken away): their record's trail, for a grievance's reprisal watch
      const employeeId = user.role === 'ROLE_EMPLOYEE' || role?.to === 'ROLE_EMPLOYEE' ? id : null;
      await actor.audit({
        entity: 'user',
        entityId: id,
        employeeId,
        changed: { ...(isActive ? { is_active: isActive } : {}), ...(role ? { role } : {}) },
      });
      return serializeOrganizationUser(await find(organization, id));
    },
  };
}
