import type { ApiClient } from '../../api/client';
import type { ResponseData } from '../../api/types';
import type { AuditActionCode } from '../../domain/audit';

/* The audit log's shapes, from the server's document (src/api/generated.d.ts), by operationId. */

export type AuditPage = ResponseData<'audit_log_list'>;
export type AuditEntry = AuditPage['results'][number];
export type AuditPerson = ResponseData<'audit_log_people_list'>[number];

/** The filters the list and the export share (dates as YYYY-MM-DD in the master's time zone). */
export interface AuditFilters {
  organization?: number;
  person?: number;
  action?: AuditActionCode;
  entity?: string;
  entity_id?: string;
  from?: string;
  to?: string;
}

/** The audit log operations the page calls. */
export interface AuditLogOperations {
  audit_log_list(params: AuditFilters & { limit?: number; offset?: number }): Promise<AuditPage>;
  audit_log_export_retrieve(params: AuditFilters, body: null, config: { responseType: 'text' }): Promise<string>;
  audit_log_people_list(params: { search: string; organization?: number }): Promise<AuditPerson[]>;
}

/** The one API client, seen through the audit log operations. */
export function auditLogApi(api: ApiClient): AuditLogOperations {
  return api as unknown as AuditLogOperations;
}
