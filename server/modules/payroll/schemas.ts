import { Type, type Static } from '@fastify/type-provider-typebox';
import { SERVICES } from '#domain/clients';
import { authenticatedErrors, Paged, PagingQuery } from '../../schemas/common';
import { CodeOf, Id, IsoDate, PersonRef, Timestamp } from '../../schemas/fields';

export const PayrollVisitSchema = Type.Object(
  {
    id: Type.Integer(),
    service_date: IsoDate,
    client: PersonRef,
    service: CodeOf(SERVICES),
    /** When the work began and ended: the office's corrected times if any, else the clocks. */
    started_at: Timestamp,
    ended_at: Timestamp,
    /** Worked minutes, as worked (no rounding). */
    minutes: Type.Integer(),
    corrected: Type.Boolean(),
  },
  { title: 'PayrollVisit' },
);
export type PayrollVisitOut = Static<typeof PayrollVisitSchema>;

export const PayrollPeriodSchema = Type.Object(
  {
    employee: PersonRef,
    week_start: IsoDate,
    week_end: IsoDate,
    timezone: Type.String(),
    visits: Type.Array(PayrollVisitSchema),
    /** Each day of the week with its minutes (0 for a day without verified visits). */
    days: Type.Array(Type.Object({ date: IsoDate, minutes: Type.Integer() })),
    total_minutes: Type.Integer(),
    regular_minutes: Type.Integer(),
    /** Minutes over 40 hours in the week. */
    overtime_minutes: Type.Integer(),
    overtime: Type.Boolean(),
  },
  { title: 'PayrollPeriod' },
);
export type PayrollPeriodOut = Static<typeof PayrollPeriodSchema>;

const tags = ['payroll'];
const PeriodQuery = {
  employee_id: Type.Optional(Id),
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
};

export const payrollListSchema = {
  operationId: 'payroll_periods_list',
  description:
    'Lists pay periods (weeks from the organization’s first day of the week), newest first, paged: each verified visit with its minutes (as worked, no rounding), daily and weekly totals, and minutes over 40 hours in the week as overtime. The office names the employee; an employee sees their own.',
  tags,
  summary:
    "Pay periods (weeks from the organization's first day) of one employee's verified visits, newest first: the office names the employee, an employee sees their own",
  querystring: Type.Object({ ...PeriodQuery, ...PagingQuery }),
  response: { 200: Paged(PayrollPeriodSchema), ...authenticatedErrors(404) },
};

export const payrollExportSchema = {
  operationId: 'payroll_periods_export_retrieve',
  description:
    'Answers the pay periods of a range as CSV: one line per verified visit, then each week’s total, regular and overtime minutes.',
  tags,
  summary: "The pay periods as CSV: one line per verified visit, then each week's total, regular and overtime minutes",
  querystring: Type.Object(PeriodQuery),
  produces: ['text/csv'],
  response: { 200: Type.String({ description: 'CSV' }), ...authenticatedErrors(404) },
};

/** What the service takes: the period as the routes validated it (a list's paging goes apart, as a Page). */
export type PeriodQuery = Static<typeof payrollExportSchema.querystring>;
