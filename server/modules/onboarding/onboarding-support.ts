import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/connection';
import { employeeProfiles, users } from '../../db/schema';
import { invalid, permissionDenied } from '../../lib/api-error';
import type { NewLiveEvent } from '../events/bus';
import type { Mail } from '../mail/service';
import { notify, type NewNotification } from '../notifications/service';

/** Whoever manages the organization's employees (admin, or master in the header's organization). */
export function isAdmin(request: FastifyRequest): boolean {
  return request.user!.permissions.includes('view-employees');
}

/**
 * The READY registered nurse who observes the HHA skills (service check behind `{ roles: ['ROLE_EMPLOYEE'] }`):
 * of the permission table's people, READY employees alone hold view-workschedules.
 */
export function isObservingNurse(request: FastifyRequest): boolean {
  const user = request.user!;
  return user.permissions.includes('view-workschedules') && user.profile?.position === 'RN';
}

export function requireObservingNurse(request: FastifyRequest): void {
  if (!isObservingNurse(request))
    throw permissionDenied(
      'Only a registered nurse of the organization who is ready to work may record the observation.',
    );
}

/**
 * Runs `work` in one transaction; what it notifies is written in that transaction, and the mails of those
 * notifications (built by notify()) go out only once it has committed.
 */
export async function inTransactionNotifying<T>(
  app: FastifyInstance,
  work: (tx: Tx, notice: (notification: NewNotification) => Promise<void>) => Promise<T>,
): Promise<T> {
  const mails: Mail[] = [];
  const events: NewLiveEvent[] = [];
  const collector = {
    mail: { send: async (mail: Mail) => void mails.push(mail), close: async () => undefined },
    config: app.config,
    log: app.log,
    events: { publish: async (more: NewLiveEvent[]) => void events.push(...more) },
  };
  const result = await app.db.transaction(async (tx) =>
    work(tx, async (notification) => {
      await notify(tx as unknown as Db, notification, app.now(), collector);
    }),
  );
  if (events.length)
    await app.events
      .publish(events)
      .catch((error: unknown) => app.log.error({ err: error }, 'notification event failed'));
  for (const mail of mails) {
    try {
      await app.mail.send(mail);
    } catch (error) {
      app.log.error({ err: error }, 'notification mail failed');
    }
  }
  return result;
}

/** The active READY registered nurses of an organization: who observes the HHA skills. */
export async function organizationNurseIds(db: Db | Tx, organizationId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.role, 'ROLE_EMPLOYEE'),
        eq(users.isActive, true),
        eq(employeeProfiles.status, 'READY'),
        eq(employeeProfiles.position, 'RN'),
      ),
    );
  return rows.map((r) => r.id);
}

export interface EmployeeRef {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  position: string | null;
}

/**
 * The employees of the organization among `ids` (active, with an employee profile). All or nothing: any id
 * that is not one of them refuses the whole request, naming `employee_ids`.
 */
export async function requireEmployees(db: Db, organizationId: number, ids: number[]): Promise<EmployeeRef[]> {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          position: employeeProfiles.position,
        })
        .from(users)
        .innerJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(employeeProfiles.organizationId, organizationId),
            eq(users.role, 'ROLE_EMPLOYEE'),
            eq(users.isActive, true),
            inArray(users.id, unique),
          ),
        )
    : [];
  const unknown = unique.filter((id) => !rows.some((row) => row.id === id));
  if (!unique.length) throw invalid({ employee_ids: ['Choose at least one employee.'] });
  if (unknown.length) {
    const text = `Not an active employee of this organization: ${unknown.join(', ')}.`;
    throw invalid({ employee_ids: [text] }, text);
  }
  return unique.map((id) => rows.find((row) => row.id === id)!);
}

/**
 * The order an attempt of a competency test asks its questions in: shuffled, and never the order of the
 * previous attempt (given) when there are two questions or more, so a retake is not the same test again.
 */
export function newQuestionOrder(questionIds: string[], previous: string[] | null): string[] {
  const before = previous?.length ? previous.join('\n') : questionIds.join('\n');
  for (let attempt = 0; attempt < 20; attempt++) {
    const order = [...questionIds];
    for (let i = order.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    if (order.length < 2 || previous === null || order.join('\n') !== before) return order;
  }
  return [...questionIds.slice(1), questionIds[0]];
}
