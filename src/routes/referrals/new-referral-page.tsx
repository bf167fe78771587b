import { useNavigate } from 'react-router-dom';
import { useApiClient } from '../../app/api-client';
import { useOrganizationTimeZone } from '../../app/organization';
import { ButtonLink, TextLink } from '../../ui/button';
import { PrivatePage } from '../../app/page-shell';
import { Panel } from '../../ui/layout';
import { EMPTY_REFERRAL, ReferralForm, referralBody } from './referral-form';
import { todayIn } from '../../api/referrals';

export { ReferralForm } from './referral-form';

/** /referrals/new/*: the marketer enters a referral (a hospital discharge, a physician's call…); it starts New. */
export function NewReferralPage() {
  const api = useApiClient();
  const timeZone = useOrganizationTimeZone();
  const navigate = useNavigate();

  return (
    <PrivatePage title="New referral" description={<TextLink to="/referrals">Back to referrals</TextLink>}>
      <Panel aria-labelledby="new-referral-title" css={{ maxWidth: 760 }}>
        <h2 id="new-referral-title">Referral details</h2>
        <p css={{ marginTop: 0 }}>
          The office sees it at once on its referral board; you follow it on the referral's timeline.
        </p>
        <ReferralForm
          labelledBy="new-referral-title"
          initialValues={EMPTY_REFERRAL}
          today={todayIn(timeZone)}
          submitLabel="Save referral"
          failureText="The referral could not be saved."
          cancel={
            <ButtonLink to="/referrals" variant="secondary">
              Cancel
            </ButtonLink>
          }
          onSave={async (values) => {
            const created = await api.referrals_create(null, referralBody(values));
            navigate(`/referrals/${created.id}`, {
              state: { notice: `The referral of ${created.first_name} ${created.last_name} was saved.` },
            });
          }}
        />
      </Panel>
    </PrivatePage>
  );
}

export default NewReferralPage;
