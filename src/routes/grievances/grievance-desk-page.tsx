import { ButtonLink } from '../../ui/button';
import { PrivatePage } from '../../app/page-shell';
import { GrievanceDesk } from '../../app/grievances/grievance-list';

/**
 * /clients/grievances (admin, master): the office's grievance desk (42 CFR 484.50(e)). Spec 6 keeps the
 * admin out of /grievances, so the desk lives under /clients (product.md, "Pages").
 */
export function GrievanceDeskPage() {
  return (
    <PrivatePage
      title="Grievance desk"
      description="Every grievance of the agency. Urgent ones come first; a grievance without a resolution after 14 days is overdue."
      actions={<ButtonLink to="/clients/grievances/new">Record a grievance</ButtonLink>}
    >
      <GrievanceDesk
        caption="Grievances"
        emptyDescription="Grievances appear here as soon as someone files one, or the office records one taken by phone."
      />
    </PrivatePage>
  );
}

export default GrievanceDeskPage;
