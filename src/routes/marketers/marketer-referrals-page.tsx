import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useApiClient } from '../../app/api-client';
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
  const [name, setName] = useState<string | null>(null);

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) return;
    let active = true;
    api
      .marketers_list(ALL_MARKETERS)
      .then((answer) => {
        const marketer = answer.results.find((row) => row.id === id);
        if (active && marketer) setName(personName(marketer) || marketer.email);
      })
      // the name is a courtesy: the referrals below load (or say why not) on their own
      .catch(() => undefined);
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  if (!Number.isInteger(id) || id <= 0) return <PrivateNotFoundPage />;

  return (
    <PrivatePage title={name ? `Referrals of ${name}` : 'Marketer referrals'} description={<TextLink to="/marketers">Back to marketers</TextLink>}>
      <ReferralBoard marketerId={id} />
    </PrivatePage>
  );
}

export default MarketerReferralsPage;
