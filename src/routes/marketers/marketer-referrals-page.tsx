import { useParams } from 'react-router-dom';
import { useApiClient } from '../../app/api-client';
import { useRecord } from '../../app/use-record';
import { TextLink } from '../../ui/button';
import { personName } from '../../api/hiring';
import { PrivateNotFoundPage } from '../../app/not-found-pages';
import { PrivatePage } from '../../app/page-shell';
import { ALL_MARKETERS, ReferralBoard } from './referral-board';

/** /marketers/:id/referrals (view-marketer): one marketer's referrals, the board filtered by marketer. */
export function MarketerReferralsPage() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const api = useApiClient();
  // the name is a courtesy: the referrals below load (or say why not) on their own
  const { data: name } = useRecord(
    async () => {
      const marketer = (await api.marketers_list(ALL_MARKETERS)).results.find((row) => row.id === id);
      return marketer ? personName(marketer) || marketer.email : null;
    },
    String(id),
    'The marketer could not be loaded.',
    { enabled: Number.isInteger(id) && id > 0 },
  );

  if (!Number.isInteger(id) || id <= 0) return <PrivateNotFoundPage />;

  return (
    <PrivatePage
      title={name ? `Referrals of ${name}` : 'Marketer referrals'}
      description={<TextLink to="/marketers">Back to marketers</TextLink>}
    >
      <ReferralBoard marketerId={id} />
    </PrivatePage>
  );
}

export default MarketerReferralsPage;
