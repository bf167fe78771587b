import { Type, type Static } from '@fastify/type-provider-typebox';
import { REFERRAL_STATUSES } from '#domain/clients';
import { authenticatedErrors, Paged, PagingQuery } from '../../schemas/common';
import { IsoDate, Nullable } from '../../schemas/fields';

const tags = ['marketers'];

/** The period of the figures: dates of the organization's calendar, both included (default: the last 90 days). */
const PeriodQuery = {
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
};

export const MarketerFiguresSchema = Type.Object(
  {
    id: Type.Integer(),
    first_name: Type.String(),
    last_name: Type.String(),
    email: Type.String(),
    is_active: Type.Boolean(),
    /** Referrals that came in during the period, by their status today. */
    by_status: Type.Object(
      Object.fromEntries(Object.keys(REFERRAL_STATUSES).map((status) => [status, Type.Integer()])) as Record<
        keyof typeof REFERRAL_STATUSES,
        ReturnType<typeof Type.Integer>
      >,
    ),
    total: Type.Integer(),
    /** Admitted / decided (admitted, declined, lost), 0–1; null while none is decided. */
    conversion: Nullable(Type.Number()),
    /** Median days from New to Admitted of the admitted ones; null while none is admitted. */
    median_days_to_admission: Nullable(Type.Number()),
  },
  { title: 'MarketerFigures' },
);
export type MarketerFiguresOut = Static<typeof MarketerFiguresSchema>;

export const marketerListSchema = {
  operationId: 'marketers_list',
  description:
    'Lists the organization’s marketers with their referrals brought in a period (from and to, by default the last 90 days): counts by status, conversion (admitted over decided) and median days from New to Admitted.',
  tags,
  summary:
    "The organization's marketers with their referrals of a period: by status, conversion, median days to admission",
  querystring: Type.Object({ ...PeriodQuery, ...PagingQuery }),
  response: {
    200: Type.Object(
      { ...Paged(MarketerFiguresSchema).properties, from: IsoDate, to: IsoDate },
      { description: 'A page of marketers with their figures, and the period they cover' },
    ),
    ...authenticatedErrors(),
  },
};

export const marketerReportSchema = {
  operationId: 'marketers_report_retrieve',
  description:
    'Answers a CSV report of conversion for a period, by source and by marketer. The export is written to the audit log.',
  tags,
  summary: 'Conversion by source and by marketer for a period, as CSV (the export is audited)',
  querystring: Type.Object(PeriodQuery),
  produces: ['text/csv'],
  response: {
    200: Type.String({
      description:
        'CSV: dimension, name, referrals, admitted, declined, lost, open, conversion, median days to admission',
    }),
    ...authenticatedErrors(),
  },
};
