import { and, asc, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import {
  DECIDED_REFERRAL_STATUSES,
  PAYERS,
  REFERRAL_MOVES,
  REFERRAL_OVERDUE_HOURS,
  REFERRAL_STATUSES,
  servicesFor,
  type DeclineReason,
  type ReferralStatus,
} from '#domain/clients';
import { addDays } from '#domain/dates';
import { CLIENT_TYPES } from '#domain/labels';
import { clients, referralEvents, referrals, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { ApiError, invalid, notFound } from '../../lib/api-error';
import { onDays } from '../../lib/dates';
import type { Listed, Page } from '../../lib/paging';
import { SEARCH_COUNT_LIMIT, snakeCase as snake } from '../../lib/search';
import { requireOrganization } from '../../lib/request-organization';
import type { Tx } from '../../db/connection';
import type { RequestOrganization } from '../../types';
import { nameColumns, personRef } from '../../lib/names';
import { digitsOf, nameOrPhoneMatches } from '../clients/list';
import { createClientRecord } from '../clients/record';
import { notify, notifyAdmins } from '../notifications/service';
import type {
  ReferralAdmitInput,
  ReferralCreateInput,
  ReferralEventOut,
  ReferralInput,
  ReferralListFilter,
  ReferralOrdering,
  ReferralOut,
  ReferralStatusInput,
  ReferralSummaryOut,
} from './schemas';

type ReferralRow = typeof referrals.$inferSelect;

const ORDERINGS: Record<ReferralOrdering, SQL[]> = {
  created_at: [asc(referrals.createdAt), asc(referrals.id)],
  '-created_at': [desc(referrals.createdAt), desc(referrals.id)],
  last_name: [asc(referrals.lastName), asc(referrals.firstName), asc(referrals.id)],
  '-last_name': [desc(referrals.lastName), desc(referrals.firstName), desc(referrals.id)],
  status_changed_at: [asc(referrals.statusChangedAt), asc(referrals.id)],
  '-status_changed_at': [desc(referrals.statusChangedAt), desc(referrals.id)],
};

const OVERDUE_MS = REFERRAL_OVERDUE_HOURS * 3_600_000;
const marketers = alias(users, 'marketer');
const isDecided = (status: ReferralStatus) => DECIDED_REFERRAL_STATUSES.includes(status);

/** The referral's columns for the input's fields (undefined: not sent). */
function columnsOf(input: ReferralInput): Partial<ReferralRow> {
  const text = (value: string | undefined) => (value === undefined ? undefined : value.trim());
  const columns: Partial<ReferralRow> = {
    firstName: text(input.first_name),
    lastName: text(input.last_name),
    dateOfBirth: input.date_of_birth,
    phone: text(input.phone),
    phoneDigits: input.phone === undefined ? undefined : digitsOf(input.phone),
    address: text(input.address),
    city: text(input.city),
    state: text(input.state),
    postalCode: text(input.postal_code),
    type: input.type,
    requestedServices: input.requested_services,
    payer: input.payer,
    source: input.source,
    sourceName: text(input.source_name),
    sourceContact: text(input.source_contact),
    notes: text(input.notes),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as Partial<ReferralRow>;
}

function referralProblems(
  row: Pick<ReferralRow, 'firstName' | 'lastName' | 'dateOfBirth' | 'phone' | 'type' | 'requestedServices'>,
  today: string,
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (!row.firstName) problems.first_name = ['Enter the first name.'];
  if (!row.lastName) problems.last_name = ['Enter the last name.'];
  if (row.dateOfBirth > today) problems.date_of_birth = ['The date of birth cannot be in the future.'];
  else if (row.dateOfBirth < '1900-01-01') problems.date_of_birth = ['Enter a date of birth after 1900.'];
  if (digitsOf(row.phone).length < 7) problems.phone = ['Enter a phone number with at least 7 digits.'];
  const allowed = servicesFor(row.type);
  const foreign = row.requestedServices.filter((service) => !allowed.includes(service));
  if (foreign.length) problems.requested_services = [`${CLIENT_TYPES[row.type]} does not offer ${foreign.join(', ')}.`];
  return problems;
}

export function createReferralService(app: FastifyInstance) {
  const clientService = createClientRecord(app);

  function select(db: FastifyInstance['db'] | Tx = app.db) {
    return db
      .select({
        referral: referrals,
        clientId: clients.id,
        marketerFirst: marketers.firstName,
        marketerLast: marketers.lastName,
        marketerEmail: marketers.email,
      })
      .from(referrals)
      .leftJoin(clients, eq(clients.referralId, referrals.id))
      .leftJoin(marketers, eq(marketers.id, referrals.marketerId));
  }
  type Selected = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

  function summary({ referral, clientId, marketerFirst, marketerLast, marketerEmail }: Selected): ReferralSummaryOut {
    const now = app.now().getTime();
    return {
      id: referral.id,
      first_name: referral.firstName,
      last_name: referral.lastName,
      date_of_birth: referral.dateOfBirth,
      phone: referral.phone,
      type: referral.type,
      payer: referral.payer,
      source: referral.source,
      source_name: referral.sourceName,
      status: referral.status,
      assessment_on: referral.assessmentOn,
      decline_reason: referral.declineReason,
      overdue: referral.status === 'NEW' && now - referral.createdAt.getTime() > OVERDUE_MS,
      marketer: personRef(referral.marketerId, {
        firstName: marketerFirst,
        lastName: marketerLast,
        email: marketerEmail,
      }),
      client_id: clientId,
      status_changed_at: referral.statusChangedAt.toISOString(),
      created_at: referral.createdAt.toISOString(),
    };
  }

  /**
   * The referral as its caller may see it: the office (view-marketer) any of the organization's; a marketer
   * (view-referrals alone) only their own (any other is "not found").
   */
  function visibleTo(actor: Actor, organization: RequestOrganization): SQL {
    const conditions = [eq(referrals.organizationId, organization.id)];
    if (!actor.can('view-marketer')) conditions.push(eq(referrals.marketerId, actor.user.id));
    return and(...conditions)!;
  }

  async function find(actor: Actor, id: number, db: FastifyInstance['db'] | Tx = app.db): Promise<Selected> {
    const organization = requireOrganization(actor);
    const [row] = await select(db)
      .where(and(eq(referrals.id, id), visibleTo(actor, organization)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  async function serialize(row: Selected): Promise<ReferralOut> {
    const { referral } = row;
    const events = await app.db
      .select({ event: referralEvents, ...nameColumns(users) })
      .from(referralEvents)
      .leftJoin(users, eq(users.id, referralEvents.byId))
      .where(
        and(eq(referralEvents.referralId, referral.id), eq(referralEvents.organizationId, referral.organizationId)),
      )
      .orderBy(asc(referralEvents.at), asc(referralEvents.id));
    return {
      ...summary(row),
      address: referral.address,
      city: referral.city,
      state: referral.state,
      postal_code: referral.postalCode,
      requested_services: referral.requestedServices,
      source_contact: referral.sourceContact,
      notes: referral.notes,
      editable: !isDecided(referral.status),
      events: events.map(({ event, firstName, lastName, email }): ReferralEventOut => ({
        id: event.id,
        kind: event.kind as ReferralEventOut['kind'],
        status: event.status,
        assessment_on: event.assessmentOn,
        reason: event.reason as DeclineReason | null,
        note: event.note,
        changes: event.changes,
        by: personRef(event.byId, { firstName, lastName, email }),
        at: event.at.toISOString(),
      })),
    };
  }

  async function addEvent(
    tx: Tx,
    referral: ReferralRow,
    by: number,
    event: Omit<typeof referralEvents.$inferInsert, 'organizationId' | 'referralId' | 'byId' | 'at'>,
  ) {
    await tx
      .insert(referralEvents)
      .values({ ...event, organizationId: referral.organizationId, referralId: referral.id, byId: by, at: app.now() });
  }

  /**
   * Moves the referral to `status` if it is still where the caller saw it (two offices moving it at once:
   * the second finds it moved and is refused), with its event, in the caller's transaction.
   */
  async function move(
    tx: Tx,
    referral: ReferralRow,
    by: number,
    to: ReferralStatus,
    details: { assessmentOn?: string | null; reason?: DeclineReason | null; note?: string },
  ) {
    const moved = await tx
      .update(referrals)
      .set({
        status: to,
        assessmentOn: to === 'ASSESSMENT_SCHEDULED' ? details.assessmentOn : referral.assessmentOn,
        declineReason: details.reason ?? null,
        statusChangedAt: app.now(),
      })
      .where(and(eq(referrals.id, referral.id), eq(referrals.status, referral.status)))
      .returning({ id: referrals.id });
    if (!moved.length)
      throw new ApiError(
        409,
        'referral_changed',
        'Someone else moved this referral a moment ago. Reload it and try again.',
      );
    await addEvent(tx, referral, by, {
      kind: 'STATUS',
      status: to,
      assessmentOn: details.assessmentOn ?? null,
      reason: details.reason ?? null,
      note: details.note?.trim() ?? '',
    });
  }

  function refuseDecided(referral: ReferralRow, what: string) {
    if (referral.status === 'ADMITTED')
      throw new ApiError(409, 'referral_admitted', `This referral was already admitted; ${what}.`);
    if (isDecided(referral.status))
      throw new ApiError(409, 'referral_decided', `This referral is ${REFERRAL_STATUSES[referral.status]}; ${what}.`);
  }

  async function audit(
    actor: Actor,
    id: number,
    changed: Record<string, unknown>,
    action?: 'READ' | 'CREATE' | 'UPDATE',
  ) {
    await actor.audit({ entity: 'referral', entityId: id, action, changed });
  }

  return {
    async list(actor: Actor, filter: ReferralListFilter, page: Page): Promise<Listed<ReferralSummaryOut>> {
      const organization = requireOrganization(actor);
      const conditions: SQL[] = [visibleTo(actor, organization)];
      if (filter.status) conditions.push(eq(referrals.status, filter.status));
      if (filter.marketer_id) conditions.push(eq(referrals.marketerId, filter.marketer_id));
      if (filter.source) conditions.push(eq(referrals.source, filter.source));
      const overdueSince = new Date(app.now().getTime() - OVERDUE_MS);
      if (filter.overdue === true) conditions.push(eq(referrals.status, 'NEW'), lt(referrals.createdAt, overdueSince));
      if (filter.overdue === false)
        conditions.push(
          sql`not (${referrals.status} = 'NEW' and ${referrals.createdAt} < ${overdueSince.toISOString()})`,
        );
      conditions.push(
        ...onDays(referrals.createdAt, organization.timezone, filter.created_after, filter.created_before),
      );
      conditions.push(...nameOrPhoneMatches(referrals, filter.search));
      const where = and(...conditions)!;
      const bounded = app.db
        .select({ one: sql`1` })
        .from(referrals)
        .where(where)
        .limit(SEARCH_COUNT_LIMIT)
        .as('matches');
      const [rows, [total]] = await Promise.all([
        select()
          .where(where)
          .orderBy(...ORDERINGS[filter.ordering ?? '-created_at'])
          .limit(page.limit)
          .offset(page.offset),
        app.db.select({ total: sql<number>`count(*)::int` }).from(bounded),
      ]);
      const count = Number(total?.total ?? 0);
      // the referred people's names, for every role (a marketer's own referrals too)
      await actor.audit({ entity: 'referral', action: 'SEARCH', changed: { query: { ...filter, ...page }, count } });
      return { count, results: rows.map(summary) };
    },

    async create(actor: Actor, input: ReferralCreateInput): Promise<ReferralOut> {
      const organization = requireOrganization(actor);
      const me = actor.user;
      // a marketer's referral is their own; the office names the marketer, if any
      const office = actor.can('view-marketer');
      let marketerId: number | null = office ? (input.marketer_id ?? null) : me.id;
      if (office && marketerId !== null) {
        const [marketer] = await app.db
          .select({ id: users.id })
          .from(users)
          .where(
            and(eq(users.id, marketerId), eq(users.organizationId, organization.id), eq(users.role, 'ROLE_MARKETER')),
          );
        if (!marketer) throw invalid({ marketer_id: ["Choose one of the organization's marketers."] });
        marketerId = marketer.id;
      }
      const now = app.now();
      const values = {
        organizationId: organization.id,
        marketerId,
        phone: '',
        phoneDigits: '',
        requestedServices: [],
        ...columnsOf(input),
        status: 'NEW' as const,
        statusChangedAt: now,
        createdById: me.id,
        createdAt: now,
      } as typeof referrals.$inferInsert &
        Pick<ReferralRow, 'firstName' | 'lastName' | 'dateOfBirth' | 'phone' | 'type' | 'requestedServices'>;
      const problems = referralProblems(values, clientService.todayIn(organization));
      if (Object.keys(problems).length) throw invalid(problems);
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx.insert(referrals).values(values).returning();
        await addEvent(tx, row, me.id, { kind: 'CREATED', status: 'NEW' });
        return row.id;
      });
      await audit(
        actor,
        id,
        { event: 'create', source: values.source, type: values.type, marketer_id: marketerId },
        'CREATE',
      );
      if (!office) {
        await notifyAdmins(
          app,
          organization.id,
          {
            type: 'referral_new',
            title: 'A new referral is waiting',
            body: 'A marketer entered a referral. Contact the person within 48 hours.',
            link: `/marketers/${me.id}/referrals/${id}`,
          },
          now,
        );
      }
      return serialize(await find(actor, id));
    },

    async retrieve(actor: Actor, id: number): Promise<ReferralOut> {
      const row = await find(actor, id);
      await audit(actor, id, { event: 'read' }, 'READ');
      return serialize(row);
    },

    async update(actor: Actor, id: number, input: ReferralInput): Promise<ReferralOut> {
      const organization = requireOrganization(actor);
      const changes = await app.db.transaction(async (tx) => {
        const { referral } = await find(actor, id, tx);
        refuseDecided(referral, 'its details can no longer change');
        const next = { ...referral, ...columnsOf(input) };
        const problems = referralProblems(next, clientService.todayIn(organization));
        if (Object.keys(problems).length) throw invalid(problems);
        const changed: Record<string, { from: unknown; to: unknown }> = {};
        for (const key of Object.keys(columnsOf(input)) as (keyof ReferralRow)[]) {
          if (key === 'phoneDigits' || JSON.stringify(next[key]) === JSON.stringify(referral[key])) continue;
          changed[snake(key)] = { from: referral[key], to: next[key] };
        }
        if (!Object.keys(changed).length) return changed;
        const { id: _id, organizationId: _o, ...values } = next;
        await tx
          .update(referrals)
          .set(values)
          .where(and(eq(referrals.id, id), eq(referrals.organizationId, organization.id)));
        await addEvent(tx, referral, actor.user.id, { kind: 'EDIT', changes: changed });
        return changed;
      });
      if (Object.keys(changes).length) await audit(actor, id, changes, 'UPDATE');
      return serialize(await find(actor, id));
    },

    async addNote(actor: Actor, id: number, note: string): Promise<ReferralOut> {
      const text = note.trim();
      if (!text) throw invalid({ note: ['Write the note.'] });
      await app.db.transaction(async (tx) => {
        const { referral } = await find(actor, id, tx);
        await addEvent(tx, referral, actor.user.id, { kind: 'NOTE', note: text });
      });
      await audit(actor, id, { event: 'note' }, 'UPDATE');
      return serialize(await find(actor, id));
    },

    async changeStatus(actor: Actor, id: number, input: ReferralStatusInput): Promise<ReferralOut> {
      const organization = requireOrganization(actor);
      await app.db.transaction(async (tx) => {
        const { referral } = await find(actor, id, tx);
        refuseDecided(referral, 'it moves no further');
        if (!REFERRAL_MOVES[referral.status].includes(input.status)) {
          throw invalid({
            status: [
              `A referral that is ${REFERRAL_STATUSES[referral.status]} cannot move to ${REFERRAL_STATUSES[input.status]}.`,
            ],
          });
        }
        if (input.status === 'ASSESSMENT_SCHEDULED') {
          if (!input.assessment_on) throw invalid({ assessment_on: ['Enter the date of the assessment.'] });
          if (input.assessment_on < addDays(clientService.todayIn(organization), -1))
            throw invalid({ assessment_on: ['The assessment cannot be scheduled in the past.'] });
        }
        if (input.status === 'DECLINED' && !input.reason)
          throw invalid({ reason: ['Choose why the referral is declined.'] });
        await move(tx, referral, actor.user.id, input.status, {
          assessmentOn: input.status === 'ASSESSMENT_SCHEDULED' ? input.assessment_on : null,
          reason: input.status === 'DECLINED' ? input.reason : null,
          note: input.note,
        });
      });
      await audit(
        actor,
        id,
        { status: { to: input.status }, assessment_on: input.assessment_on ?? null, reason: input.reason ?? null },
        'UPDATE',
      );
      return serialize(await find(actor, id));
    },

    /** Admission: the client (Pending) and the referral's move, in one transaction; the marketer hears of it. */
    async admit(actor: Actor, id: number, input: ReferralAdmitInput): Promise<ReferralOut> {
      const organization = requireOrganization(actor);
      const me = actor.user.id;
      const { client, referral } = await app.db.transaction(async (tx) => {
        const { referral } = await find(actor, id, tx);
        refuseDecided(referral, 'a referral is admitted once');
        await move(tx, referral, me, 'ADMITTED', { note: input.note });
        const allowed = servicesFor(referral.type);
        const client = await clientService.insertClient(
          tx,
          organization,
          {
            type: referral.type,
            status: 'PENDING',
            services: referral.requestedServices.filter((service) => allowed.includes(service)),
            first_name: referral.firstName,
            last_name: referral.lastName,
            date_of_birth: referral.dateOfBirth,
            phone: referral.phone,
            address: referral.address,
            city: referral.city,
            state: referral.state,
            postal_code: referral.postalCode,
            notes: referral.notes,
            payer: referral.payer && referral.payer in PAYERS ? (referral.payer as keyof typeof PAYERS) : null,
          },
          me,
          { referralId: referral.id },
          { requireClinical: false },
        );
        return { client, referral };
      });
      await audit(actor, id, { status: { from: referral.status, to: 'ADMITTED' }, client_id: client.id }, 'UPDATE');
      await actor.audit({
        entity: 'client',
        entityId: client.id,
        action: 'CREATE',
        clientId: client.id,
        changed: { event: 'create', from_referral: id, type: client.type, status: client.status },
      });
      if (referral.marketerId) {
        await notify(
          app.db,
          {
            userId: referral.marketerId,
            organizationId: organization.id,
            type: 'referral_admitted',
            title: 'A referral you brought was admitted',
            body: 'Open the referral to see its timeline.',
            link: `/referrals/${id}`,
          },
          app.now(),
          app,
        );
      }
      return serialize(await find(actor, id));
    },
  };
}
