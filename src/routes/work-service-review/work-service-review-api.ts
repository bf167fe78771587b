import type { ApiClient } from '../../api/client';
import type { ResponseData } from '../../api/types';
import type { ReviewStatus, UnableReason } from '../../domain/work-service-reviews';
import type { Page } from '../../api/hiring';

/*
 * The work-service review shapes, from the server's document (src/api/generated.d.ts): the answers of the
 * operations the review pages call, by operationId.
 */

export type Review = ResponseData<'work_service_reviews_retrieve'>;
export type ReviewVisit = Review['visits'][number];
export type ReviewSummary = ResponseData<'work_service_reviews_list'>['results'][number];

type Id = { id: number | string };

/** The review operations these pages call, with their parameters, bodies and answers. */
export interface ReviewOperations {
  work_service_reviews_list(params: { status?: ReviewStatus; client_id?: number; limit?: number; offset?: number }): Promise<Page<ReviewSummary>>;
  work_service_reviews_retrieve(params: Id): Promise<Review>;
  /** The PNG (ask with `{ responseType: 'blob' }`). */
  work_service_reviews_signature_retrieve(params: Id, body: null, config: { responseType: 'blob' }): Promise<Blob>;
  work_service_reviews_sign_create(params: Id, body: { signature: string }): Promise<Review>;
  work_service_reviews_dispute_create(params: Id, body: { visit_id: number; comment: string }): Promise<Review>;
  work_service_reviews_unable_create(params: Id, body: { reason: UnableReason; note: string }): Promise<Review>;
}

/** The one API client, seen through the review operations. */
export function reviewsApi(api: ApiClient): ReviewOperations {
  return api as unknown as ReviewOperations;
}
