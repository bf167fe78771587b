import type { RequestBody, ResponseData } from './types';

/*
 * The visits shapes, from the server's document (src/api/generated.d.ts): the answers of the operations
 * the visit pages call, by operationId.
 */

export type Visit = ResponseData<'visits_list'>['results'][number];
export type RecurrenceResult = ResponseData<'visits_recurrences_create'>;
export type Board = ResponseData<'visits_board_retrieve'>;
export type BoardVisit = Board['open'][number];
export type VisitExceptionItem = ResponseData<'visit_exceptions_list'>['results'][number];
export type PayrollPeriod = ResponseData<'payroll_periods_list'>['results'][number];
export type PayrollVisit = PayrollPeriod['visits'][number];
/** Either the position, or where the caregiver says they are and why (or both). */
export type ClockBody = RequestBody<'visits_clock_in_create'>;

/** A week of visits fits one answer (a full-time caregiver has a few dozen; a client a few). */
export const WEEK_LIMIT = 1000;

/**
 * The first day of the pay and schedule week. The organization's own setting is not in the API yet; the
 * server's default is Sunday.
 */
export const WEEK_STARTS_ON = 0;
