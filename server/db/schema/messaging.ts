import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core';

import type { GrievanceCategory, GrievanceState } from '#domain/clients';
import { createdAt, instant, requiredRef, writtenAt } from './columns';
import { organizationId, organizationRow } from './tenancy';
import { users } from './identity';
import { clients } from './clients';

/**
 * A conversation: an employee with the office (every admin of the organization, as one inbox), or two admins
 * (`employee_id` null, `counterpart_id` the other admin). Topics: SCHEDULE, PAY, ONBOARDING, OTHER.
 */
export const conversations = pgTable(
  'conversations',
  {
    ...organizationRow(),
    topic: text('topic').notNull(),
    subject: text('subject').notNull().default(''),
    /** The employee side of an office conversation. */
    employeeId: integer('employee_id').references(() => users.id),
    /** The other admin of an admin-to-admin conversation. */
    counterpartId: integer('counterpart_id').references(() => users.id),
    createdById: requiredRef('created_by_id', () => users.id),
    lastMessageAt: writtenAt('last_message_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversations_organization_idx').on(t.organizationId, t.lastMessageAt, t.id),
    index('conversations_employee_idx')
      .on(t.employeeId, t.lastMessageAt)
      .where(sql`${t.employeeId} is not null`),
    index('conversations_counterpart_idx')
      .on(t.counterpartId, t.lastMessageAt)
      .where(sql`${t.counterpartId} is not null`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: organizationId(),
    conversationId: requiredRef('conversation_id', () => conversations.id),
    authorId: requiredRef('author_id', () => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.id)],
);

/** How far each person has read a conversation: every message up to `last_read_message_id` is read by them. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: requiredRef('conversation_id', () => conversations.id),
    userId: requiredRef('user_id', () => users.id),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull(),
    readAt: writtenAt('read_at'),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_reads_user_idx').on(t.userId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id),
    organizationId: organizationId(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    readAt: instant('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.organizationId, t.userId, t.createdAt)],
);

/**
 * A concern (grievance) filed by a client, their family or an employee, or recorded by the office from a call
 * or in person; the office works it on its desk through its states, and its trail is `grievance_events`.
 */
export const grievances = pgTable(
  'grievances',
  {
    ...organizationRow(),
    clientId: integer('client_id').references(() => clients.id),
    filedById: integer('filed_by_id').references(() => users.id),
    /** The person the grievance is about them: the employee or client user who complains (null for a family member or caller without an account). */
    complainantId: integer('complainant_id').references(() => users.id),
    /** Who complains, in words (a caller's name and relation when taken by phone). */
    complainantName: text('complainant_name').notNull().default(''),
    /** How it came in: PORTAL (filed by the complainant), PHONE or IN_PERSON (recorded by the office). */
    channel: text('channel').notNull().default('PORTAL'),
    category: text('category').$type<GrievanceCategory>().notNull(),
    description: text('description').notNull(),
    /** When it happened (the complainant's words may be vaguer: then null). */
    occurredOn: date('occurred_on', { mode: 'string' }),
    peopleInvolved: text('people_involved').notNull().default(''),
    desiredOutcome: text('desired_outcome').notNull().default(''),
    state: text('state').$type<GrievanceState>().notNull().default('RECEIVED'),
    /** Abuse, neglect or mistreatment: heads the desk, every admin and the master told at once. */
    urgent: boolean('urgent').notNull().default(false),
    resolution: text('resolution'),
    resolvedAt: instant('resolved_at'),
    updatedAt: writtenAt('updated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('grievances_organization_idx').on(t.organizationId, t.state, t.createdAt),
    index('grievances_filed_by_idx').on(t.filedById, t.createdAt),
    index('grievances_desk_idx').on(t.organizationId, t.urgent, t.createdAt, t.id),
    index('grievances_complainant_idx').on(t.complainantId, t.createdAt),
  ],
);

/** A grievance's trail: each transition and each note, dated, with who; `internal` notes never reach the complainant. */
export const grievanceEvents = pgTable(
  'grievance_events',
  {
    ...organizationRow(),
    grievanceId: requiredRef('grievance_id', () => grievances.id),
    /** TRANSITION or NOTE. */
    kind: text('kind').notNull(),
    fromState: text('from_state').$type<GrievanceState>(),
    toState: text('to_state').$type<GrievanceState>(),
    note: text('note').notNull().default(''),
    internal: boolean('internal').notNull().default(false),
    byId: integer('by_id').references(() => users.id),
    at: writtenAt('at'),
  },
  (t) => [index('grievance_events_grievance_idx').on(t.grievanceId, t.at, t.id)],
);

/**
 * The family members a client complainant shares their grievance with (product.md, "Grievances"): outside the
 * office only the complainant sees a grievance, and these named users of the same client besides.
 */
export const grievanceShares = pgTable(
  'grievance_shares',
  {
    organizationId: organizationId(),
    grievanceId: requiredRef('grievance_id', () => grievances.id),
    userId: requiredRef('user_id', () => users.id),
    sharedById: requiredRef('shared_by_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.grievanceId, t.userId] }),
    index('grievance_shares_user_idx').on(t.userId, t.organizationId),
  ],
);

/**
 * Live events, one row per recipient: the stream pushes them as they are written (PostgreSQL NOTIFY between
 * processes, in process on PGlite) and a reconnecting stream replays those after its Last-Event-ID. Rows older
 * than a day are swept. Payloads carry ids and counts, never a message's text.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    organizationId: integer('organization_id'),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_user_idx').on(t.userId, t.id), index('live_events_created_idx').on(t.createdAt)],
);
