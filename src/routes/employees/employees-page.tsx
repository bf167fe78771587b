import { useEffect, useState } from 'react';
import { useApiClient } from '../../app/api-client';
import { positionLabel, POSITIONS } from '../../domain/labels';
import { PROFILE_STATUS_LABELS, type ProfileStatus } from '../../domain/roles';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { ButtonLink, TextLink } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { FieldShell, FilterSelect, Input } from '../../ui/fields';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { PrivatePage } from '../../app/page-shell';
import { hiringApi, personName, type EmployeeSummary } from '../../api/hiring';
import { Filters, Messages } from '../../ui/layout';
import { Tag, TagList } from '../../ui/tag';
import { ProfileStatusTag } from '../../ui/profile-status-tag';

export const EMPLOYEES_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

/** The documents column: expired ones first (in words, not colour only), then those expiring soon. */
export function DocumentFlags({ employee }: { employee: Pick<EmployeeSummary, 'expired_documents' | 'expiring_documents'> }) {
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
  const api = hiringApi(useApiClient());
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [position, setPosition] = useState('');
  const [expired, setExpired] = useState('');
  const [offset, setOffset] = useState(0);
  const [ordering, setOrdering] = useState('last_name');
  const [rows, setRows] = useState<EmployeeSummary[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  // A changed search goes back to the first page once typing pauses; the first render does not.
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS, () => setOffset(0));

  useEffect(() => {
    let active = true;
    setLoading(true);
    setLoadError(null);
    api
      .employees_list({
        limit: EMPLOYEES_PAGE_SIZE,
        offset,
        ordering,
        ...(query ? { search: query } : {}),
        ...(status ? { status: status as ProfileStatus } : {}),
        ...(position ? { position } : {}),
        ...(expired ? { expired: true } : {}),
      })
      .then((page) => {
        if (!active) return;
        setRows(page.results);
        setCount(page.count);
      })
      .catch((failure: unknown) => {
        if (active) setLoadError(apiErrorDetail(failure, 'The employees could not be loaded.'));
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, status, position, expired, offset, ordering]);

  const columns: DataTableColumn<EmployeeSummary>[] = [
    { key: 'name', header: 'Name', sortField: 'last_name', render: (row) => <TextLink to={`/employees/${row.id}`}>{personName(row)}</TextLink> },
    { key: 'position', header: 'Position', sortField: 'position', render: (row) => positionLabel(row.position) },
    { key: 'status', header: 'Status', sortField: 'status', render: (row) => <ProfileStatusTag status={row.status} /> },
    { key: 'forms_due', header: 'Forms due', sortField: 'forms_due', align: 'right', render: (row) => String(row.forms_due) },
    { key: 'documents', header: 'Documents', render: (row) => <DocumentFlags employee={row} /> },
  ];

  const filtered = !!(query || status || position || expired);
  const change = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setOffset(0);
  };

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
      <Messages>{loadError ? <Alert tone="error">{loadError}</Alert> : null}</Messages>
      <Filters role="search" aria-label="Filter employees">
        <FieldShell label="Search employees">
          {({ invalid, ...control }) => (
            <Input {...control} invalid={invalid} type="search" value={search} placeholder="Name, email or phone" onChange={(event) => setSearch(event.target.value)} />
          )}
        </FieldShell>
        <FilterSelect label="Status" value={status} onChange={change(setStatus)} all="All statuses" options={PROFILE_STATUS_LABELS} />
        <FilterSelect label="Position" value={position} onChange={change(setPosition)} all="All positions" options={POSITIONS} />
        <FilterSelect label="Documents" value={expired} onChange={change(setExpired)} all="All employees" options={{ true: 'With expired documents' }} />
      </Filters>
      <DataTable
        caption="Employees"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={loading}
        ordering={ordering}
        onOrderingChange={(next) => {
          setOrdering(next);
          setOffset(0);
        }}
        empty={
          <EmptyState
            title={filtered ? 'No employees match' : 'No employees yet'}
            description={filtered ? 'Try another search or filter.' : 'Accept an application or add an employee you already know.'}
            action={filtered ? undefined : <ButtonLink to="/employees/new" variant="secondary">New employee</ButtonLink>}
          />
        }
        paging={{ limit: EMPLOYEES_PAGE_SIZE, offset, count, onOffsetChange: setOffset }}
      />
    </PrivatePage>
  );
}

export default EmployeesPage;
