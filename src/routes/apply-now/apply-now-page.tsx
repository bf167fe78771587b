import { useOrganization } from '../../app/organization';
import { usePageTitle } from '../../app/page-title';
import { BrandBox } from '../../ui/brand-box';
import { TextLink } from '../../ui/button';
import { useParams } from 'react-router-dom';

/** /apply-now/:org — the job application (the form itself comes with the ApplyNow issue). */
export function ApplyNowPage() {
  const { org } = useParams();
  const { organization } = useOrganization();
  usePageTitle('Apply now');
  return (
    <BrandBox
      title="Apply now"
      organizationName={organization?.name}
      footer={<TextLink to={`/login/${org ?? ''}`}>Already work with us? Sign in</TextLink>}
    >
      <p css={{ margin: 0 }}>Online applications are not open yet. Please contact the agency's office to apply.</p>
    </BrandBox>
  );
}

export default ApplyNowPage;
