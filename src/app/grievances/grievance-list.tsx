import { useApiClient } from '../api-client';
import { useAuthentication } from '../authentication';
import { ListFilters } from '../list-filters';
import { ListTable } from '../list-table';
import { useList } from '../use-list';
import { formatDateTime } from '../date-time';
import { useLiveEvents, useLiveStreamOpened } from '../live-events';
import { GRIEVANCE_CATEGORIES, GRIEVANCE_OVERDUE_DAYS, GRIEVANCE_STATES } from '../../domain/grievances';
import { Alert } from '../../ui/alert';
import { TextLink } from '../../ui/button';
import { Cards } from '../../ui/cards';
import type { DataTableColumn } from '../../ui/data-table';
import { Messages } from '../../ui/layout';
import { GrievanceStateTags } from '../../ui/grievance-state-tags';
import {
  ageText,
  categoryLabel,
  channelLabel,
  grievancePath,
  GRIEVANCES_PAGE_SIZE,
  type GrievanceListQuery,
  type GrievanceSummary,
  type GrievanceViewer,
} from '../../api/grievances';

const OPEN_CHOICES = { true: 'Open (not closed)', false: 'Closed' };
const OVERDUE_CHOICE = { true: `Overdue (no resolution after ${GRIEVANCE_OVERDUE_DAYS} days)` };
const STATE_CHOICE = { name: 'state', label: 'State', all: 'All states', options: GRIEVANCE_STATES } as const;

export interface GrievanceDeskProps {
  caption: string;
  /** Only this client's (the client page's Grievances tab): no filters but the state. */
  clientId?: number;
  emptyDescription?: string;
}

/**
 * The office's grievances, paged and ordered on the server, urgent ones first: by state, category and
 * age (overdue ones marked), each row opening the grievance at the desk.
 */
export function GrievanceDesk({ caption, clientId, emptyDescription }: GrievanceDeskProps) {
  const api = useApiClient();
  const { user } = useAuthentication();
  const list = useList({
    load: (page, { open, state, category, overdue }) =>
      api.grievances_list({
        ...page,
        ...(clientId ? { client_id: clientId } : {}),
        ...(open ? { open: open === 'true' } : {}),
        ...(state ? { state: state as GrievanceListQuery['state'] } : {}),
        ...(category ? { category: category as GrievanceListQuery['category'] } : {}),
        ...(overdue ? { overdue: true } : {}),
      }),
    pageSize: GRIEVANCES_PAGE_SIZE,
    ordering: '-created_at' as NonNullable<GrievanceListQuery['ordering']>,
    filters: { open: clientId ? '' : 'true', state: '', category: '', overdue: '' },
    failureText: 'The grievances could not be loaded.',
    key: String(clientId ?? ''),
  });
  // a grievance filed or moved elsewhere (grievance.changed), or the stream back after a drop: load the page again
  useLiveEvents('grievance.changed', list.reload);
  useLiveStreamOpened(list.reload);

  const columns: DataTableColumn<GrievanceSummary>[] = [
    {
      key: 'category',
      header: 'Grievance',
      render: (row) => <TextLink to={grievancePath('office', row.id)}>{categoryLabel(row.category)}</TextLink>,
    },
    {
      key: 'complainant',
      header: 'Complainant',
      render: (row) =>
        `${row.complainant_name || row.client?.name || '—'}${row.channel === 'PORTAL' ? '' : ` (${channelLabel(row.channel).toLowerCase()})`}`,
    },
    { key: 'state', header: 'State', render: (row) => <GrievanceStateTags grievance={row} office /> },
    {
      key: 'created_at',
      header: 'Filed',
      sortField: 'created_at',
      render: (row) => formatDateTime(row.created_at, user?.timezone),
    },
    { key: 'age', header: 'Age', render: (row) => ageText(row.created_at) },
  ];

  return (
    <>
      <Messages>{list.error ? <Alert tone="error">{list.error}</Alert> : null}</Messages>
      <ListFilters
        list={list}
        label={`Filter ${caption.toLowerCase()}`}
        choices={
          clientId
            ? [STATE_CHOICE]
            : [
                { name: 'open', label: 'Open or closed', all: 'Open and closed', options: OPEN_CHOICES },
                STATE_CHOICE,
                { name: 'category', label: 'Category', all: 'All categories', options: GRIEVANCE_CATEGORIES },
                { name: 'overdue', label: 'Age', all: 'Any age', options: OVERDUE_CHOICE },
              ]
        }
      />
      <ListTable
        list={list}
        caption={caption}
        columns={columns}
        rowKey={(row) => row.id}
        noMatch={{ title: 'No grievances match', description: 'Try another filter.' }}
        empty={{ title: 'No grievances yet', description: emptyDescription }}
      />
    </>
  );
}

/** The complainant's own grievances (an employee's or a client's), newest first, each a link with its state. */
export function OwnGrievances({
  viewer,
  rows,
  timeZone,
}: {
  viewer: GrievanceViewer;
  rows: GrievanceSummary[];
  timeZone: string | null | undefined;
}) {
  return (
    <Cards>
      {rows.map((row) => (
        <li key={row.id}>
          <TextLink to={grievancePath(viewer, row.id)}>{categoryLabel(row.category)}</TextLink>
          <p>Filed {formatDateTime(row.created_at, timeZone)}</p>
          <p>
            <GrievanceStateTags grievance={row} />
          </p>
        </li>
      ))}
    </Cards>
  );
}
