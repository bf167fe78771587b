import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE_LABELS } from '../../../src/domain/roles';
import { employeeProfiles, users } from '../../db/schema';
import { ApiError, invalid, notFound } from '../../lib/api-error';
import { EMAIL_TAKEN, isUniqueViolation, loadUserRecord, requireEmailFree, selectUserRecords, serializeUser, userInOrganization, type UserRecord } from '../../lib/user-record';
import type { UserOut } from '../../schemas/user';
import type { RequestOrganization } from '../../types';
import { createSignUpLink } from '../auth/password-tokens';
import { revokeUserSessions } from '../auth/sessions';
import type { Page } from '../../lib/paging';
import type { Tx } from '../../lib/stored-files';
import type { OrganizationRole, UserOrdering } from './schemas';

export interface UserListFilter {
  search?: string;
  role?: OrganizationRole;
  is_active?: boolean;
  ordering?: UserOrdering;
}

export interface UserInvitation {
  email: string;
  first_name: string;
  last_name: string;
  role: OrganizationRole;
}

export interface UserChanges {
  is_active?: boolean;
  role?: OrganizationRole;
}

const MAX_SEARCH_TERMS = 5;

// Every ordering ends on the id, so pages never overlap or skip rows that tie.
const ORDERINGS: Record<UserOrdering, SQL[]> = {
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

/** The list filter; the organization condition comes first and is never optional. */
function listWhere(organizationId: number, filter: UserListFilter): SQL {
  const conditions: SQL[] = [eq(users.organizationId, organizationId)];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.is_active !== undefined) conditions.push(eq(users.isActive, filter.is_active));
  const terms = (filter.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_TERMS);
  for (const term of terms) {
    const pattern = likePattern(term);
    conditions.push(or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern))!);
  }
  return and(...conditions)!;
}

function changeOf<T>(from: T, to: T | undefined): { from: T; to: T } | null {
  return to === undefined || to === from ? null : { from, to };
}

export function createUserService(app: FastifyInstance) {
  async function find(organization: RequestOrganization, id: number): Promise<UserRecord> {
    const record = await loadUserRecord(app.db, userInOrganization(id, organization.id));
    if (!record) throw notFound();
    return record;
  }

  async function mailInvitation(request: FastifyRequest, organization: RequestOrganization, user: UserRecord['user']): Promise<void> {
    const link = createSignUpLink(app, user, organization.token);
    const days = Math.round(app.config.passwordTokenSeconds / 86_400);
    try {
      await app.mail.send({
        to: user.email,
        subject: `You are invited to ${organization.name} on Care Portal`,
        text:
          `Hello ${user.firstName || user.email},\n\n` +
          `${organization.name} invited you to Care Portal as ${ROLE_LABELS[user.role as OrganizationRole] ?? 'a user'}. ` +
          `To choose your password and sign in, open:\n\n${link}\n\n` +
          `The link works once and expires in ${days} days. If you did not expect this invitation, ignore this mail.\n`,
        organizationId: organization.id,
      });
    } catch (error) {
      request.log.error({ err: error }, 'invitation mail failed');
      throw new ApiError(502, 'mail_failed', 'The invitation mail could not be sent. Try resending the invitation later.');
    }
  }

  return {
    async list(organization: RequestOrganization, filter: UserListFilter, page: Page): Promise<{ count: number; results: UserOut[] }> {
      const where = listWhere(organization.id, filter);
      const [rows, [total]] = await Promise.all([
        selectUserRecords(app.db)
          .where(where)
          .orderBy(...ORDERINGS[filter.ordering ?? 'last_name'])
          .limit(page.limit)
          .offset(page.offset),
        app.db.select({ count: count() }).from(users).where(where),
      ]);
      return { count: Number(total?.count ?? 0), results: rows.map(serializeUser) };
    },

    async retrieve(organization: RequestOrganization, id: number): Promise<UserOut> {
      return serializeUser(await find(organization, id));
    },

    /**
     * Creates the user without a password (invitation pending) in the request's organization and mails the link.
     * `alongside` adds rows that belong with the user in the same transaction (a client's portal link).
     */
    async invite(request: FastifyRequest, organization: RequestOrganization, input: UserInvitation, alongside?: (tx: Tx, userId: number) => Promise<void>): Promise<UserOut> {
      const email = input.email.trim().toLowerCase();
      await requireEmailFree(app.db, organization.id, email);
      let userId: number;
      try {
        userId = await app.db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              organizationId: organization.id,
              email,
              firstName: input.first_name.trim(),
              lastName: input.last_name.trim(),
              role: input.role,
              passwordHash: null,
              timezone: organization.timezone,
              createdAt: app.now(),
            })
            .returning({ id: users.id });
          if (input.role === 'ROLE_EMPLOYEE') {
            await tx.insert(employeeProfiles).values({ userId: created.id, organizationId: organization.id, status: 'NEW' });
          }
          await alongside?.(tx, created.id);
          return created.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid({ email: [EMAIL_TAKEN] }, EMAIL_TAKEN);
        throw error;
      }
      const record = await find(organization, userId);
      await request.audit({
        entity: 'user',
        entityId: userId,
        changed: { event: 'invite', email, first_name: record.user.firstName, last_name: record.user.lastName, role: input.role },
      });
      await mailInvitation(request, organization, record.user);
      return serializeUser(record);
    },

    async resendInvitation(request: FastifyRequest, organization: RequestOrganization, id: number): Promise<void> {
      const { user } = await find(organization, id);
      if (user.passwordHash !== null) throw new ApiError(400, 'already_signed_up', 'This user has already signed up.');
      if (!user.isActive) throw new ApiError(400, 'user_inactive', 'This user is deactivated. Reactivate them before resending the invitation.');
      await mailInvitation(request, organization, user);
      await request.audit({ entity: 'user', entityId: id, changed: { event: 'invitation-resend' } });
    },

    /**
     * Activation and role, nothing else. Nobody changes their own state or role (an admin could otherwise
     * lock the organization out); becoming an employee creates the NEW profile, leaving that role keeps it
     * for a possible return. Deactivation ends every session of the user at once.
     */
    async update(request: FastifyRequest, organization: RequestOrganization, id: number, changes: UserChanges): Promise<UserOut> {
      const record = await find(organization, id);
      const { user } = record;
      const isActive = changeOf(user.isActive, changes.is_active);
      const role = changeOf(user.role, changes.role);
      if (user.id === request.user!.user.id) {
        const fields: Record<string, string[]> = {};
        if (isActive) fields.is_active = ['You cannot deactivate your own account.'];
        if (role) fields.role = ['You cannot change your own role.'];
        if (Object.keys(fields).length) throw invalid(fields, Object.values(fields)[0][0]);
      }
      if (!isActive && !role) return serializeUser(record);

      await app.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...(isActive ? { isActive: isActive.to } : {}), ...(role ? { role: role.to } : {}), securityStamp: sql`${users.securityStamp} + 1` })
          .where(userInOrganization(id, organization.id));
        if (role?.to === 'ROLE_EMPLOYEE' && !record.profile) {
          await tx.insert(employeeProfiles).values({ userId: id, organizationId: organization.id, status: 'NEW' }).onConflictDoNothing();
        }
      });
      if (isActive?.to === false) await revokeUserSessions(app.db, id, 'deactivated', app.now());
      // an employee's account changed (deactivated, role taken away): their record's trail, for a grievance's reprisal watch
      const employeeId = user.role === 'ROLE_EMPLOYEE' || role?.to === 'ROLE_EMPLOYEE' ? id : null;
      await request.audit({ entity: 'user', entityId: id, employeeId, changed: { ...(isActive ? { is_active: isActive } : {}), ...(role ? { role } : {}) } });
      return serializeUser(await find(organization, id));
    },
  };
}
