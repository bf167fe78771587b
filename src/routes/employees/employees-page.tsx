import { useApiClient } from '../../app/api-client';
import { ListFilters } from '../../app/list-filters';
import { ListTable } from '../../app/list-table';
import { useList } from '../../app/use-list';
import { positionLabel, POSITIONS, type Position } from '../../domain/labels';
import { PROFILE_STATUS_LABELS, type ProfileStatus } from '../../domain/roles';
import { Alert } from '../../ui/alert';
import { ButtonLink, TextLink } from '../../ui/button';
import type { DataTableColumn } from '../../ui/data-table';
import { PrivatePage } from '../../app/page-shell';
import { personName, type EmployeeSummary } from '../../api/hiring';
import { Messages } from '../../ui/layout';
import { Tag, TagList } from '../../ui/tag';
import { ProfileStatusTag } from '../../ui/profile-status-tag';

export const EMPLOYEES_PAGE_SIZE = 20;

/** The documents column: expired ones first (in words, not colour only), then those expiring soon. */
export function DocumentFlags({
  employee,
}: {
  employee: Pick<EmployeeSummary, 'expired_documents' | 'expiring_documents'>;
}) {
  const { expired_documents: expired, expiring_documents: expiring } = employee;
  if (!expired && !expiring) return <span>Up to date</span>;
  return (
    <TagList>
      {expired ? <Tag tone="error">{expired === 1 ? '1 expired document' : `${expired} expired documents`}</Tag> : null}
      {expiring ? <Tag tone="warning">{expiring === 1 ? '1 expiring soon' : `${expiring} expiring soon`}</Tag> : null}
    </TagList>
  );
}

/** /employees (view-employees): list by status, position and expired documents; search, order, page. */
export function EmployeesPage() {
  const api = useApiClient();
  const list = useList({
    load: (page, { status, position, expired }) =>
      api.employees_list({
        ...page,
        ...(status ? { status: status as ProfileStatus } : {}),
        ...(position ? { position: position as Position } : {}),
        ...(expired ? { expired: true } : {}),
      }),
    pageSize: EMPLOYEES_PAGE_SIZE,
    ordering: 'last_name',
    filters: { status: '', position: '', expired: '' },
    failureText: 'The employees could not be loaded.',
  });

  const columns: DataTableColumn<EmployeeSummary>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'last_name',
      render: (row) => <TextLink to={`/employees/${row.id}`}>{personName(row)}</TextLink>,
    },
    { key: 'position', header: 'Position', sortField: 'position', render: (row) => positionLabel(row.position) },
    { key: 'status', header: 'Status', sortField: 'status', render: (row) => <ProfileStatusTag status={row.status} /> },
    {
      key: 'forms_due',
      header: 'Forms due',
      sortField: 'forms_due',
      align: 'right',
      render: (row) => String(row.forms_due),
    },
    { key: 'documents', header: 'Documents', render: (row) => <DocumentFlags employee={row} /> },
  ];

  return (
    <PrivatePage
      title="Employees"
      description="Your caregivers and nurses, their onboarding status and documents."
      actions={
        <>
          <ButtonLink to="/employees/onboarding" variant="secondary">
            Onboarding settings
          </ButtonLink>
          <ButtonLink to="/employees/new">New employee</ButtonLink>
        </>
      }
    >
      <Messages>{list.error ? <Alert tone="error">{list.error}</Alert> : null}</Messages>
      <ListFilters
        list={list}
        label="Filter employees"
        search={{ label: 'Search employees', placeholder: 'Name, email or phone' }}
        choices={[
          { name: 'status', label: 'Status', all: 'All statuses', options: PROFILE_STATUS_LABELS },
          { name: 'position', label: 'Position', all: 'All positions', options: POSITIONS },
          { name: 'expired', label: 'Documents', all: 'All employees', options: { true: 'With expired documents' } },
        ]}
      />
      <ListTable
        list={list}
        caption="Employees"
        columns={columns}
        rowKey={(row) => row.id}
        noMatch={{ title: 'No employees match', description: 'Try another search or filter.' }}
        empty={{
          title: 'No employees yet',
          description: 'Accept an application or add an employee you already know.',
          action: (
            <ButtonLink to="/employees/new" variant="secondary">
              New employee
            </ButtonLink>
          ),
        }}
      />
    </PrivatePage>
  );
}

export default EmployeesPage;
