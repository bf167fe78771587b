import type { ApiClient } from './client';
import type { RequestBody, ResponseData } from './types';
import type { CancelReason, ExceptionCode, LocationType, VisitStatus } from '../domain/visits';
import type { Page } from './hiring';

/*
 * The visits shapes, from the server's document (src/api/generated.d.ts): the answers of the operations
 * the visit pages call, by operationId.
 */

export type Visit = ResponseData<'visits_list'>['results'][number];
export type RecurrenceResult = ResponseData<'visits_recurrences_create'>;
export type VisitCreateBody = RequestBody<'visits_create'>;
export type Board = ResponseData<'visits_board_retrieve'>;
export type BoardRow = Board['rows'][number];
export type BoardVisit = Board['open'][number];
export type VisitExceptionItem = ResponseData<'visit_exceptions_list'>['results'][number];
export type ResolveBody = RequestBody<'visit_exceptions_resolve_create'>;
export type PayrollPeriod = ResponseData<'payroll_periods_list'>['results'][number];
export type PayrollVisit = PayrollPeriod['visits'][number];
// Hand-written weekdays: the document's array (at most 7) comes out as a tuple.
export type VisitPatternBody = Omit<RequestBody<'visits_recurrences_create'>, 'weekdays'> & { weekdays: number[] };

/** Either the position, or where the caregiver says they are and why (or both). */
export interface ClockBody {
  latitude?: number;
  longitude?: number;
  accuracy?: number;
  location_type?: LocationType;
  reason?: string;
}

type Id = { id: number | string };

/** The visits operations these pages call, with their parameters, bodies and answers. */
export interface VisitOperations {
  visits_list(params: {
    from?: string;
    to?: string;
    caregiver_id?: number;
    client_id?: number;
    status?: VisitStatus;
    ordering?: 'starts_at' | '-starts_at';
    limit?: number;
    offset?: number;
  }): Promise<Page<Visit>>;
  visits_create(params: null, body: VisitCreateBody): Promise<Visit>;
  visits_partial_update(params: Id, body: { caregiver_id?: number | null; notes?: string }): Promise<Visit>;
  visits_recurrences_create(params: null, body: VisitPatternBody): Promise<RecurrenceResult>;
  visits_cancel_create(params: Id, body: { reason: CancelReason; note?: string }): Promise<Visit>;
  visits_clock_in_create(params: Id, body: ClockBody): Promise<Visit>;
  visits_clock_out_create(params: Id, body: ClockBody): Promise<Visit>;
  visits_callout_create(params: Id, body: { reason: string }): Promise<Visit>;
  visits_request_create(params: Id): Promise<Visit>;
  visits_board_retrieve(params: { week?: string; by?: 'caregiver' | 'client'; search?: string; limit?: number; offset?: number }): Promise<Board>;
  visit_exceptions_list(params: { resolved?: boolean; code?: ExceptionCode; limit?: number; offset?: number }): Promise<Page<VisitExceptionItem>>;
  /** `id`: the exception's. */
  visit_exceptions_resolve_create(params: Id, body: ResolveBody): Promise<Visit>;
  /** CSV text (ask with `{ responseType: 'text' }`). */
  visits_export_retrieve(params: { from: string; to: string }, body: null, config: { responseType: 'text' }): Promise<string>;
  payroll_periods_list(params: { employee_id?: number; from?: string; to?: string; limit?: number; offset?: number }): Promise<Page<PayrollPeriod>>;
  /** CSV text (ask with `{ responseType: 'text' }`). */
  payroll_periods_export_retrieve(params: { employee_id?: number; from?: string; to?: string }, body: null, config: { responseType: 'text' }): Promise<string>;
}

/** The one API client, seen through the visits operations. */
export function visitsApi(api: ApiClient): VisitOperations {
  return api as unknown as VisitOperations;
}

/** A week of visits fits one answer (a full-time caregiver has a few dozen; a client a few). */
export const WEEK_LIMIT = 1000;

/**
 * The first day of the pay and schedule week. The organization's own setting is not in the API yet; the
 * server's default is Sunday.
 */
export const WEEK_STARTS_ON = 0;
