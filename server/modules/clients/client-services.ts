import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/actor';
import { authorizationWarnings, servicesFor, type AuthorizationUnit, type ServiceCode } from '#domain/clients';
import { CLIENT_TYPES, type ClientType } from '#domain/labels';
import { clientAuthorizations, clientServices } from '../../db/schema';
import { organizationToday } from '../../lib/dates';
import { invalid, notFound } from '../../lib/api-error';
import { requireOrganization } from '../../lib/request-organization';
import { rowsOf } from '../../db/connection';
import type { RequestOrganization } from '../../types';
import type {
  authorizationCreateSchema,
  AuthorizationOut,
  ClientServiceOut,
  serviceCreateSchema,
  serviceUpdateSchema,
} from './schemas';
import { auditClient, findClient } from './client-rows';

/** Refuses, by field, a service the client's type does not receive. */
export function requireServicesOfType(type: ClientType, services: readonly ServiceCode[]) {
  const allowed = servicesFor(type);
  const foreign = services.filter((service) => !allowed.includes(service));
  if (foreign.length)
    throw invalid({ services: [`A ${CLIENT_TYPES[type]} client cannot receive ${foreign.join(', ')}.`] });
}

/** The client's services, each with its authorizations (newest first) and what they have used. */
export async function servicesOf(
  app: FastifyInstance,
  organization: RequestOrganization,
  clientId: number,
): Promise<ClientServiceOut[]> {
  const today = organizationToday(app, organization);
  const [serviceRows, authorizationRows] = await Promise.all([
    app.db
      .select()
      .from(clientServices)
      .where(and(eq(clientServices.organizationId, organization.id), eq(clientServices.clientId, clientId)))
      .orderBy(asc(clientServices.createdAt), asc(clientServices.id)),
    app.db
      .select()
      .from(clientAuthorizations)
      .where(and(eq(clientAuthorizations.organizationId, organization.id), eq(clientAuthorizations.clientId, clientId)))
      .orderBy(desc(clientAuthorizations.startsOn), desc(clientAuthorizations.id)),
  ]);
  const used = await usedUnits(
    app,
    clientId,
    authorizationRows.map((a) => a.id),
  );
  return serviceRows.map((service) => ({
    id: service.id,
    service: service.service,
    status: service.status,
    authorizations: authorizationRows
      .filter((a) => a.serviceId === service.id)
      .map((a) => serializeAuthorization(a, today, used.get(a.id))),
    created_at: service.createdAt.toISOString(),
  }));
}

/**
 * What each authorization has used: its service's Verified visits dated within it, as hours worked (the
 * office's corrected times if any, else the clocks; whole minutes, as payroll counts them) or as visits.
 */
async function usedUnits(
  app: FastifyInstance,
  clientId: number,
  authorizationIds: number[],
): Promise<Map<number, number>> {
  if (!authorizationIds.length) return new Map();
  const result = await app.db.execute(sql`
      select a.id, a.unit, count(v.id)::int as visits,
        coalesce(sum(floor(extract(epoch from (coalesce(v.corrected_end_at, v.clock_out_at) - coalesce(v.corrected_start_at, v.clock_in_at))) / 60)), 0)::int as minutes
      from client_authorizations a
      left join visits v on v.client_id = ${clientId} and v.client_service_id = a.service_id and v.status = 'VERIFIED'
        and v.service_date between a.starts_on and a.ends_on
      where a.id in ${sql`(${sql.join(
        authorizationIds.map((id) => sql`${id}`),
        sql`, `,
      )})`}
      group by a.id, a.unit`);
  const rows = rowsOf<{ id: number; unit: AuthorizationUnit; visits: number; minutes: number }>(result);
  return new Map(
    rows.map((r) => [
      Number(r.id),
      r.unit === 'HOUR' ? Math.round((Number(r.minutes) / 60) * 100) / 100 : Number(r.visits),
    ]),
  );
}

function serializeAuthorization(
  row: typeof clientAuthorizations.$inferSelect,
  today: string,
  used = 0,
): AuthorizationOut {
  const { remaining, low, endingSoon, ended } = authorizationWarnings(
    { amount: row.amount, used, ends_on: row.endsOn },
    today,
  );
  return {
    id: row.id,
    service_id: row.serviceId,
    unit: row.unit,
    amount: row.amount,
    used,
    remaining,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    reference: row.reference,
    low,
    ending_soon: endingSoon,
    ended,
    created_at: row.createdAt.toISOString(),
  };
}

export type NewService = Static<typeof serviceCreateSchema.body>;
export type ServiceChange = Static<typeof serviceUpdateSchema.body>;
export type NewAuthorization = Static<typeof authorizationCreateSchema.body>;

/** The services a client receives and the payer's authorizations of each. */
export function createClientServices(app: FastifyInstance) {
  return {
    async addService(actor: Actor, id: number, input: NewService): Promise<ClientServiceOut> {
      const organization = requireOrganization(actor);
      const client = await findClient(app, organization, id);
      requireServicesOfType(client.type as ClientType, [input.service]);
      const [existing] = await app.db
        .select({ id: clientServices.id })
        .from(clientServices)
        .where(and(eq(clientServices.clientId, id), eq(clientServices.service, input.service)));
      if (existing)
        throw invalid({ service: ['This client already receives this service; change its status instead.'] });
      const [row] = await app.db
        .insert(clientServices)
        .values({
          organizationId: organization.id,
          clientId: id,
          service: input.service,
          status: input.status ?? 'ACTIVE',
          createdAt: app.now(),
        })
        .returning();
      await auditClient(actor, id, {
        action: 'CREATE',
        entity: 'client_service',
        entityId: row.id,
        changed: { event: 'create', service: row.service, status: row.status },
      });
      return {
        id: row.id,
        service: row.service,
        status: row.status,
        authorizations: [],
        created_at: row.createdAt.toISOString(),
      };
    },

    async updateService(actor: Actor, id: number, serviceId: number, input: ServiceChange): Promise<ClientServiceOut> {
      const organization = requireOrganization(actor);
      await findClient(app, organization, id);
      const [current] = await app.db
        .select()
        .from(clientServices)
        .where(
          and(
            eq(clientServices.id, serviceId),
            eq(clientServices.clientId, id),
            eq(clientServices.organizationId, organization.id),
          ),
        );
      if (!current) throw notFound();
      if (current.status !== input.status) {
        await app.db.update(clientServices).set({ status: input.status }).where(eq(clientServices.id, serviceId));
        await auditClient(actor, id, {
          action: 'UPDATE',
          entity: 'client_service',
          entityId: serviceId,
          changed: { status: { from: current.status, to: input.status } },
        });
      }
      const services = await servicesOf(app, organization, id);
      return services.find((s) => s.id === serviceId)!;
    },

    async addAuthorization(actor: Actor, id: number, input: NewAuthorization): Promise<AuthorizationOut> {
      const organization = requireOrganization(actor);
      await findClient(app, organization, id);
      const [service] = await app.db
        .select()
        .from(clientServices)
        .where(
          and(
            eq(clientServices.id, input.service_id),
            eq(clientServices.clientId, id),
            eq(clientServices.organizationId, organization.id),
          ),
        );
      if (!service) throw invalid({ service_id: ["Choose one of this client's services."] });
      if (input.ends_on < input.starts_on)
        throw invalid({ ends_on: ['The authorization cannot end before it starts.'] });
      const [row] = await app.db
        .insert(clientAuthorizations)
        .values({
          organizationId: organization.id,
          clientId: id,
          serviceId: service.id,
          unit: input.unit,
          amount: input.amount,
          startsOn: input.starts_on,
          endsOn: input.ends_on,
          reference: input.reference?.trim() ?? '',
          createdById: actor.user.id,
          createdAt: app.now(),
        })
        .returning();
      await auditClient(actor, id, {
        action: 'CREATE',
        entity: 'client_authorization',
        entityId: row.id,
        changed: {
          event: 'create',
          service: service.service,
          unit: row.unit,
          amount: row.amount,
          starts_on: row.startsOn,
          ends_on: row.endsOn,
          reference: row.reference,
        },
      });
      return serializeAuthorization(row, organizationToday(app, organization));
    },
  };
}
