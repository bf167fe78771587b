import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { useApiClient } from '../../app/api-client';
import { useRecord } from '../../app/use-record';
import { RecordPending } from '../../app/record-pending';
import { Alert } from '../../ui/alert';
import { TextLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { positionLabel } from '../../domain/labels';
import { PrivateNotFoundPage } from '../../app/not-found-pages';
import { PrivatePage } from '../../app/page-shell';
import { EmployeeDetailsTab } from './employee-details-tab';
import { EmployeeDocumentsTab } from './employee-documents-tab';
import { EmployeeFormRequestView } from './employee-form-request-view';
import { EmployeeNotesTab } from './employee-notes-tab';
import { EmployeeOnboardingTab } from './employee-onboarding-tab';
import { EmployeePayrollTab } from './employee-payroll-tab';
import { EmployeeScheduleTab } from './employee-schedule-tab';
import type { EmployeeTabProps } from './employee-tab-props';
import { ProfileStatusTag } from '../../ui/profile-status-tag';
import { personName } from '../../api/hiring';
import { Messages } from '../../ui/layout';
import { SubNav } from '../../ui/tab-strip';

const TABS = [
  { path: 'details', label: 'Details' },
  { path: 'documents', label: 'Documents' },
  { path: 'notes', label: 'Notes' },
  { path: 'onboarding', label: 'Onboarding' },
  { path: 'schedule', label: 'Schedule' },
  { path: 'payroll', label: 'Payroll' },
] as const;

/** /employees/:id/*: one employee, its sections as sub-routes (details, documents, notes, onboarding, schedule, payroll). */
export function EmployeePage() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const api = useApiClient();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice ?? null;
  const record = useRecord(() => api.employees_retrieve({ id }), String(id), 'The employee could not be loaded.', {
    enabled: Number.isInteger(id) && id > 0,
    clearOnNewKey: true,
  });
  const { data: employee, setData: setEmployee } = record;

  if (!Number.isInteger(id) || id <= 0 || record.status === 404) return <PrivateNotFoundPage />;

  const back = <TextLink to="/employees">Back to employees</TextLink>;
  if (!employee) return <RecordPending title="Employee" back={back} error={record.error} />;

  const props: EmployeeTabProps = { employee, onEmployeeChange: setEmployee };
  const base = `/employees/${employee.id}`;

  return (
    <PrivatePage
      title={personName(employee)}
      description={
        <>
          {back} · {positionLabel(employee.position)} · <ProfileStatusTag status={employee.status} />
        </>
      }
    >
      <Messages>{notice ? <Alert tone="success">{notice}</Alert> : null}</Messages>
      <SubNav label="Employee sections" items={TABS.map((tab) => ({ to: `${base}/${tab.path}`, label: tab.label }))} />
      <Routes>
        <Route index element={<Navigate to="details" replace state={location.state} />} />
        <Route path="details" element={<EmployeeDetailsTab {...props} />} />
        <Route path="documents" element={<EmployeeDocumentsTab {...props} />} />
        <Route path="notes" element={<EmployeeNotesTab {...props} />} />
        <Route path="onboarding" element={<EmployeeOnboardingTab {...props} />} />
        <Route path="onboarding/form-request/:formId" element={<EmployeeFormRequestView {...props} />} />
        <Route path="schedule" element={<EmployeeScheduleTab {...props} />} />
        <Route path="payroll" element={<EmployeePayrollTab {...props} />} />
        <Route
          path="*"
          element={<EmptyState title="Section not found" description="Choose one of the sections above." />}
        />
      </Routes>
    </PrivatePage>
  );
}

export default EmployeePage;
