import type { Readable } from 'node:stream';
import { Type, type Static, type TObject } from '@fastify/type-provider-typebox';
import { AUDIT_ACTIONS, AUDIT_ENTITY_PATTERN } from '#domain/audit';
import { authenticatedErrors, PagingQuery } from '../../schemas/common';
import { CodeOf, IsoDate, Nullable, Timestamp } from '../../schemas/fields';

const AuditOrganization = Type.Object({ id: Type.Integer(), name: Type.String() }, { title: 'AuditOrganization' });

const tags = ['audit-log'];

/** The rows a list counts at most: past this the count says "10,000 or more" and the filters narrow the rest. */
export const AUDIT_COUNT_LIMIT = 10_000;

export const AuditActionCode = CodeOf(AUDIT_ACTIONS);

/** The filters of the list and of the export. */
export const auditFilterQuery = {
  organization: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Rows of this organization' }),
  ),
  person: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Rows of this actor (a user id)' }),
  ),
  action: Type.Optional(AuditActionCode),
  entity: Type.Optional(
    Type.String({
      pattern: AUDIT_ENTITY_PATTERN,
      description: 'The kind of record: client, employee, user, session, visit, …',
    }),
  ),
  entity_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'The record’s id (with entity)' })),
  from: Type.Optional(Type.String({ ...IsoDate, description: 'First day (YYYY-MM-DD, in the caller’s time zone)' })),
  to: Type.Optional(Type.String({ ...IsoDate, description: 'Last day (YYYY-MM-DD, in the caller’s time zone)' })),
};
export type AuditFilter = Static<TObject<typeof auditFilterQuery>>;

export const AuditEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    created_at: Timestamp,
    /** Null on rows written before actions were recorded (migration 0012). */
    action: Nullable(AuditActionCode),
    entity: Type.String(),
    entity_id: Nullable(Type.String()),
    operation_id: Nullable(Type.String()),
    /** Who acted; null for the portal itself (a sweep) or a sign-in attempt on an unknown account. */
    actor: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() })),
    /** The actor's role when the row was written. */
    role: Nullable(Type.String()),
    organization: Nullable(AuditOrganization),
    client_id: Nullable(Type.Integer()),
    employee_id: Nullable(Type.Integer()),
    /** What changed (`{ field: { from, to } }`), was read or searched (the query); secrets never written. */
    changed_fields: Nullable(Type.Record(Type.String(), Type.Unknown())),
    ip: Nullable(Type.String()),
    user_agent: Nullable(Type.String()),
  },
  { title: 'AuditEntry' },
);
export type AuditEntryOut = Static<typeof AuditEntrySchema>;

export const auditListSchema = {
  operationId: 'audit_log_list',
  description:
    'Lists audit rows, newest first, paged: sign-ins and failures, sign-outs, changes (old and new values, secrets redacted), reads, searches and exports of client and employee records. Filter by organization, person, action, entity and date range. The count stops at 10,000 (count_limited says so). The listing is itself audited as a search.',
  tags,
  summary:
    'The audit log, newest first, filtered (the listing is itself audited as a search). The count stops at 10,000.',
  querystring: Type.Object({ ...auditFilterQuery, ...PagingQuery }),
  response: {
    200: Type.Object(
      {
        count: Type.Integer({ description: 'Rows matching, at most 10,000 (see count_limited)' }),
        /** True when more rows match than the count says: narrow the filters to reach the rest. */
        count_limited: Type.Boolean(),
        next: Nullable(Type.String()),
        previous: Nullable(Type.String()),
        results: Type.Array(AuditEntrySchema),
      },
      { description: 'A page of audit rows, newest first' },
    ),
    ...authenticatedErrors(),
  },
};

export const auditExportSchema = {
  operationId: 'audit_log_export_retrieve',
  description:
    'Streams the audit rows matching the filters as CSV, newest first. The export is itself written to the audit log.',
  tags,
  summary: 'The filtered audit rows as CSV, newest first, streamed (the export is itself audited)',
  querystring: Type.Object(auditFilterQuery),
  produces: ['text/csv'],
  response: {
    200: Type.Unsafe<Readable>({
      type: 'string',
      description:
        'CSV, one row a line: time (UTC), action, entity, entity id, actor id, name and email, role, organization, client id, employee id, changed fields (JSON), IP address, user agent, operation',
    }),
    ...authenticatedErrors(),
  },
};

export const auditPeopleSchema = {
  operationId: 'audit_log_people_list',
  description:
    'Answers people to filter the audit log by: users of any organization whose name or email begins with the words typed.',
  tags,
  summary: 'People to filter the audit log by: users of any organization whose name or email begins with the words',
  querystring: Type.Object({
    search: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Words; each must begin the first or last name or the email',
    }),
    organization: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 2_147_483_647,
        description: 'Only people of this organization (and the master)',
      }),
    ),
  }),
  response: {
    200: Type.Array(
      Type.Object(
        {
          id: Type.Integer(),
          name: Type.String(),
          email: Type.String(),
          role: Type.String(),
          organization: Nullable(AuditOrganization),
        },
        { title: 'AuditPerson' },
      ),
    ),
    ...authenticatedErrors(),
  },
};
