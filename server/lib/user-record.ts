import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { permissionsFor, type Permission } from '#domain/permissions';
import type { ProfileStatus, Role } from '#domain/roles';
import type { Db } from '../db/connection';
import { employeeProfiles, formRequests, organizations, users } from '../db/schema';
import type { OrganizationUserOut, UserOut } from '../schemas/user';
import { invalid } from './api-error';

/**
 * forms_due is derived, never stored: the employee's required form requests still waiting for their own
 * signature (PENDING), counted from a partial index (form_requests_due_idx) inside the same query. A form
 * signed by the employee that waits for the office's countersignature is not theirs to do: it does not
 * confine them (it still keeps them from ready to hire, see employees/checklist.ts). NULL when there is no
 * profile, so the left-joined profile stays null for non-employees.
 */
export const formsDueOf = (userId: SQL | typeof users.id) =>
  sql<number>`(select count(*)::int from ${formRequests} where ${formRequests.employeeId} = ${userId} and ${formRequests.required} and ${formRequests.status} <> 'COMPLETED' and ${formRequests.status} <> 'AWAITING_COUNTERSIGN')`;

/** The columns every user answer needs: the user, its organization and (for employees) its profile. */
export const userRecordColumns = {
  user: users,
  organization: {
    id: organizations.id,
    name: organizations.name,
    token: organizations.token,
    timezone: organizations.timezone,
  },
  profile: {
    status: employeeProfiles.status,
    position: employeeProfiles.position,
    formsDue:
      sql<number>`case when ${employeeProfiles.userId} is null then null else ${formsDueOf(users.id)} end`.mapWith(
        Number,
      ),
  },
};

export interface UserRecord {
  user: typeof users.$inferSelect;
  organization: { id: number; name: string; token: string; timezone: string } | null;
  profile: { status: string; position: string | null; formsDue: number } | null;
}

/** Users joined with organization and profile; add `.where(...)`, ordering and paging as needed. */
export function selectUserRecords(db: Db) {
  return db
    .select(userRecordColumns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(employeeProfiles, eq(employeeProfiles.userId, users.id));
}

export async function loadUserRecord(db: Db, where: SQL): Promise<UserRecord | null> {
  const [row] = await selectUserRecords(db).where(where).limit(1);
  return row ?? null;
}

export const userById = (id: number) => eq(users.id, id);
/**
 * Accounts an email names on an organization's pages: that organization's user, or a master (who belongs to
 * none and signs in on any organization's page). Without an organization: every account with that email.
 */
export const userByEmail = (email: string, organizationId: number | null) => {
  const sameEmail = eq(sql`lower(${users.email})`, email.trim().toLowerCase());
  return organizationId === null
    ? sameEmail
    : and(sameEmail, or(eq(users.organizationId, organizationId), isNull(users.organizationId)))!;
};

/**
 * The account that signs in (or asks for a reset) with this email on the organization's page. A request
 * without an organization (an API client that sends no X-ORGANIZATION-TOKEN) finds a master, or the one
 * account the email has; an email held in several organizations then names none: sign in on your agency's page.
 */
export async function loadAccountByEmail(
  db: Db,
  email: string,
  organizationId: number | null,
): Promise<UserRecord | null> {
  const rows = await selectUserRecords(db).where(userByEmail(email, organizationId)).limit(3);
  const master = rows.find((row) => row.user.organizationId === null);
  if (master) return master;
  return rows.length === 1 ? rows[0] : null;
}

export const EMAIL_TAKEN = 'A user with this email already exists.';

/**
 * Refuses an email that already names an account in the organization, or a master's. Nothing is said of other
 * organizations: their people may hold an account here too.
 */
export async function requireEmailFree(db: Pick<Db, 'select'>, organizationId: number, email: string): Promise<void> {
  const [taken] = await db.select({ id: users.id }).from(users).where(userByEmail(email, organizationId)).limit(1);
  if (taken) throw invalid({ email: [EMAIL_TAKEN] }, EMAIL_TAKEN);
}

/** A unique index refused the row (two requests creating the same email at once). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
export const userInOrganization = (id: number, organizationId: number) =>
  and(eq(users.id, id), eq(users.organizationId, organizationId))!;

/** An active employee of the organization done with onboarding (READY): who works visits and is written to. Joins the profile. */
export const readyEmployeeIn = (organizationId: number) =>
  and(
    eq(users.organizationId, organizationId),
    eq(users.role, 'ROLE_EMPLOYEE'),
    eq(users.isActive, true),
    eq(employeeProfiles.status, 'READY'),
  )!;

export function userPermissions(record: Pick<UserRecord, 'user' | 'profile'>): Permission[] {
  return permissionsFor(record.user.role as Role, (record.profile?.status as ProfileStatus | undefined) ?? null);
}

/**
 * A user of the organization as the office sees them (OrganizationUser). The one place a user becomes JSON:
 * never leaks the password hash.
 */
export function serializeOrganizationUser(record: UserRecord): OrganizationUserOut {
  const { user, organization, profile } = record;
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    timezone: user.timezone,
    is_active: user.isActive,
    invitation_pending: user.passwordHash === null,
    last_login: user.lastLogin ? user.lastLogin.toISOString() : null,
    phone: user.phone,
    has_signature: user.signatureFileId !== null,
    organization: organization ? { id: organization.id, name: organization.name, token: organization.token } : null,
    profile:
      user.role === 'ROLE_EMPLOYEE' && profile
        ? { status: profile.status as ProfileStatus, position: profile.position, forms_due: profile.formsDue }
        : null,
  };
}

/** The signed-in User of the contract: the organization's view of them and their permissions. */
export function serializeUser(record: UserRecord): UserOut {
  return { ...serializeOrganizationUser(record), permissions: userPermissions(record) };
}
