import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/actor';
import { employeeCounts, employeeNotes, employeeProfiles, noteTypes, users } from '../../db/schema';
import { organizationToday } from '../../lib/dates';
import { ApiError, invalid, notFound } from '../../lib/api-error';
import { addDays } from '#domain/dates';
import type { Listed, Page } from '../../lib/paging';
import { prefixPattern, SEARCH_COUNT_LIMIT, searchTerms, wordsQuery } from '../../lib/search';
import { requireOrganization } from '../../lib/request-organization';
import { formsDueOf } from '../../lib/user-record';
import type { RequestOrganization } from '../../types';
import { EXPIRING_SOON_DAYS } from '../documents/service';
import { notify } from '../notifications/service';
import { buildChecklist } from './checklist';
import { createEmployee, mailEmployeeInvitation, notifyOnboardingAssigned, type NewEmployee } from './hiring';
import { EMAIL_TAKEN, isUniqueViolation } from '../../lib/user-record';
import { nameColumns, personName, personRef } from '../../lib/names';
import type {
  ChecklistOut,
  employeeListSchema,
  EmployeeOrdering,
  EmployeeOut,
  EmployeeSummaryOut,
  employeeUpdateSchema,
  noteCreateSchema,
  NoteOut,
} from './schemas';

export type EmployeeListFilter = Omit<Static<typeof employeeListSchema.querystring>, 'limit' | 'offset'>;
export type EmployeeChanges = Static<typeof employeeUpdateSchema.body>;
export type NoteInput = Static<typeof noteCreateSchema.body>;

// Every ordering ends on the id; last_name and created_at orderings are served by the users indexes.
const ORDERINGS: Record<EmployeeOrdering, SQL[]> = {
  last_name: [asc(users.lastName), asc(users.firstName), asc(users.id)],
  '-last_name': [desc(users.lastName), desc(users.firstName), desc(users.id)],
  created_at: [asc(users.createdAt), asc(users.id)],
  '-created_at': [desc(users.createdAt), desc(users.id)],
};

/**
 * A search is answered from the prefix indexes (bitmap scans of the matches) and then sorted; ordering on
 * plain expressions keeps the planner from walking the whole name index in order while it filters, which
 * it prefers when it underestimates the matches (seconds at 1M rows instead of milliseconds).
 */
const SEARCH_ORDERINGS: Record<EmployeeOrdering, SQL[]> = {
  last_name: [sql`(${users.lastName} || '')`, sql`(${users.firstName} || '')`, sql`(${users.id} + 0)`],
  '-last_name': [
    sql`(${users.lastName} || '') desc`,
    sql`(${users.firstName} || '') desc`,
    sql`(${users.id} + 0) desc`,
  ],
  created_at: [sql`(${users.createdAt} + interval '0 seconds')`, sql`(${users.id} + 0)`],
  '-created_at': [sql`(${users.createdAt} + interval '0 seconds') desc`, sql`(${users.id} + 0) desc`],
};

const expiredCount = (today: string) =>
  sql<number>`(select count(*)::int from employee_documents d where d.employee_id = ${users.id} and d.expires_on is not null and d.expires_on < ${today}::date and d.status in ('APPROVED', 'PENDING'))`;
const expiringCount = (today: string) =>
  sql<number>`(select count(*)::int from employee_documents d where d.employee_id = ${users.id} and d.expires_on is not null and d.expires_on >= ${today}::date and d.expires_on <= ${addDays(today, EXPIRING_SOON_DAYS)}::date and d.status in ('APPROVED', 'PENDING'))`;

function employeeColumns(today: string) {
  return {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    phone: users.phone,
    isActive: users.isActive,
    invitationPending: sql<boolean>`(${users.passwordHash} is null)`,
    createdAt: users.createdAt,
    status: employeeProfiles.status,
    position: employeeProfiles.position,
    readyAt: employeeProfiles.readyAt,
    applicationId: employeeProfiles.applicationId,
    formsDue: formsDueOf(users.id).mapWith(Number),
    expiredDocuments: expiredCount(today).mapWith(Number),
    expiringDocuments: expiringCount(today).mapWith(Number),
  };
}
interface EmployeeRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  isActive: boolean;
  invitationPending: boolean;
  createdAt: Date;
  status: string;
  position: string | null;
  readyAt: Date | null;
  applicationId: number | null;
  formsDue: number;
  expiredDocuments: number;
  expiringDocuments: number;
}

function summary(row: EmployeeRow): EmployeeSummaryOut {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    position: row.position,
    status: row.status as EmployeeSummaryOut['status'],
    is_active: row.isActive,
    invitation_pending: Boolean(row.invitationPending),
    forms_due: Number(row.formsDue),
    expired_documents: Number(row.expiredDocuments),
    expiring_documents: Number(row.expiringDocuments),
    created_at: row.createdAt.toISOString(),
  };
}

function serializeEmployee(row: EmployeeRow): EmployeeOut {
  return {
    ...summary(row),
    ready_at: row.readyAt ? row.readyAt.toISOString() : null,
    application_id: row.applicationId,
  };
}

const inOrganization = (organizationId: number) =>
  and(eq(users.organizationId, organizationId), eq(users.role, 'ROLE_EMPLOYEE'))!;

export function createEmployeeService(app: FastifyInstance) {
  const todayIn = (organization: RequestOrganization) => organizationToday(app, organization);

  function selectEmployees(today: string) {
    return app.db
      .select(employeeColumns(today))
      .from(users)
      .innerJoin(employeeProfiles, eq(employeeProfiles.userId, users.id));
  }

  async function find(organization: RequestOrganization, id: number): Promise<EmployeeRow> {
    const [row] = await selectEmployees(todayIn(organization))
      .where(and(eq(users.id, id), inOrganization(organization.id)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  async function countEmployees(
    organizationId: number,
    filter: EmployeeListFilter,
    where: SQL,
    today: string,
  ): Promise<number> {
    const terms = searchTerms(filter.search);
    if (!terms.length && filter.expired === undefined) {
      // kept by triggers: no scan of the employees however many there are
      const conditions = [eq(employeeCounts.organizationId, organizationId)];
      if (filter.status) conditions.push(eq(employeeCounts.status, filter.status));
      if (filter.position) conditions.push(eq(employeeCounts.position, filter.position));
      const [row] = await app.db
        .select({ total: sql<number>`coalesce(sum(${employeeCounts.count}), 0)::int` })
        .from(employeeCounts)
        .where(and(...conditions));
      return Number(row?.total ?? 0);
    }
    const bounded = app.db
      .select({ one: sql`1` })
      .from(users)
      .innerJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
      .where(where)
      .limit(SEARCH_COUNT_LIMIT)
      .as('matches');
    void today;
    const [row] = await app.db.select({ total: sql<number>`count(*)::int` }).from(bounded);
    return Number(row?.total ?? 0);
  }

  function listWhere(organizationId: number, filter: EmployeeListFilter, today: string): SQL {
    const conditions: SQL[] = [inOrganization(organizationId)];
    if (filter.status) conditions.push(eq(employeeProfiles.status, filter.status));
    if (filter.position) conditions.push(eq(employeeProfiles.position, filter.position));
    const terms = searchTerms(filter.search);
    const words = wordsQuery(terms);
    if (words) conditions.push(sql`"users"."search_words" @@ to_tsquery('simple', ${words})`);
    for (const term of terms) {
      const pattern = prefixPattern(term);
      conditions.push(
        or(
          sql`lower(${users.lastName}) like ${pattern}`,
          sql`lower(${users.firstName}) like ${pattern}`,
          sql`lower(${users.email}) like ${pattern}`,
        )!,
      );
    }
    if (filter.expired !== undefined) {
      const exists = sql`exists (select 1 from employee_documents d where d.employee_id = ${users.id} and d.organization_id = ${organizationId} and d.expires_on is not null and d.expires_on < ${today}::date and d.status in ('APPROVED', 'PENDING'))`;
      conditions.push(filter.expired ? exists : sql`not ${exists}`);
    }
    return and(...conditions)!;
  }

  async function readAudit(actor: Actor, id: number, what: string) {
    await actor.audit({ entity: 'employee', entityId: id, changed: { event: 'read', what } });
  }

  return {
    /** The employee of the actor's organization (404 for anyone else), for the routes that act on their records. */
    async find(actor: Actor, id: number): Promise<EmployeeRow> {
      return find(requireOrganization(actor), id);
    },
    /** The Employee answer, without an audit row (for answers that embed it). */
    async serialized(organization: RequestOrganization, id: number): Promise<EmployeeOut> {
      return serializeEmployee(await find(organization, id));
    },

    async list(actor: Actor, filter: EmployeeListFilter, page: Page): Promise<Listed<EmployeeSummaryOut>> {
      const organization = requireOrganization(actor);
      const today = todayIn(organization);
      const where = listWhere(organization.id, filter, today);
      const [rows, total] = await Promise.all([
        selectEmployees(today)
          .where(where)
          .orderBy(
            ...(searchTerms(filter.search).length ? SEARCH_ORDERINGS : ORDERINGS)[filter.ordering ?? 'last_name'],
          )
          .limit(page.limit)
          .offset(page.offset),
        countEmployees(organization.id, filter, where, today),
      ]);
      // a list of employees is a search of their records: the query is kept (product.md, "Audit")
      await actor.audit({
        entity: 'employee',
        action: 'SEARCH',
        changed: { query: { ...filter, ...page }, count: total },
      });
      return { count: total, results: rows.map(summary) };
    },

    async retrieve(actor: Actor, id: number): Promise<EmployeeOut> {
      const row = await find(requireOrganization(actor), id);
      await readAudit(actor, id, 'employee');
      return serializeEmployee(row);
    },

    /** Hires the employee; `log` is the request's, for an invitation mail that fails. */
    async create(actor: Actor, log: FastifyBaseLogger, input: NewEmployee): Promise<EmployeeOut> {
      const organization = requireOrganization(actor);
      const now = app.now();
      let created: Awaited<ReturnType<typeof createEmployee>>;
      try {
        created = await app.db.transaction((tx) => createEmployee(tx, organization, input, actor.user.id, now));
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid({ email: [EMAIL_TAKEN] }, EMAIL_TAKEN);
        throw error;
      }
      const row = await find(organization, created.id);
      await actor.audit({
        entity: 'employee',
        entityId: created.id,
        changed: {
          event: 'create',
          email: row.email,
          first_name: row.firstName,
          last_name: row.lastName,
          phone: row.phone,
          position: row.position,
          onboarding: created.items,
        },
      });
      await notifyOnboardingAssigned(app, organization, created.id, created.items);
      const [user] = await app.db.select().from(users).where(eq(users.id, created.id)).limit(1);
      await mailEmployeeInvitation(app, log, organization, user, input.position);
      return serializeEmployee(row);
    },

    async update(actor: Actor, id: number, input: EmployeeChanges): Promise<EmployeeOut> {
      const organization = requireOrganization(actor);
      const row = await find(organization, id);
      const changed: Record<string, { from: unknown; to: unknown }> = {};
      const userChanges: Partial<typeof users.$inferInsert> = {};
      const first = input.first_name?.trim();
      const last = input.last_name?.trim();
      const phone = input.phone === undefined ? undefined : input.phone?.trim() || null;
      if (first !== undefined && first !== row.firstName) {
        if (!first) throw invalid({ first_name: ['This field may not be blank.'] });
        userChanges.firstName = first;
        changed.first_name = { from: row.firstName, to: first };
      }
      if (last !== undefined && last !== row.lastName) {
        if (!last) throw invalid({ last_name: ['This field may not be blank.'] });
        userChanges.lastName = last;
        changed.last_name = { from: row.lastName, to: last };
      }
      if (phone !== undefined && phone !== row.phone) {
        userChanges.phone = phone;
        changed.phone = { from: row.phone, to: phone };
      }
      const position = input.position !== undefined && input.position !== row.position ? input.position : undefined;
      if (position) changed.position = { from: row.position, to: position };
      if (!Object.keys(changed).length) return serializeEmployee(row);
      await app.db.transaction(async (tx) => {
        if (Object.keys(userChanges).length)
          await tx
            .update(users)
            .set(userChanges)
            .where(and(eq(users.id, id), inOrganization(organization.id)));
        if (position)
          await tx
            .update(employeeProfiles)
            .set({ position })
            .where(and(eq(employeeProfiles.userId, id), eq(employeeProfiles.organizationId, organization.id)));
      });
      await actor.audit({ entity: 'employee', entityId: id, changed });
      return serializeEmployee(await find(organization, id));
    },

    async checklist(actor: Actor, id: number): Promise<ChecklistOut> {
      const organization = requireOrganization(actor);
      await find(organization, id);
      const checklist = await buildChecklist(app.db, organization.id, id, todayIn(organization));
      await readAudit(actor, id, 'checklist');
      return checklist;
    },

    async markReady(actor: Actor, id: number): Promise<EmployeeOut> {
      const organization = requireOrganization(actor);
      const row = await find(organization, id);
      if (row.status === 'READY') return serializeEmployee(row);
      const checklist = await buildChecklist(app.db, organization.id, id, todayIn(organization));
      if (!checklist.ready) {
        await actor.audit({
          entity: 'employee',
          entityId: id,
          changed: { event: 'ready-refused', missing: checklist.missing },
        });
        throw new ApiError(400, 'not_ready', 'This employee is not ready to hire yet.', {
          checklist: checklist.missing,
        });
      }
      const now = app.now();
      // the status condition makes two concurrent clicks change (and notify) once
      const updated = await app.db
        .update(employeeProfiles)
        .set({ status: 'READY', readyAt: now })
        .where(
          and(
            eq(employeeProfiles.userId, id),
            eq(employeeProfiles.organizationId, organization.id),
            eq(employeeProfiles.status, 'NEW'),
          ),
        )
        .returning({ userId: employeeProfiles.userId });
      if (updated.length) {
        await actor.audit({
          entity: 'employee',
          entityId: id,
          changed: { status: { from: 'NEW', to: 'READY' }, ready_at: now.toISOString() },
        });
        await notify(
          app.db,
          {
            userId: id,
            organizationId: organization.id,
            type: 'employee_ready',
            title: 'You are ready to work',
            body: `${organization.name} has completed your onboarding. Your work schedule is now open.`,
            link: '/work-schedule',
          },
          now,
          app,
        );
      }
      return serializeEmployee(await find(organization, id));
    },

    // ---- notes ----

    async notes(actor: Actor, id: number, typeId: number | undefined, page: Page): Promise<Listed<NoteOut>> {
      const organization = requireOrganization(actor);
      await find(organization, id);
      const conditions = [eq(employeeNotes.organizationId, organization.id), eq(employeeNotes.employeeId, id)];
      if (typeId !== undefined) conditions.push(eq(employeeNotes.typeId, typeId));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        app.db
          .select({
            note: employeeNotes,
            typeName: noteTypes.name,
            ...nameColumns(users),
          })
          .from(employeeNotes)
          .innerJoin(noteTypes, eq(noteTypes.id, employeeNotes.typeId))
          .leftJoin(users, eq(users.id, employeeNotes.authorId))
          .where(where)
          .orderBy(desc(employeeNotes.createdAt), desc(employeeNotes.id))
          .limit(page.limit)
          .offset(page.offset),
        app.db.select({ count: count() }).from(employeeNotes).where(where),
      ]);
      await readAudit(actor, id, 'notes');
      return {
        count: Number(total?.count ?? 0),
        results: rows.map((r) => ({
          id: r.note.id,
          type: { id: r.note.typeId, name: r.typeName },
          text: r.note.text,
          author: personRef(r.note.authorId, r),
          created_at: r.note.createdAt.toISOString(),
        })),
      };
    },

    async addNote(actor: Actor, id: number, input: NoteInput): Promise<NoteOut> {
      const organization = requireOrganization(actor);
      await find(organization, id);
      const text = input.text.trim();
      if (!text) throw invalid({ text: ['This field may not be blank.'] });
      const [type] = await app.db
        .select()
        .from(noteTypes)
        .where(
          and(
            eq(noteTypes.id, input.type_id),
            eq(noteTypes.organizationId, organization.id),
            eq(noteTypes.active, true),
          ),
        )
        .limit(1);
      if (!type)
        throw invalid(
          { type_id: ['Choose one of the organization’s note types.'] },
          'Choose one of the organization’s note types.',
        );
      const author = actor.user;
      const [note] = await app.db
        .insert(employeeNotes)
        .values({
          organizationId: organization.id,
          employeeId: id,
          typeId: type.id,
          text,
          authorId: author.id,
          createdAt: app.now(),
        })
        .returning();
      await actor.audit({
        entity: 'employee_note',
        entityId: note.id,
        changed: { event: 'create', employee_id: id, type: type.name, text },
      });
      return {
        id: note.id,
        type: { id: type.id, name: type.name },
        text: note.text,
        author: { id: author.id, name: personName(author) },
        created_at: note.createdAt.toISOString(),
      };
    },

    async removeNote(actor: Actor, id: number, noteId: number): Promise<void> {
      const organization = requireOrganization(actor);
      const removed = await app.db
        .delete(employeeNotes)
        .where(
          and(
            eq(employeeNotes.id, noteId),
            eq(employeeNotes.employeeId, id),
            eq(employeeNotes.organizationId, organization.id),
          ),
        )
        .returning();
      if (!removed.length) throw notFound();
      await actor.audit({
        entity: 'employee_note',
        entityId: noteId,
        changed: { event: 'delete', employee_id: id, text: removed[0].text },
      });
    },

    readAudit,
  };
}
