import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REFERRAL_SOURCES, REFERRAL_STATUSES, type ReferralStatus } from '#domain/clients';
import { addDays } from '#domain/dates';
import { rowsOf } from '../../db/connection';
import type { Actor } from '../../lib/actor';
import { dayStartIn, organizationToday } from '../../lib/dates';
import { invalid } from '../../lib/api-error';
import { csvLine } from '../../lib/csv';
import type { Listed, Page } from '../../lib/paging';
import { requireOrganization } from '../../lib/request-organization';
import type { RequestOrganization } from '../../types';
import type { MarketerFiguresOut } from './schemas';

/** The figures' default period: the last 90 days, today included. */
export const DEFAULT_PERIOD_DAYS = 90;
const MAX_PERIOD_DAYS = 3_660;

const STATUSES = Object.keys(REFERRAL_STATUSES) as ReferralStatus[];

export interface Period {
  from: string;
  to: string;
}

interface Figures {
  byStatus: Record<ReferralStatus, number>;
  total: number;
  conversion: number | null;
  medianDays: number | null;
}

/**
 * The aggregate columns of a group of referrals (alias `r`): a count per status, the total, and the median
 * days from New to Admitted (an admitted referral moves no further, so its last change is its admission).
 */
const FIGURE_COLUMNS = sql.raw(
  [
    ...STATUSES.map((status) => `count(r.id) filter (where r.status = '${status}')::int as "${status}"`),
    'count(r.id)::int as total',
    `percentile_cont(0.5) within group (order by extract(epoch from (r.status_changed_at - r.created_at)) / 86400) filter (where r.status = 'ADMITTED') as median_days`,
  ].join(', '),
);

function figuresOf(row: Record<string, unknown>): Figures {
  const byStatus = Object.fromEntries(STATUSES.map((status) => [status, Number(row[status] ?? 0)])) as Record<
    ReferralStatus,
    number
  >;
  const decided = byStatus.ADMITTED + byStatus.DECLINED + byStatus.LOST;
  const median =
    row.median_days === null || row.median_days === undefined ? null : Math.round(Number(row.median_days) * 10) / 10;
  return {
    byStatus,
    total: Number(row.total ?? 0),
    conversion: decided ? byStatus.ADMITTED / decided : null,
    medianDays: median,
  };
}

export function createMarketerService(app: FastifyInstance) {
  function periodOf(organization: RequestOrganization, query: { from?: string; to?: string }): Period {
    const to = query.to ?? organizationToday(app, organization);
    const from = query.from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
    if (from > to) throw invalid({ from: ['The period cannot start after it ends.'] });
    if (from < addDays(to, -MAX_PERIOD_DAYS)) throw invalid({ from: ['Choose a period of at most ten years.'] });
    return { from, to };
  }

  /** Referrals of the organization that came in during the period (its local dates, both included). */
  function referralsIn(organization: RequestOrganization, period: Period): SQL {
    return sql`r.organization_id = ${organization.id}
      and r.created_at >= ${dayStartIn(organization.timezone, period.from)}
      and r.created_at < ${dayStartIn(organization.timezone, addDays(period.to, 1))}`;
  }

  return {
    periodOf,

    async list(actor: Actor, period: Period, page: Page): Promise<Listed<MarketerFiguresOut>> {
      const organization = requireOrganization(actor);
      const [rows, total] = await Promise.all([
        app.db.execute(sql`
          select u.id, u.first_name, u.last_name, u.email, u.is_active, ${FIGURE_COLUMNS}
          from users u
          left join referrals r on r.marketer_id = u.id and ${referralsIn(organization, period)}
          where u.organization_id = ${organization.id} and u.role = 'ROLE_MARKETER'
          group by u.id
          order by u.last_name, u.first_name, u.id
          limit ${page.limit} offset ${page.offset}`),
        app.db.execute(
          sql`select count(*)::int as count from users where organization_id = ${organization.id} and role = 'ROLE_MARKETER'`,
        ),
      ]);
      const count = Number(rowsOf(total)[0]?.count ?? 0);
      // the board names the marketers and their referrals' figures
      await actor.audit({
        entity: 'referral',
        action: 'SEARCH',
        changed: { event: 'marketers-board', query: { from: period.from, to: period.to, ...page }, count },
      });
      return {
        count,
        results: rowsOf(rows).map((row) => {
          const figures = figuresOf(row);
          return {
            id: Number(row.id),
            first_name: String(row.first_name),
            last_name: String(row.last_name),
            email: String(row.email),
            is_active: Boolean(row.is_active),
            by_status: figures.byStatus,
            total: figures.total,
            conversion: figures.conversion,
            median_days_to_admission: figures.medianDays,
          };
        }),
      };
    },

    /** Conversion by source, then by marketer (the office's own entries as "Entered by the office"), as CSV. */
    async report(actor: Actor, period: Period): Promise<string> {
      const organization = requireOrganization(actor);
      const where = referralsIn(organization, period);
      const [bySource, byMarketer] = await Promise.all([
        app.db.execute(
          sql`select r.source as key, ${FIGURE_COLUMNS} from referrals r where ${where} group by r.source order by r.source`,
        ),
        app.db.execute(sql`
          select r.marketer_id as key, min(u.first_name) as first_name, min(u.last_name) as last_name, ${FIGURE_COLUMNS}
          from referrals r left join users u on u.id = r.marketer_id
          where ${where}
          group by r.marketer_id
          order by min(u.last_name) nulls last, min(u.first_name), r.marketer_id`),
      ]);
      const line = (dimension: string, name: string, row: Record<string, unknown>) => {
        const f = figuresOf(row);
        const open = f.byStatus.NEW + f.byStatus.CONTACTED + f.byStatus.ASSESSMENT_SCHEDULED;
        return csvLine([
          dimension,
          name,
          f.total,
          f.byStatus.ADMITTED,
          f.byStatus.DECLINED,
          f.byStatus.LOST,
          open,
          f.conversion === null ? '' : `${(f.conversion * 100).toFixed(1)}%`,
          f.medianDays,
        ]);
      };
      const lines = [
        csvLine([`Referral conversion, ${organization.name}, ${period.from} to ${period.to}`]),
        csvLine([
          'Dimension',
          'Name',
          'Referrals',
          'Admitted',
          'Declined',
          'Lost',
          'Open',
          'Conversion',
          'Median days to admission',
        ]),
        ...rowsOf(bySource).map((row) =>
          line('Source', REFERRAL_SOURCES[row.key as keyof typeof REFERRAL_SOURCES] ?? String(row.key), row),
        ),
        ...rowsOf(byMarketer).map((row) =>
          line(
            'Marketer',
            row.key === null ? 'Entered by the office' : `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
            row,
          ),
        ),
      ];
      await actor.audit({
        entity: 'referral',
        action: 'EXPORT',
        changed: { event: 'export', report: 'conversion', from: period.from, to: period.to },
      });
      return lines.join('');
    },
  };
}
