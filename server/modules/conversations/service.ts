import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { messageNotificationTitle, OFFICE_NAME, PREVIEW_LENGTH, type Topic } from '#domain/messages';
import { conversationReads, conversations, employeeProfiles, messages, notifications, users } from '../../db/schema';
import { OFFICE, type Actor } from '../../lib/actor';
import { invalid, notFound } from '../../lib/api-error';
import type { Listed, Page } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import { nameColumns, personName } from '../../lib/names';
import { readyEmployeeIn } from '../../lib/user-record';
import type { Tx } from '../../db/connection';
import type { NewLiveEvent } from '../events/bus';
import { notify, organizationAdminIds, unreadNotificationCount } from '../notifications/service';
import type {
  ConversationCreateInput,
  ConversationListFilter,
  ConversationOut,
  ConversationSummaryOut,
  MessageListQuery,
  MessageOut,
} from './schemas';

type ConversationRow = typeof conversations.$inferSelect;

/** Who calls: the office (an admin, or the master acting in the organization) or an employee. */
/** What the conversation's people hear live of it, without the recipient. */
type ConversationEvent =
  | Omit<NewLiveEvent<'message.created'>, 'userId' | 'organizationId'>
  | Omit<NewLiveEvent<'conversation.read'>, 'userId' | 'organizationId'>;

interface Caller {
  organizationId: number;
  userId: number;
  office: boolean;
  name: string;
}

function callerOf(actor: Actor): Caller {
  const organization = requireOrganization(actor);
  const user = actor.user;
  return {
    organizationId: organization.id,
    userId: user.id,
    office: actor.can(OFFICE),
    name: personName(user),
  };
}

/**
 * The conversations a caller sees: an employee only their own; the office every office conversation of the
 * organization (one inbox) and the direct ones it is a party to.
 */
function visible(caller: Caller): SQL {
  const own = caller.office
    ? or(
        isNotNull(conversations.employeeId),
        eq(conversations.createdById, caller.userId),
        eq(conversations.counterpartId, caller.userId),
      )!
    : eq(conversations.employeeId, caller.userId);
  return and(eq(conversations.organizationId, caller.organizationId), own)!;
}

/** The caller's read mark of the conversation in the row's scope (0 before they read anything). */
const markOf = (userId: number) =>
  sql`coalesce((SELECT r.last_read_message_id FROM conversation_reads r WHERE r.conversation_id = ${conversations.id} AND r.user_id = ${userId}), 0)`;
/** Messages after the caller's mark that others wrote. */
const unreadOf = (userId: number) =>
  sql<number>`(SELECT count(*)::int FROM messages m WHERE m.conversation_id = ${conversations.id} AND m.id > ${markOf(userId)} AND m.author_id <> ${userId})`;
const hasUnread = (userId: number) =>
  sql`EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = ${conversations.id} AND m.id > ${markOf(userId)} AND m.author_id <> ${userId})`;

const employeeUser = alias(users, 'employee_user');
const creatorUser = alias(users, 'creator_user');
const counterpartUser = alias(users, 'counterpart_user');
type Person = { id: number; firstName: string; lastName: string; email: string };
const ref = (person: Person) => ({ id: person.id, name: personName(person) });

interface SummaryRow {
  conversation: ConversationRow;
  employee: Person | null;
  creator: Person;
  counterpart: Person | null;
  lastMessageId: number | null;
  preview: string;
  unread: number;
}

function otherParty(caller: Caller, row: SummaryRow): { id: number | null; name: string } {
  if (!caller.office) return { id: null, name: OFFICE_NAME };
  if (row.employee) return ref(row.employee);
  const other = row.creator.id === caller.userId ? row.counterpart : row.creator;
  return other ? ref(other) : { id: null, name: OFFICE_NAME };
}

function serializeSummary(caller: Caller, row: SummaryRow): ConversationSummaryOut {
  const c = row.conversation;
  return {
    id: c.id,
    kind: c.employeeId ? 'OFFICE' : 'DIRECT',
    topic: c.topic as Topic,
    subject: c.subject,
    other_party: otherParty(caller, row),
    last_message_at: c.lastMessageAt.toISOString(),
    last_message_id: row.lastMessageId === null ? null : Number(row.lastMessageId),
    preview: row.preview,
    unread: Number(row.unread),
    created_at: c.createdAt.toISOString(),
  };
}

const blank = (value: string) => value.trim().length === 0;
const NOT_BLANK = 'This field may not be blank.';

export function createConversationService(app: FastifyInstance) {
  function summaryQuery(caller: Caller) {
    return app.db
      .select({
        conversation: conversations,
        employee: {
          id: employeeUser.id,
          ...nameColumns(employeeUser),
        },
        creator: {
          id: creatorUser.id,
          ...nameColumns(creatorUser),
        },
        counterpart: {
          id: counterpartUser.id,
          ...nameColumns(counterpartUser),
        },
        lastMessageId: sql<
          number | null
        >`(SELECT max(m.id) FROM messages m WHERE m.conversation_id = ${conversations.id})`,
        preview: sql<string>`coalesce((SELECT left(m.body, ${PREVIEW_LENGTH}) FROM messages m WHERE m.conversation_id = ${conversations.id} ORDER BY m.id DESC LIMIT 1), '')`,
        unread: unreadOf(caller.userId),
      })
      .from(conversations)
      .leftJoin(employeeUser, eq(employeeUser.id, conversations.employeeId))
      .innerJoin(creatorUser, eq(creatorUser.id, conversations.createdById))
      .leftJoin(counterpartUser, eq(counterpartUser.id, conversations.counterpartId));
  }

  /** The conversation when the caller sees it; 404 otherwise (another organization's, another employee's). */
  async function visibleConversation(caller: Caller, id: number): Promise<SummaryRow> {
    const [row] = await summaryQuery(caller)
      .where(and(eq(conversations.id, id), visible(caller)))
      .limit(1);
    if (!row) throw notFound();
    return row as SummaryRow;
  }

  /** Everyone of the conversation: the employee and the organization's active admins (and any other author), or the two of a direct one. */
  async function participantsOf(
    conversation: ConversationRow,
  ): Promise<{ id: number; name: string; office: boolean; role: string }[]> {
    const ids = new Set<number>();
    if (conversation.employeeId) {
      ids.add(conversation.employeeId);
      for (const id of await organizationAdminIds(app.db, conversation.organizationId)) ids.add(id);
      const authors = await app.db
        .selectDistinct({ id: messages.authorId })
        .from(messages)
        .where(eq(messages.conversationId, conversation.id));
      for (const author of authors) ids.add(author.id);
    } else {
      ids.add(conversation.createdById);
      if (conversation.counterpartId) ids.add(conversation.counterpartId);
    }
    const rows = await app.db
      .select({
        id: users.id,
        ...nameColumns(users),
        role: users.role,
      })
      .from(users)
      .where(inArray(users.id, [...ids]))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
    return rows.map((person) => ({ ...ref(person), office: person.id !== conversation.employeeId, role: person.role }));
  }

  async function readMarksOf(conversationId: number) {
    return app.db
      .select({
        id: users.id,
        ...nameColumns(users),
        lastReadMessageId: conversationReads.lastReadMessageId,
        readAt: conversationReads.readAt,
      })
      .from(conversationReads)
      .innerJoin(users, eq(users.id, conversationReads.userId))
      .where(eq(conversationReads.conversationId, conversationId))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  }

  async function detail(caller: Caller, row: SummaryRow): Promise<ConversationOut> {
    const [participants, marks] = await Promise.all([
      participantsOf(row.conversation),
      readMarksOf(row.conversation.id),
    ]);
    return {
      ...serializeSummary(caller, row),
      employee: row.employee ? ref(row.employee) : null,
      created_by: ref(row.creator),
      participants: participants.map(({ id, name, office }) => ({ id, name, office })),
      read_marks: marks.map((mark) => ({
        user: ref(mark),
        last_read_message_id: Number(mark.lastReadMessageId),
        read_at: mark.readAt.toISOString(),
      })),
    };
  }

  function serializeMessages(
    rows: { message: typeof messages.$inferSelect; author: Person }[],
    marks: Awaited<ReturnType<typeof readMarksOf>>,
  ): MessageOut[] {
    return rows.map(({ message, author }) => ({
      id: Number(message.id),
      conversation_id: message.conversationId,
      author: ref(author),
      body: message.body,
      created_at: message.createdAt.toISOString(),
      read_by: marks
        .filter((mark) => mark.id !== message.authorId && Number(mark.lastReadMessageId) >= Number(message.id))
        .map(ref),
    }));
  }

  /** Writes the caller's message in the conversation; one's own message is read by oneself. */
  async function writeMessage(tx: Tx, caller: Caller, conversationId: number, text: string, now: Date) {
    const [message] = await tx
      .insert(messages)
      .values({
        organizationId: caller.organizationId,
        conversationId,
        authorId: caller.userId,
        body: text.trim(),
        createdAt: now,
      })
      .returning();
    await tx
      .insert(conversationReads)
      .values({ conversationId, userId: caller.userId, lastReadMessageId: message.id, readAt: now })
      .onConflictDoUpdate({
        target: [conversationReads.conversationId, conversationReads.userId],
        set: {
          lastReadMessageId: sql`greatest(${conversationReads.lastReadMessageId}, excluded.last_read_message_id)`,
          readAt: now,
        },
      });
    return message;
  }

  /** Tells everyone of the conversation but the caller the live event, and gives back whom it told. */
  async function tellOthers(caller: Caller, conversation: ConversationRow, event: ConversationEvent) {
    const others = (await participantsOf(conversation)).filter((person) => person.id !== caller.userId);
    await app.events.publish(
      others.map((person) => ({ ...event, userId: person.id, organizationId: conversation.organizationId })),
    );
    return others;
  }

  /** Live events and notifications of a new message, to everyone of the conversation but its author. */
  async function announce(caller: Caller, conversation: ConversationRow, messageId: number) {
    const recipients = await tellOthers(caller, conversation, {
      type: 'message.created',
      data: { conversation_id: conversation.id, message_id: messageId },
    });
    // one unread notification per conversation and person: the next messages wait behind it; never the text
    const link = `/messages/${conversation.id}`;
    const title = messageNotificationTitle(caller.name, conversation.topic as Topic);
    for (const person of recipients) {
      if (person.role === 'ROLE_MASTER') continue; // spec 6: the master has no view-notifications
      const [waiting] = await app.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, person.id),
            eq(notifications.type, 'message'),
            eq(notifications.link, link),
            isNull(notifications.readAt),
          ),
        )
        .limit(1);
      if (waiting) continue;
      await notify(
        app.db,
        {
          userId: person.id,
          organizationId: conversation.organizationId,
          type: 'message',
          title,
          body: 'Open Messages in the portal to read it.',
          link,
        },
        app.now(),
        app,
      );
    }
  }

  /** Refuses (400 naming the field) whom an office caller writes to: a READY employee, or another active admin. */
  async function checkCounterparty(caller: Caller, body: { employee_id?: number; counterpart_id?: number }) {
    if (!caller.office) {
      const fields: Record<string, string[]> = {};
      if (body.employee_id !== undefined) fields.employee_id = ['An employee writes to the office: leave this out.'];
      if (body.counterpart_id !== undefined)
        fields.counterpart_id = ['An employee writes to the office: leave this out.'];
      if (Object.keys(fields).length) throw invalid(fields);
      return;
    }
    if (body.employee_id === undefined && body.counterpart_id === undefined) {
      throw invalid({ employee_id: ['Choose the employee (or the admin) to write to.'] });
    }
    if (body.employee_id !== undefined && body.counterpart_id !== undefined) {
      throw invalid({ counterpart_id: ['Write to one employee or to one admin, not both.'] });
    }
    if (body.employee_id !== undefined) {
      const [employee] = await app.db
        .select({ id: users.id })
        .from(users)
        .innerJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
        .where(and(eq(users.id, body.employee_id), readyEmployeeIn(caller.organizationId)))
        .limit(1);
      if (!employee) throw invalid({ employee_id: ['Choose a READY employee of this organization.'] });
    } else {
      const [admin] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, body.counterpart_id!),
            eq(users.organizationId, caller.organizationId),
            eq(users.role, 'ROLE_ADMIN'),
            eq(users.isActive, true),
          ),
        )
        .limit(1);
      if (!admin || admin.id === caller.userId)
        throw invalid({ counterpart_id: ['Choose another admin of this organization.'] });
    }
  }

  return {
    async list(actor: Actor, filter: ConversationListFilter, page: Page): Promise<Listed<ConversationSummaryOut>> {
      const caller = callerOf(actor);
      const conditions = [visible(caller)];
      if (filter.topic) conditions.push(eq(conversations.topic, filter.topic));
      if (filter.unread !== undefined)
        conditions.push(filter.unread ? hasUnread(caller.userId) : sql`NOT ${hasUnread(caller.userId)}`);
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        summaryQuery(caller)
          .where(where)
          .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
          .limit(page.limit)
          .offset(page.offset),
        app.db.select({ count: count() }).from(conversations).where(where),
      ]);
      const found = Number(total?.count ?? 0);
      // the conversations name employees (and what they wrote may name clients): every role's reading is audited
      await actor.audit({
        entity: 'conversation',
        action: 'SEARCH',
        changed: { query: { ...filter, ...page }, count: found },
      });
      return { count: found, results: rows.map((row) => serializeSummary(caller, row as SummaryRow)) };
    },

    async create(actor: Actor, body: ConversationCreateInput): Promise<ConversationOut> {
      const caller = callerOf(actor);
      const fields: Record<string, string[]> = {};
      if (blank(body.subject)) fields.subject = [NOT_BLANK];
      if (blank(body.body)) fields.body = [NOT_BLANK];
      if (Object.keys(fields).length) throw invalid(fields);
      await checkCounterparty(caller, body);
      const now = app.now();
      const { conversation, messageId } = await app.db.transaction(async (tx) => {
        const [conversation] = await tx
          .insert(conversations)
          .values({
            organizationId: caller.organizationId,
            topic: body.topic,
            subject: body.subject.trim(),
            employeeId: caller.office ? (body.employee_id ?? null) : caller.userId,
            counterpartId: caller.office ? (body.counterpart_id ?? null) : null,
            createdById: caller.userId,
            lastMessageAt: now,
            createdAt: now,
          })
          .returning();
        const message = await writeMessage(tx, caller, conversation.id, body.body, now);
        return { conversation, messageId: Number(message.id) };
      });
      await actor.audit({
        entity: 'conversation',
        entityId: conversation.id,
        changed: {
          event: 'create',
          topic: conversation.topic,
          ...(conversation.employeeId ? { employee_id: conversation.employeeId } : {}),
          ...(conversation.counterpartId ? { counterpart_id: conversation.counterpartId } : {}),
        },
      });
      await announce(caller, conversation, messageId);
      return detail(caller, await visibleConversation(caller, conversation.id));
    },

    async retrieve(actor: Actor, id: number): Promise<ConversationOut> {
      const caller = callerOf(actor);
      const visible = await visibleConversation(caller, id);
      await actor.audit({
        entity: 'conversation',
        entityId: id,
        action: 'READ',
        employeeId: visible.conversation.employeeId ?? null,
        changed: { event: 'read' },
      });
      return detail(caller, visible);
    },

    async messages(
      actor: Actor,
      id: number,
      query: MessageListQuery,
    ): Promise<{ results: MessageOut[]; has_more: boolean }> {
      const caller = callerOf(actor);
      const { conversation } = await visibleConversation(caller, id);
      const limit = query.limit ?? 50;
      const conditions = [eq(messages.conversationId, conversation.id)];
      if (query.after !== undefined) conditions.push(gt(messages.id, query.after));
      if (query.before !== undefined) conditions.push(lt(messages.id, query.before));
      // after: the next ones, oldest first (catching up); otherwise the latest ones before the bound (older pages)
      const forward = query.after !== undefined;
      const rows = await app.db
        .select({
          message: messages,
          author: { id: users.id, ...nameColumns(users) },
        })
        .from(messages)
        .innerJoin(users, eq(users.id, messages.authorId))
        .where(and(...conditions))
        .orderBy(forward ? asc(messages.id) : desc(messages.id))
        .limit(limit + 1);
      const hasMore = rows.length > limit;
      const page = rows.slice(0, limit);
      await actor.audit({
        entity: 'conversation',
        entityId: conversation.id,
        action: 'READ',
        employeeId: conversation.employeeId ?? null,
        changed: { event: 'read-messages', count: page.length, ...query },
      });
      if (!forward) page.reverse();
      return { results: serializeMessages(page, await readMarksOf(conversation.id)), has_more: hasMore };
    },

    async write(actor: Actor, id: number, text: string): Promise<MessageOut> {
      const caller = callerOf(actor);
      const { conversation } = await visibleConversation(caller, id);
      if (blank(text)) throw invalid({ body: [NOT_BLANK] });
      const now = app.now();
      const message = await app.db.transaction(async (tx) => {
        await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, conversation.id));
        return writeMessage(tx, caller, conversation.id, text, now);
      });
      await actor.audit({
        entity: 'message',
        entityId: Number(message.id),
        changed: { event: 'create', conversation_id: conversation.id },
      });
      await announce(caller, conversation, Number(message.id));
      const [author] = await app.db
        .select({ id: users.id, ...nameColumns(users) })
        .from(users)
        .where(eq(users.id, caller.userId));
      return serializeMessages([{ message, author }], await readMarksOf(conversation.id))[0];
    },

    async markRead(
      actor: Actor,
      id: number,
      messageId: number,
    ): Promise<{ conversation_id: number; last_read_message_id: number; unread: number }> {
      const caller = callerOf(actor);
      const { conversation } = await visibleConversation(caller, id);
      const [message] = await app.db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversation.id)))
        .limit(1);
      if (!message) throw invalid({ message_id: ['This message is not in this conversation.'] });
      const now = app.now();
      // never backwards: a mark only moves forward (greatest), and read_at with it
      const [before] = await app.db
        .select({ last: conversationReads.lastReadMessageId })
        .from(conversationReads)
        .where(and(eq(conversationReads.conversationId, conversation.id), eq(conversationReads.userId, caller.userId)));
      const [mark] = await app.db
        .insert(conversationReads)
        .values({ conversationId: conversation.id, userId: caller.userId, lastReadMessageId: messageId, readAt: now })
        .onConflictDoUpdate({
          target: [conversationReads.conversationId, conversationReads.userId],
          set: {
            lastReadMessageId: sql`greatest(${conversationReads.lastReadMessageId}, excluded.last_read_message_id)`,
            readAt: sql`CASE WHEN excluded.last_read_message_id > ${conversationReads.lastReadMessageId} THEN excluded.read_at ELSE ${conversationReads.readAt} END`,
          },
        })
        .returning({ last: conversationReads.lastReadMessageId });
      const last = Number(mark.last);
      if (!before || Number(before.last) < last) {
        await tellOthers(caller, conversation, {
          type: 'conversation.read',
          data: { conversation_id: conversation.id, user_id: caller.userId, last_read_message_id: last },
        });
      }
      // the bell's notice of this conversation is read with it (one's other tabs hear the new count)
      const cleared = await app.db
        .update(notifications)
        .set({ readAt: now })
        .where(
          and(
            eq(notifications.userId, caller.userId),
            eq(notifications.type, 'message'),
            eq(notifications.link, `/messages/${conversation.id}`),
            isNull(notifications.readAt),
          ),
        )
        .returning({ id: notifications.id });
      if (cleared.length) {
        const count = await unreadNotificationCount(app.db, caller.userId, caller.organizationId);
        await app.events.publish([
          {
            userId: caller.userId,
            organizationId: caller.organizationId,
            type: 'notifications.read',
            data: { unread: count },
          },
        ]);
      }
      const [{ unread }] = await app.db
        .select({ unread: sql<number>`count(*)::int` })
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversation.id),
            gt(messages.id, last),
            sql`${messages.authorId} <> ${caller.userId}`,
          ),
        );
      return { conversation_id: conversation.id, last_read_message_id: last, unread: Number(unread) };
    },
  };
}
