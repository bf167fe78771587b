import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { ListFilters } from '../../app/list-filters';
import { ListTable } from '../../app/list-table';
import { useList } from '../../app/use-list';
import { CLIENT_STATUSES, type ClientStatus } from '../../domain/clients';
import { CLIENT_TYPE_SLUGS, CLIENT_TYPES, type ClientType } from '../../domain/labels';
import { Alert } from '../../ui/alert';
import { ButtonLink, TextLink } from '../../ui/button';
import type { DataTableColumn } from '../../ui/data-table';
import { formatCalendarDate, formatDayIn, personName } from '../../api/hiring';
import { Messages } from '../../ui/layout';
import { Tag, type TagTone } from '../../ui/tag';
import { PrivatePage } from '../../app/page-shell';
import type { ClientOrdering, ClientSummary } from '../../api/clients';

export const CLIENTS_PAGE_SIZE = 20;

const STATUS_TONES: Record<ClientStatus, TagTone> = {
  PENDING: 'neutral',
  ACTIVE: 'success',
  WAITING_LIST: 'warning',
  ON_HOLD: 'warning',
  DISCHARGED: 'neutral',
};

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
  const api = useApiClient();
  const { user } = useAuthentication();
  const list = useList({
    load: (page, { type, status }) =>
      api.clients_list({
        ...page,
        ...(type ? { type: type as ClientType } : {}),
        ...(status ? { status: status as ClientStatus } : {}),
      }),
    pageSize: CLIENTS_PAGE_SIZE,
    ordering: 'last_name' as ClientOrdering,
    filters: { type: '', status: '' },
    failureText: 'The clients could not be loaded.',
  });

  const columns: DataTableColumn<ClientSummary>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'last_name',
      render: (row) => <TextLink to={`/clients/${row.id}`}>{personName(row)}</TextLink>,
    },
    { key: 'type', header: 'Type', render: (row) => CLIENT_TYPES[row.type] ?? row.type },
    { key: 'status', header: 'Status', sortField: 'status', render: (row) => <ClientStatusTag status={row.status} /> },
    { key: 'date_of_birth', header: 'Date of birth', render: (row) => formatCalendarDate(row.date_of_birth) },
    {
      key: 'phone',
      header: 'Phone',
      render: (row) => (row.phone ? <a href={`tel:${row.phone.replace(/[^\d+]/g, '')}`}>{row.phone}</a> : '—'),
    },
    { key: 'city', header: 'City', render: (row) => row.city || '—' },
    {
      key: 'created_at',
      header: 'Added',
      sortField: 'created_at',
      render: (row) => formatDayIn(row.created_at, user?.timezone),
    },
  ];

  return (
    <PrivatePage
      title="Clients"
      description="Your home care clients and home health patients, their status and services."
      actions={<NewClientLinks />}
    >
      <Messages>{list.error ? <Alert tone="error">{list.error}</Alert> : null}</Messages>
      <ListFilters
        list={list}
        label="Filter clients"
        search={{ label: 'Search clients', placeholder: 'Name or phone' }}
        choices={[
          { name: 'type', label: 'Type', all: 'All types', options: CLIENT_TYPES },
          { name: 'status', label: 'Status', all: 'All statuses', options: CLIENT_STATUSES },
        ]}
      />
      <ListTable
        list={list}
        caption="Clients"
        columns={columns}
        rowKey={(row) => row.id}
        noMatch={{ title: 'No clients match', description: 'Try another search or filter.' }}
        empty={{
          title: 'No clients yet',
          description: 'Add a client, or admit one from a referral.',
          action: (
            <ButtonLink to="/clients/new/home-care" variant="secondary">
              New client
            </ButtonLink>
          ),
        }}
      />
    </PrivatePage>
  );
}

export default ClientsPage;
