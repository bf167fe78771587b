import type { OperationParams, ResponseData } from '../../api/types';

/* The audit log's shapes, from the server's document (src/api/generated.d.ts), by operationId. */

export type AuditPage = ResponseData<'audit_log_list'>;
export type AuditEntry = AuditPage['results'][number];
export type AuditPerson = ResponseData<'audit_log_people_list'>[number];

/** The filters the list and the export share (dates as YYYY-MM-DD in the master's time zone). */
export type AuditFilters = OperationParams<'audit_log_export_retrieve'>;
