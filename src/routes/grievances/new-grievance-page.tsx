import { useNavigate } from 'react-router-dom';
import { useApiClient } from '../../app/api-client';
import { useOrganizationTimeZone } from '../../app/organization';
import { dateIn } from '../../domain/dates';
import { TextLink } from '../../ui/button';
import { Panel } from '../../ui/layout';
import { PrivatePage } from '../../app/page-shell';
import { GrievanceForm } from '../../app/grievances/grievance-form';
import { grievancePath } from '../../api/grievances';

/** /clients/grievances/new (admin, master): the office records a grievance taken by phone or in person. */
export function NewGrievancePage() {
  const api = useApiClient();
  const navigate = useNavigate();
  const today = dateIn(useOrganizationTimeZone(), new Date());
  return (
    <PrivatePage
      title="Record a grievance"
      description={<TextLink to="/clients/grievances">Back to the grievance desk</TextLink>}
    >
      <Panel aria-labelledby="new-grievance-title">
        <h2 id="new-grievance-title">Taken by phone or in person</h2>
        <GrievanceForm
          office
          today={today}
          labelledBy="new-grievance-title"
          submitLabel="Record grievance"
          save={(body) => api.grievances_create(null, body)}
          onSaved={(grievance) =>
            navigate(grievancePath('office', grievance.id), { state: { notice: 'The grievance was recorded.' } })
          }
        />
      </Panel>
    </PrivatePage>
  );
}

export default NewGrievancePage;
