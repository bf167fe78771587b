import { ButtonLink } from '../../ui/button';
import { PrivatePage } from '../../app/page-shell';
import { ReferralList } from '../../app/referral-list';

/** /referrals (view-referrals): the marketer's own referrals, by status, with a search; a new one. */
export function ReferralsPage() {
  return (
    <PrivatePage
      title="Referrals"
      description="The people you referred to the agency and where each one stands."
      actions={<ButtonLink to="/referrals/new">New referral</ButtonLink>}
    >
      <ReferralList
        caption="Referrals"
        emptyDescription="Enter a hospital discharge or a physician's referral; the office follows it up."
        emptyAction={
          <ButtonLink to="/referrals/new" variant="secondary">
            New referral
          </ButtonLink>
        }
      />
    </PrivatePage>
  );
}

export default ReferralsPage;
