import type { Permission } from '#domain/permissions';
import type { Role } from '#domain/roles';
import type { Config } from './config';
import type { Db } from './db/connection';
import type { Keys } from './lib/keys';
import type { Actor } from './lib/actor';
import type { UserRecord } from './lib/user-record';
import type { AuditContext, AuditEntry } from './plugins/audit';
import type { MailService } from './modules/mail/service';
import type { EventBus } from './modules/events/bus';

/**
 * What a route declares in `config.access`, checked by plugins/authorization.ts and shown as `x-access`.
 * `permission` may list several: any one of them suffices. An employee with forms due may call only the
 * routes marked `duringFormsDue` (what the forms-due pages need); anything else answers 403 `forms_due`.
 */
export type Access = ({ public: true } | { permission: Permission | Permission[] } | { roles: Role[] }) & {
  duringFormsDue?: true;
};

/** The organization a request acts in. */
export interface RequestOrganization {
  id: number;
  name: string;
  token: string;
  timezone: string;
}

export interface AuthenticatedUser extends UserRecord {
  permissions: Permission[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    config: Config;
    db: Db;
    keys: Keys;
    /** The injected clock: use it (never `new Date()`) wherever time decides an outcome. */
    now: () => Date;
    mail: MailService;
    /** Live events to people's open streams, across processes (modules/events/bus.ts). */
    events: EventBus;
    /** Writes one audit row outside a request (a request has `request.audit`). */
    writeAudit: (entry: AuditEntry & AuditContext) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user (null on public routes). */
    user: AuthenticatedUser | null;
    /** Who acts: what services take instead of the request (null on public routes; `actorOf` asserts one). */
    actor: Actor | null;
    /** The refresh family of the access token in use. */
    sessionFamilyId: string | null;
    /** The organization the request acts in: the user's own, or for a master the one of the header. */
    organization: RequestOrganization | null;
    /** Writes one audit row with actor, organization, operationId and address of this request. */
    audit: (entry: AuditEntry) => Promise<void>;
  }
}
