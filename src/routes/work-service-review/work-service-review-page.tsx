import { useParams } from 'react-router-dom';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { Alert } from '../../ui/alert';
import { TextLink } from '../../ui/button';
import { PrivateNotFoundPage } from '../../app/not-found-pages';
import { useRecord } from '../../app/use-record';
import { PrivatePage } from '../../app/page-shell';
import { ReviewStatusTag, ReviewView } from '../../app/work-service-reviews/review-view';

/**
 * /onboarding/work-service-review/:id — the client (or their family member) checks a week's visits on a
 * phone, disputes one with a comment or signs with the signature pad; signed, it is read-only and prints.
 */
export function WorkServiceReviewPage() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const api = useApiClient();
  const { user } = useAuthentication();
  const resource = useRecord(
    () => api.work_service_reviews_retrieve({ id }),
    String(rawId),
    'The review could not be loaded.',
  );
  const review = resource.data;
  const office = user?.role === 'ROLE_ADMIN' || user?.role === 'ROLE_MASTER';

  if (!Number.isInteger(id) || id <= 0 || resource.status === 404) return <PrivateNotFoundPage />;

  return (
    <PrivatePage
      title={review ? review.title : 'Work-service review'}
      description={
        review ? (
          <>
            {review.client.first_name} {review.client.last_name} · <ReviewStatusTag status={review.status} />
          </>
        ) : undefined
      }
    >
      {resource.error ? <Alert tone="error">{resource.error}</Alert> : null}
      {!review && !resource.error ? <p role="status">Loading…</p> : null}
      {review ? (
        <ReviewView review={review} api={api} office={office} timeZone={user?.timezone} onChange={resource.setData} />
      ) : null}
      <p css={{ margin: 0 }} data-print="hide">
        <TextLink to={office ? `/clients/${review?.client.id ?? ''}/reviews` : '/clients/welcome'}>
          {office ? 'Back to the reviews' : 'Back to your home'}
        </TextLink>
      </p>
    </PrivatePage>
  );
}

export default WorkServiceReviewPage;
