import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection';
import { notifications, users } from '../../db/schema';
import type { EventBus } from '../events/bus';
import type { MailService } from '../mail/service';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/api-error';
import type { Listed, Page } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import type { NotificationOut } from './schemas';

type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  userId: number;
  organizationId: number;
  type: string;
  title: string;
  body?: string;
  /** An app path such as /employees/12/documents. */
  link?: string | null;
  /**
   * What the mail says happened (its subject and its one line), naming no client or employee and carrying no
   * date or health detail; when left out, the line of the notification's type (MAIL_LINES). The title and body
   * (which may name people) stay behind the sign-in: the mail never carries them.
   */
  mail?: string;
}

/**
 * The mail of each notification type: that something happened, never who, when or what (product.md, "Mail":
 * mail says that something is waiting and links to the page). A type not listed mails
 * MAIL_FALLBACK.
 */
export const MAIL_LINES: Record<string, string> = {
  application_received: 'A job application was received',
  document_requested: 'The office asks you for a document',
  document_reviewed: 'A document you uploaded was reviewed',
  document_uploaded: 'A document was uploaded',
  document_expired: 'A document has expired',
  document_expiring: 'A document expires soon',
  employee_ready: 'You are ready to work',
  form_requested: 'A form is waiting for you',
  form_completed: 'A form was signed',
  grievance_new: 'A grievance was filed',
  grievance_urgent: 'Urgent: a grievance of abuse, neglect or mistreatment was filed',
  grievance_resolved: 'There is an answer to your concern',
  message: 'You have a new message',
  referral_new: 'A new referral is waiting',
  referral_admitted: 'A referral you brought was admitted',
  test_requested: 'A competency test is waiting for you',
  test_submitted: 'A competency test was submitted',
  test_observation_needed: 'A skills observation is waiting for you',
  test_completed: 'A competency test has its result',
  visit: 'There is news about a visit',
  work_service_review: 'There is news about a work-service review',
};
export const MAIL_FALLBACK = 'You have a new notification';

/**
 * The mail of a notification: subject and text, with the link to sign in to, and nothing of its title or body.
 * Not even the recipient's name: a mail read over a shoulder (or a family's shared mailbox) would tell who is a
 * client of the agency.
 */
export function notificationMail(notification: Pick<NewNotification, 'type' | 'link' | 'mail'>, publicUrl: string) {
  const line = notification.mail ?? MAIL_LINES[notification.type] ?? MAIL_FALLBACK;
  const link = notification.link
    ? `Sign in to Care Portal to see it:\n\n${publicUrl}${notification.link}`
    : 'Sign in to Care Portal to see it.';
  return { subject: line, text: `Hello,\n\n${line}.\n\n${link}\n` };
}

/** How notify() mails: the app's mail service, and PUBLIC_URL to make the link absolute. */
export interface NotificationMailer {
  mail: MailService;
  config: { publicUrl: string };
  log?: { error: (details: object, message: string) => void };
  /** The live event bus: the recipient's open tabs hear `notification.created` with their unread count. */
  events?: Pick<EventBus, 'publish'>;
}

/** One's unread notifications in an organization: the count of the header's bell. */
export async function unreadNotificationCount(db: Db, userId: number, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.organizationId, organizationId),
        isNull(notifications.readAt),
      ),
    );
  return Number(row?.count ?? 0);
}

/**
 * For the modules that notify people (messages, onboarding, grievances...): writes the in-app notification
 * and, given a mailer (`notify(app.db, n, app.now(), app)` works: the app is one), mails the person that
 * something happened, with the link (notificationMail: never the title or body, which may name people). A
 * failed mail is logged, never fails the caller: the in-app notification is there. With the app's event bus
 * (the app has one), the recipient's open tabs hear `notification.created` { notification_id, unread }.
 */
export async function notify(
  db: Db,
  notification: NewNotification,
  now: Date,
  mailer?: NotificationMailer,
): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values({
      userId: notification.userId,
      organizationId: notification.organizationId,
      type: notification.type,
      title: notification.title,
      body: notification.body ?? '',
      link: notification.link ?? null,
      createdAt: now,
    })
    .returning({ id: notifications.id });
  if (mailer?.events) {
    try {
      const unread = await unreadNotificationCount(db, notification.userId, notification.organizationId);
      await mailer.events.publish([
        {
          userId: notification.userId,
          organizationId: notification.organizationId,
          type: 'notification.created',
          data: { notification_id: row.id, unread },
        },
      ]);
    } catch (error) {
      mailer.log?.error({ err: error }, 'notification event failed');
    }
  }
  if (mailer) {
    const [recipient] = await db
      .select({ email: users.email, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, notification.userId))
      .limit(1);
    if (recipient?.isActive) {
      try {
        await mailer.mail.send({
          to: recipient.email,
          ...notificationMail(notification, mailer.config.publicUrl),
          organizationId: notification.organizationId,
        });
      } catch (error) {
        mailer.log?.error({ err: error }, 'notification mail failed');
      }
    }
  }
  return row.id;
}

/** The active admins of an organization: who hears of new applications, uploads and expiring documents. */
export async function organizationAdminIds(db: Db, organizationId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'ROLE_ADMIN'), eq(users.isActive, true)));
  return rows.map((r) => r.id);
}

/** `notify` for every active admin of the organization, the app mailing them and telling their open tabs. */
export async function notifyAdmins(
  app: FastifyInstance,
  organizationId: number,
  notification: Omit<NewNotification, 'userId' | 'organizationId'>,
  now: Date = app.now(),
): Promise<void> {
  for (const adminId of await organizationAdminIds(app.db, organizationId))
    await notify(app.db, { ...notification, userId: adminId, organizationId }, now, app);
}

export function serializeNotification(row: NotificationRow): NotificationOut {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface NotificationFilter {
  type?: string;
  unread?: boolean;
}

/** Only ever the signed-in user's own notifications in the request's organization. */
function own(actor: Actor): SQL[] {
  return [eq(notifications.organizationId, requireOrganization(actor).id), eq(notifications.userId, actor.user.id)];
}

export function createNotificationService(app: FastifyInstance) {
  /** The user's other tabs (and this one) hear the new unread count. */
  async function publishUnread(actor: Actor): Promise<void> {
    const userId = actor.user.id;
    const organizationId = requireOrganization(actor).id;
    const unread = await unreadNotificationCount(app.db, userId, organizationId);
    await app.events.publish([{ userId, organizationId, type: 'notifications.read', data: { unread } }]);
  }

  return {
    async list(actor: Actor, filter: NotificationFilter, page: Page): Promise<Listed<NotificationOut>> {
      const conditions = own(actor);
      if (filter.type) conditions.push(eq(notifications.type, filter.type));
      if (filter.unread !== undefined)
        conditions.push(filter.unread ? isNull(notifications.readAt) : isNotNull(notifications.readAt));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(page.limit)
          .offset(page.offset),
        app.db.select({ count: count() }).from(notifications).where(where),
      ]);
      return { count: Number(total?.count ?? 0), results: rows.map(serializeNotification) };
    },

    async markRead(actor: Actor, id: number, read: boolean): Promise<NotificationOut> {
      const where = and(eq(notifications.id, id), ...own(actor));
      const [current] = await app.db.select().from(notifications).where(where).limit(1);
      if (!current) throw notFound();
      if (read === (current.readAt !== null)) return serializeNotification(current);
      const [updated] = await app.db
        .update(notifications)
        .set({ readAt: read ? app.now() : null })
        .where(where)
        .returning();
      await actor.audit({ entity: 'notification', entityId: id, changed: { read: { from: !read, to: read } } });
      await publishUnread(actor);
      return serializeNotification(updated);
    },

    async markAllRead(actor: Actor, type: string | undefined): Promise<void> {
      const conditions = [...own(actor), isNull(notifications.readAt)];
      if (type) conditions.push(eq(notifications.type, type));
      const updated = await app.db
        .update(notifications)
        .set({ readAt: app.now() })
        .where(and(...conditions))
        .returning({ id: notifications.id });
      if (updated.length) {
        await actor.audit({
          entity: 'notification',
          changed: { event: 'read-all', ...(type ? { type } : {}), count: updated.length },
        });
        await publishUnread(actor);
      }
    },
  };
}
