import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { formatDateTime } from '../../app/date-time';
import { useList } from '../../app/use-list';
import { ROLE_LABELS, type Role } from '../../domain/roles';
import { Alert } from '../../ui/alert';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { Messages } from '../../ui/layout';
import type { ClientTabProps } from './client-tab-props';
import type { AccessEntry } from '../../api/clients';

export const ACCESS_HISTORY_PAGE_SIZE = 20;

const ACTION_LABELS: Record<string, string> = {
  READ: 'Opened',
  SEARCH: 'Searched',
  CREATE: 'Added',
  UPDATE: 'Changed',
  DELETE: 'Deleted',
};
const ROLE_NAMES: Record<string, string> = { ...ROLE_LABELS, ROLE_MASTER: 'Master' };

/** Who: the person and their role, or the portal itself (no person behind the entry). */
function actorText(entry: AccessEntry): string {
  if (!entry.actor) return 'The portal (automatic)';
  return `${entry.actor.name} (${ROLE_NAMES[entry.actor.role as Role] ?? entry.actor.role})`;
}

/** Access history: who opened or changed the client's record, newest first (from the audit log). */
export function ClientAccessHistoryTab({ client }: ClientTabProps) {
  const api = useApiClient();
  const { user } = useAuthentication();
  const list = useList({
    load: (page) => api.clients_access_history_list({ id: client.id, ...page }),
    pageSize: ACCESS_HISTORY_PAGE_SIZE,
    failureText: 'The access history could not be loaded.',
    key: String(client.id),
  });

  const columns: DataTableColumn<AccessEntry>[] = [
    { key: 'at', header: 'When', render: (row) => formatDateTime(row.at, user?.timezone) },
    { key: 'actor', header: 'Who', render: actorText },
    { key: 'action', header: 'Action', render: (row) => ACTION_LABELS[row.action] ?? row.action },
    { key: 'what', header: 'What', render: (row) => row.what || '—' },
  ];

  return (
    <>
      <Messages>{list.error ? <Alert tone="error">{list.error}</Alert> : null}</Messages>
      <h2 css={{ fontSize: '1.25rem', margin: '0 0 8px' }}>Access history</h2>
      <p css={{ marginTop: 0 }}>Everyone who opened or changed this record, newest first.</p>
      <DataTable
        caption={`Access history of ${client.first_name} ${client.last_name}`}
        columns={columns}
        {...list.table}
        rowKey={(row) => row.id}
        empty={<EmptyState title="No access recorded yet" />}
      />
    </>
  );
}
