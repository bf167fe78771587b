import type { FastifyRequest } from 'fastify';
import type { Permission } from '#domain/permissions';
import type { Role } from '#domain/roles';
import type { AuditEntry } from '../plugins/audit';
import type { AuthenticatedUser, RequestOrganization } from '../types';
import { notAuthenticated } from './api-error';

/**
 * A person's kind, for the few rules the permission table cannot state because they are about who someone is,
 * not what they may do (a client sees only their own visits): every other check reads `can`.
 */
export type PersonKind = 'master' | 'admin' | 'employee' | 'client' | 'marketer';

const KIND_OF: Record<Role, PersonKind> = {
  ROLE_MASTER: 'master',
  ROLE_ADMIN: 'admin',
  ROLE_EMPLOYEE: 'employee',
  ROLE_CLIENT: 'client',
  ROLE_MARKETER: 'marketer',
};

/** Who acts in a request, as services take it: never the request itself. */
export interface Actor {
  /** The organization the request acts in: the user's own, or for a master the header's (null without one). */
  readonly organization: RequestOrganization | null;
  readonly user: AuthenticatedUser['user'];
  /** The permission table of src/domain/permissions.ts, as the authorization plugin reads it. */
  can(permission: Permission): boolean;
  is(kind: PersonKind): boolean;
  /** One audit row with this actor, organization and the request's operation and address. */
  audit(entry: AuditEntry): Promise<void>;
}

/**
 * The office (admins, and a master acting in an organization): of the permission table's people, they alone
 * may see the employees, so that permission names them wherever a rule gives the office more.
 */
export const OFFICE: Permission = 'view-employees';

/** Built once the session is known; the organization is read when asked, as plugins/organization.ts resolves it next. */
export function createActor(request: FastifyRequest, signedIn: AuthenticatedUser): Actor {
  const kind = KIND_OF[signedIn.user.role as Role];
  return {
    get organization() {
      return request.organization;
    },
    user: signedIn.user,
    can: (permission) => signedIn.permissions.includes(permission),
    is: (wanted) => kind === wanted,
    audit: (entry) => request.audit(entry),
  };
}

/** The actor of a signed-in route (every route but the public ones). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw notAuthenticated();
  return request.actor;
}
