import styled from '@emotion/styled';
import { Route, Routes, useParams } from 'react-router-dom';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { formatDateTime } from '../../app/date-time';
import { Alert } from '../../ui/alert';
import { TextLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import type { ClientTabProps } from './client-tab-props';
import { Panel } from '../../ui/layout';
import { Cards } from '../../ui/cards';
import { useRecord } from '../../app/use-record';
import { ReviewStatusTag, ReviewView, reviewTotals } from '../../app/work-service-reviews/review-view';

/** The office reads at most this many weeks at once (newest first). */
export const REVIEWS_PAGE_SIZE = 52;

/** A card a week: its title, status, totals and signature on one wrapping line. */
const Rows = styled(Cards)`
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.spacing(0.5, 1.5)};
  }
`;

function ReviewList({ clientId }: { clientId: number }) {
  const api = useApiClient();
  const { user } = useAuthentication();
  const reviews = useRecord(
    () => api.work_service_reviews_list({ client_id: clientId, limit: REVIEWS_PAGE_SIZE, offset: 0 }),
    String(clientId),
    'The reviews could not be loaded.',
  );
  return (
    <Panel aria-labelledby="client-reviews-title">
      <h2 id="client-reviews-title">Reviews</h2>
      <p css={{ marginTop: 0 }}>
        Each week that ended with visits waits for the client’s signature. A visit the client disputes is in the
        exceptions queue.
      </p>
      {reviews.error ? <Alert tone="error">{reviews.error}</Alert> : null}
      {reviews.loading && !reviews.data ? <p role="status">Loading…</p> : null}
      {reviews.data && reviews.data.results.length === 0 ? (
        <EmptyState
          title="No work-service reviews yet"
          description="A review is created when a week with completed visits ends; the client signs each one."
        />
      ) : null}
      {reviews.data && reviews.data.results.length > 0 ? (
        <Rows>
          {reviews.data.results.map((review) => (
            <li key={review.id}>
              <TextLink to={`/clients/${clientId}/reviews/${review.id}`}>{review.title}</TextLink>
              <ReviewStatusTag status={review.status} />
              <span>{reviewTotals(review)}</span>
              {review.signed_at ? <span>Signed {formatDateTime(review.signed_at, user?.timezone)}</span> : null}
            </li>
          ))}
        </Rows>
      ) : null}
    </Panel>
  );
}

function ReviewDetail({ clientId }: { clientId: number }) {
  const { reviewId } = useParams();
  const api = useApiClient();
  const { user } = useAuthentication();
  const review = useRecord(
    () => api.work_service_reviews_retrieve({ id: Number(reviewId) }),
    String(reviewId),
    'The review could not be loaded.',
  );
  const back = (
    <p css={{ margin: '0 0 16px' }} data-print="hide">
      <TextLink to={`/clients/${clientId}/reviews`}>All reviews</TextLink>
    </p>
  );
  if (review.status === 404 || (review.data && review.data.client.id !== clientId)) {
    return (
      <>
        {back}
        <EmptyState title="Review not found" description="This review is not one of this client’s." />
      </>
    );
  }
  return (
    <>
      {back}
      {review.error ? <Alert tone="error">{review.error}</Alert> : null}
      {!review.data && !review.error ? <p role="status">Loading…</p> : null}
      {review.data ? (
        <>
          <p css={{ margin: '0 0 16px' }}>
            <ReviewStatusTag status={review.data.status} />
          </p>
          <ReviewView review={review.data} api={api} office timeZone={user?.timezone} onChange={review.setData} />
        </>
      ) : null}
    </>
  );
}

/** Work-service reviews (the office's view of the client's weeks): the list, and one review read-only with "Client cannot sign". */
export function ClientReviewsTab({ client }: ClientTabProps) {
  return (
    <Routes>
      <Route index element={<ReviewList clientId={client.id} />} />
      <Route path=":reviewId" element={<ReviewDetail clientId={client.id} />} />
    </Routes>
  );
}
