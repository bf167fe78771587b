import type { ResponseData } from './types';

/*
 * The work-service review shapes, from the server's document (src/api/generated.d.ts): the answers of the
 * operations the review pages call, by operationId.
 */

export type Review = ResponseData<'work_service_reviews_retrieve'>;
export type ReviewVisit = Review['visits'][number];
export type ReviewSummary = ResponseData<'work_service_reviews_list'>['results'][number];
