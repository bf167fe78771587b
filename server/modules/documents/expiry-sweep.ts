import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/connection';
import { scheduleClaimedJob } from '../../lib/job-claims';
import { notify, organizationAdminIds } from '../notifications/service';

const HOUR_MS = 3_600_000;

interface Claimed {
  id: number;
  organization_id: number;
  employee_id: number;
  name: string;
  expires_on: string;
  first_name: string;
  last_name: string;
}

type Stage = 'expired' | 7 | 30;

/**
 * Claims the documents due for one warning stage and marks them in the same statement
 * (UPDATE ... WHERE <mark> IS NULL RETURNING): two processes sweeping at once never warn twice. "Today" is
 * each organization's own date. A later stage also marks the earlier ones, so a document uploaded five
 * days before expiry gets the 7-day warning only.
 */
async function claim(app: FastifyInstance, stage: Stage, now: Date): Promise<Claimed[]> {
  const today = sql`(${now.toISOString()}::timestamptz at time zone o.timezone)::date`;
  const due =
    stage === 'expired'
      ? sql`d.expires_on < ${today} and d.expired_warned_at is null`
      : stage === 7
        ? sql`d.expires_on >= ${today} and d.expires_on <= ${today} + 7 and d.warned_7_at is null and d.expired_warned_at is null`
        : sql`d.expires_on > ${today} + 7 and d.expires_on <= ${today} + 30 and d.warned_30_at is null and d.warned_7_at is null and d.expired_warned_at is null`;
  const marks =
    stage === 'expired'
      ? sql`expired_warned_at = ${now}, warned_7_at = coalesce(d.warned_7_at, ${now}), warned_30_at = coalesce(d.warned_30_at, ${now})`
      : stage === 7
        ? sql`warned_7_at = ${now}, warned_30_at = coalesce(d.warned_30_at, ${now})`
        : sql`warned_30_at = ${now}`;
  const result = await app.db.execute(sql`
    update employee_documents d set ${marks}
    from organizations o, users u
    where o.id = d.organization_id and u.id = d.employee_id and u.is_active
      and d.expires_on is not null and d.status in ('APPROVED', 'PENDING') and ${due}
    returning d.id, d.organization_id, d.employee_id, d.name, d.expires_on::text as expires_on, u.first_name, u.last_name`);
  return rowsOf<Claimed>(result);
}

/** One sweep: returns how many documents were warned about, by stage. */
export async function sweepExpiringDocuments(
  app: FastifyInstance,
): Promise<{ expired: number; in7: number; in30: number }> {
  const now = app.now();
  const counts = { expired: 0, in7: 0, in30: 0 };
  const admins = new Map<number, number[]>();
  const adminsOf = async (organizationId: number) => {
    if (!admins.has(organizationId)) admins.set(organizationId, await organizationAdminIds(app.db, organizationId));
    return admins.get(organizationId)!;
  };
  for (const stage of ['expired', 7, 30] as const) {
    for (const doc of await claim(app, stage, now)) {
      if (stage === 'expired') counts.expired++;
      else if (stage === 7) counts.in7++;
      else counts.in30++;
      const expired = stage === 'expired';
      const type = expired ? 'document_expired' : 'document_expiring';
      const when = expired ? `expired on ${doc.expires_on}` : `expires on ${doc.expires_on}`;
      const employeeName = `${doc.first_name} ${doc.last_name}`.trim();
      await notify(
        app.db,
        {
          userId: doc.employee_id,
          organizationId: doc.organization_id,
          type,
          title: `Your ${doc.name} ${when}`,
          body: 'Please upload the renewed document.',
          link: '/profile/documents',
        },
        now,
        app,
      );
      for (const adminId of await adminsOf(doc.organization_id)) {
        await notify(
          app.db,
          {
            userId: adminId,
            organizationId: doc.organization_id,
            type,
            title: `${employeeName}'s ${doc.name} ${when}`,
            body: '',
            link: `/employees/${doc.employee_id}/documents`,
          },
          now,
          app,
        );
      }
      await app.writeAudit({
        actorId: null,
        organizationId: doc.organization_id,
        operationId: null,
        entity: 'employee_document',
        entityId: doc.id,
        changed: {
          event: expired ? 'expired-warning' : `expiry-warning-${stage}-days`,
          employee_id: doc.employee_id,
          expires_on: doc.expires_on,
        },
      });
    }
  }
  return counts;
}

/** The claimed job of the sweep (a row of job_claims): it runs once an hour across every process. */
export const EXPIRY_SWEEP_JOB = 'document-expiry';

/**
 * Sweeps when the app is ready and every hour after, stopped with the app: each process tries every five
 * minutes, and the one that claims the hour sweeps (server/lib/job-claims.ts), so the warnings are looked for
 * once an hour however many processes run (each document is also warned once per stage: see `claim`).
 */
export function startExpirySweep(app: FastifyInstance): void {
  scheduleClaimedJob(app, EXPIRY_SWEEP_JOB, { everyMs: HOUR_MS, checkMs: 5 * 60_000 }, () =>
    sweepExpiringDocuments(app),
  );
}
