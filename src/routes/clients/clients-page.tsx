import { useEffect, useState } from 'react';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { CLIENT_STATUSES, type ClientStatus } from '../../domain/clients';
import { CLIENT_TYPE_SLUGS, CLIENT_TYPES, type ClientType } from '../../domain/labels';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { ButtonLink, TextLink } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { FieldShell, FilterSelect, Input } from '../../ui/fields';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { formatCalendarDate, formatDayIn, personName } from '../../api/hiring';
import { Filters, Messages } from '../../ui/layout';
import { Tag, type TagTone } from '../../ui/tag';
import { PrivatePage } from '../../app/page-shell';
import { clientsApi, type ClientOrdering, type ClientSummary } from '../../api/clients';

export const CLIENTS_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

const STATUS_TONES: Record<ClientStatus, TagTone> = { PENDING: 'neutral', ACTIVE: 'success', WAITING_LIST: 'warning', ON_HOLD: 'warning', DISCHARGED: 'neutral' };

export function ClientStatusTag({ status }: { status: ClientStatus }) {
  return <Tag tone={STATUS_TONES[status]}>{CLIENT_STATUSES[status] ?? status}</Tag>;
}

/** The header's actions: a new client of each type (home care first, the most common). */
export function NewClientLinks() {
  return (
    <>
      <ButtonLink to="/clients/new/home-care">New client</ButtonLink>
      <ButtonLink to="/clients/new/home-health" variant="secondary">
        New {CLIENT_TYPE_SLUGS['home-health'].title.toLowerCase()}
      </ButtonLink>
      <ButtonLink to="/clients/new/group" variant="secondary">
        New {CLIENT_TYPE_SLUGS.group.title.toLowerCase()}
      </ButtonLink>
    </>
  );
}

/** /clients (admin, master): the organization's clients by type and status; search by name or phone, order, page. */
export function ClientsPage() {
  const api = clientsApi(useApiClient());
  const { user } = useAuthentication();
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const [offset, setOffset] = useState(0);
  const [ordering, setOrdering] = useState<ClientOrdering>('last_name');
  const [rows, setRows] = useState<ClientSummary[]>([]);
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
      .clients_list({
        limit: CLIENTS_PAGE_SIZE,
        offset,
        ordering,
        ...(query ? { search: query } : {}),
        ...(type ? { type: type as ClientType } : {}),
        ...(status ? { status: status as ClientStatus } : {}),
      })
      .then((page) => {
        if (!active) return;
        setRows(page.results);
        setCount(page.count);
      })
      .catch((failure: unknown) => {
        if (active) setLoadError(apiErrorDetail(failure, 'The clients could not be loaded.'));
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, type, status, offset, ordering]);

  const columns: DataTableColumn<ClientSummary>[] = [
    { key: 'name', header: 'Name', sortField: 'last_name', render: (row) => <TextLink to={`/clients/${row.id}`}>{personName(row)}</TextLink> },
    { key: 'type', header: 'Type', render: (row) => CLIENT_TYPES[row.type] ?? row.type },
    { key: 'status', header: 'Status', sortField: 'status', render: (row) => <ClientStatusTag status={row.status} /> },
    { key: 'date_of_birth', header: 'Date of birth', render: (row) => formatCalendarDate(row.date_of_birth) },
    { key: 'phone', header: 'Phone', render: (row) => (row.phone ? <a href={`tel:${row.phone.replace(/[^\d+]/g, '')}`}>{row.phone}</a> : '—') },
    { key: 'city', header: 'City', render: (row) => row.city || '—' },
    { key: 'created_at', header: 'Added', sortField: 'created_at', render: (row) => formatDayIn(row.created_at, user?.timezone) },
  ];

  const filtered = !!(query || type || status);
  const change = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setOffset(0);
  };

  return (
    <PrivatePage title="Clients" description="Your home care clients and home health patients, their status and services." actions={<NewClientLinks />}>
      <Messages>{loadError ? <Alert tone="error">{loadError}</Alert> : null}</Messages>
      <Filters role="search" aria-label="Filter clients">
        <FieldShell label="Search clients">
          {({ invalid, ...control }) => (
            <Input {...control} invalid={invalid} type="search" value={search} placeholder="Name or phone" onChange={(event) => setSearch(event.target.value)} />
          )}
        </FieldShell>
        <FilterSelect label="Type" value={type} onChange={change(setType)} all="All types" options={CLIENT_TYPES} />
        <FilterSelect label="Status" value={status} onChange={change(setStatus)} all="All statuses" options={CLIENT_STATUSES} />
      </Filters>
      <DataTable
        caption="Clients"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={loading}
        ordering={ordering}
        onOrderingChange={(next) => {
          setOrdering(next as ClientOrdering);
          setOffset(0);
        }}
        empty={
          <EmptyState
            title={filtered ? 'No clients match' : 'No clients yet'}
            description={filtered ? 'Try another search or filter.' : 'Add a client, or admit one from a referral.'}
            action={
              filtered ? undefined : (
                <ButtonLink to="/clients/new/home-care" variant="secondary">
                  New client
                </ButtonLink>
              )
            }
          />
        }
        paging={{ limit: CLIENTS_PAGE_SIZE, offset, count, onOffsetChange: setOffset }}
      />
    </PrivatePage>
  );
}

export default ClientsPage;
