import type { Static, TSchema } from '@fastify/type-provider-typebox';
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/connection';
import { employeeProfiles, formRequests, testRequests, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { invalid, notFound, permissionDenied } from '../../lib/api-error';
import { nameColumns, personName } from '../../lib/names';
import { readyEmployeeIn } from '../../lib/user-record';
import { requireOrganization } from '../../lib/request-organization';
import type { Listed, Page } from '../../lib/paging';
import { requireSignature, withSignatureFile } from '../../lib/signature-files';
import type { FileRow } from '../../lib/stored-files';
import type { NewLiveEvent } from '../events/bus';
import type { Mail } from '../mail/service';
import { notify, organizationAdminIds, type NewNotification } from '../notifications/service';

/**
 * The READY registered nurse who observes the HHA skills: of the permission table's people, READY employees alone
 * hold view-workschedules (the route's permission); the position is the profile's, which the table does not state.
 */
export async function isObservingNurse(db: Db, actor: Actor): Promise<boolean> {
  if (!actor.can('view-workschedules')) return false;
  const [profile] = await db
    .select({ position: employeeProfiles.position })
    .from(employeeProfiles)
    .where(eq(employeeProfiles.userId, actor.user.id))
    .limit(1);
  return profile?.position === 'RN';
}

export async function requireObservingNurse(db: Db, actor: Actor): Promise<void> {
  if (!(await isObservingNurse(db, actor)))
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
  work: (tx: Tx, notice: Notice) => Promise<T>,
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

/** What a route takes in its body, as its schema checks it: what the service's method is given. */
export type BodyOf<Route extends { body: TSchema }> = Static<Route['body']>;

/** A list route's filters: its query without the paging. */
export type FilterOf<Route extends { querystring: TSchema }> = Omit<Static<Route['querystring']>, 'limit' | 'offset'>;

/** What a transaction of inTransactionNotifying notifies: written with it, mailed once it commits. */
export type Notice = (notification: NewNotification) => Promise<void>;

/** Every admin of the organization hears of it. */
export async function noticeOffice(tx: Tx, notice: Notice, notification: Omit<NewNotification, 'userId'>) {
  for (const adminId of await organizationAdminIds(tx as never, notification.organizationId))
    await notice({ ...notification, userId: adminId });
}

/** The requests a service sends employees: a form to fill and sign, or a competency test to take. */
type RequestTable = typeof formRequests | typeof testRequests;

/**
 * Sends one request of `table` to each of `employees` (all or none, PENDING, by the actor), each employee notified
 * of theirs in the same transaction.
 */
export function sendRequests<Table extends RequestTable>(
  app: FastifyInstance,
  actor: Actor,
  table: Table,
  { organizationId, employees }: { organizationId: number; employees: EmployeeRef[] },
  columns: (
    employee: EmployeeRef,
  ) => Omit<Table['$inferInsert'], 'organizationId' | 'employeeId' | 'status' | 'requestedById' | 'createdAt'>,
  notification: (row: Table['$inferSelect']) => Omit<NewNotification, 'userId' | 'organizationId'>,
): Promise<Table['$inferSelect'][]> {
  const now = app.now();
  const values = employees.map((employee) => ({
    ...columns(employee),
    organizationId,
    employeeId: employee.id,
    status: 'PENDING',
    requestedById: actor.user.id,
    createdAt: now,
  }));
  return inTransactionNotifying(app, async (tx, notice) => {
    const created = await tx
      .insert(table as RequestTable)
      .values(values as never)
      .returning();
    for (const row of created) await notice({ ...notification(row), organizationId, userId: row.employeeId });
    return created as Table['$inferSelect'][];
  });
}

/** Of `employees`, those who have a request of `table` that `open` matches, by name: one is sent once at a time. */
export async function namesWithOpen(
  db: Db,
  table: RequestTable,
  organizationId: number,
  employees: EmployeeRef[],
  open: SQL,
): Promise<string | null> {
  const rows = await db
    .select({ employeeId: table.employeeId })
    .from(table)
    .where(
      and(
        eq(table.organizationId, organizationId),
        open,
        inArray(
          table.employeeId,
          employees.map((e) => e.id),
        ),
      ),
    );
  const names = employees.filter((e) => rows.some((row) => row.employeeId === e.id)).map(personName);
  return names.length ? names.join(', ') : null;
}

/**
 * Moves a request on from the status `from` the caller saw; if another moved it first (a double submit), `refused`
 * is thrown and the transaction rolls back.
 */
export async function moveRequest<Table extends RequestTable>(
  tx: Tx,
  table: Table,
  request: { id: number; organizationId: number; from: string },
  values: PgUpdateSetSource<Table>,
  refused: () => Error,
): Promise<void> {
  const moved = await tx
    .update(table as RequestTable)
    .set(values as PgUpdateSetSource<RequestTable>)
    .where(
      and(eq(table.id, request.id), eq(table.organizationId, request.organizationId), eq(table.status, request.from)),
    )
    .returning({ id: table.id });
  if (!moved.length) throw refused();
}

type Pageable<Row> = { limit(limit: number): { offset(offset: number): PromiseLike<Row[]> } };

/**
 * Moves a request on from `from` with the actor's drawn signature (a 400 naming `signature` when it is not one): the
 * signature's file, the move (`values`, given the file) and what it notifies in one transaction; `refused` when
 * another moved it first.
 */
export async function moveSigned<Table extends RequestTable>(
  app: FastifyInstance,
  actor: Actor,
  table: Table,
  request: { id: number; organizationId: number; from: string },
  signature: string,
  move: {
    values: (file: FileRow) => PgUpdateSetSource<Table>;
    refused: () => Error;
    notify: (tx: Tx, notice: Notice) => Promise<void>;
  },
): Promise<void> {
  const png = await requireSignature(signature);
  await withSignatureFile(app, png, { organizationId: request.organizationId, createdById: actor.user.id }, (save) =>
    inTransactionNotifying(app, async (tx, notice) => {
      await moveRequest(tx, table, request, move.values(await save(tx)), move.refused);
      await move.notify(tx, notice);
    }),
  );
}

/** One page of `rows` (filtered by `where`, ordered) and how many rows of `table` match `where` in all. */
export async function pageAndCount<Row>(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  page: Page,
  rows: Pageable<Row>,
): Promise<Listed<Row>> {
  const [results, [total]] = await Promise.all([
    rows.limit(page.limit).offset(page.offset),
    db.select({ count: count() }).from(table).where(where),
  ]);
  return { count: Number(total?.count ?? 0), results };
}

/** A service's select of its requests joined with what their answers show, to filter with `where`. */
interface RequestSelect<Row> {
  where(where: SQL | undefined): { limit(limit: number): PromiseLike<Row[]>; orderBy(...by: SQL[]): Pageable<Row> };
}

/** The audit log's entity of each kind of request. */
const ENTITY_OF = new Map<RequestTable, string>([
  [formRequests, 'form_request'],
  [testRequests, 'test_request'],
]);

/** One request of the organization that `more` (who may see it) allows, or 404. */
export async function loadRequest<Row>(
  select: RequestSelect<Row>,
  table: RequestTable,
  organizationId: number,
  id: number,
  ...more: (SQL | undefined)[]
): Promise<Row> {
  const [record] = await select
    .where(and(eq(table.id, id), eq(table.organizationId, organizationId), ...more))
    .limit(1);
  if (!record) throw notFound();
  return record;
}

/**
 * One page of the actor's organization's requests that `conditions` (and `status`, when given) match, newest first,
 * and how many they match.
 * The read is audited with `audited`: every read, every role (an employee's reading of their own too).
 */
export async function listRequests<Row>(
  actor: Actor,
  db: Db,
  { table, select }: { table: RequestTable; select: RequestSelect<Row> },
  { conditions, status, page }: { conditions: SQL[]; status: string | undefined; page: Page },
  audited: Record<string, unknown>,
): Promise<Listed<Row>> {
  const inOrganization = eq(table.organizationId, requireOrganization(actor).id);
  const where = and(inOrganization, ...conditions, status ? eq(table.status, status) : undefined);
  const ordered = select.where(where).orderBy(desc(table.createdAt), desc(table.id));
  const listed = await pageAndCount(db, table, where, page, ordered);
  await actor.audit({
    entity: ENTITY_OF.get(table)!,
    changed: { event: 'read-list', ...audited, count: listed.results.length },
  });
  return listed;
}

/** The active READY registered nurses of an organization: who observes the HHA skills. */
export async function organizationNurseIds(db: Db | Tx, organizationId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
    .where(and(readyEmployeeIn(organizationId), eq(employeeProfiles.position, 'RN')));
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
        .select({ id: users.id, ...nameColumns(users), position: employeeProfiles.position })
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
