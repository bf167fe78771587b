import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { formatDateTime } from '../../app/date-time';
import { useLiveEvents, useLiveStreamOpened } from '../../app/live-events';
import { GRIEVANCE_CATEGORIES, GRIEVANCE_OVERDUE_DAYS, GRIEVANCE_STATES } from '../../domain/grievances';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { TextLink } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { FilterSelect } from '../../ui/fields';
import { Filters, Messages } from '../employees/page-parts';
import { GrievanceStateTags } from './grievance-state';
import { ageText, categoryLabel, channelLabel, grievancePath, GRIEVANCES_PAGE_SIZE, type GrievanceListQuery, type GrievanceSummary, type GrievanceViewer } from './grievances-api';

const OPEN_CHOICES = { true: 'Open (not closed)', false: 'Closed' };

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
  const [open, setOpen] = useState(clientId ? '' : 'true');
  const [state, setState] = useState('');
  const [category, setCategory] = useState('');
  const [overdue, setOverdue] = useState('');
  const [offset, setOffset] = useState(0);
  const [ordering, setOrdering] = useState('-created_at');
  const [rows, setRows] = useState<GrievanceSummary[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  // a grievance filed or moved elsewhere (grievance.changed), or the stream back after a drop: load the page again
  const [changes, setChanges] = useState(0);
  useLiveEvents('grievance.changed', () => setChanges((n) => n + 1));
  useLiveStreamOpened(() => setChanges((n) => n + 1));

  useEffect(() => {
    let active = true;
    setLoading(true);
    setLoadError(null);
    api
      .grievances_list({
        limit: GRIEVANCES_PAGE_SIZE,
        offset,
        ordering: ordering as GrievanceListQuery['ordering'],
        ...(clientId ? { client_id: clientId } : {}),
        ...(open ? { open: open === 'true' } : {}),
        ...(state ? { state: state as GrievanceListQuery['state'] } : {}),
        ...(category ? { category: category as GrievanceListQuery['category'] } : {}),
        ...(overdue ? { overdue: true } : {}),
      })
      .then((page) => {
        if (!active) return;
        setRows(page.results);
        setCount(page.count);
      })
      .catch((failure: unknown) => {
        if (active) setLoadError(apiErrorDetail(failure, 'The grievances could not be loaded.'));
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clientId, open, state, category, overdue, offset, ordering, changes]);

  const columns: DataTableColumn<GrievanceSummary>[] = [
    {
      key: 'category',
      header: 'Grievance',
      render: (row) => <TextLink to={grievancePath('office', row.id)}>{categoryLabel(row.category)}</TextLink>,
    },
    { key: 'complainant', header: 'Complainant', render: (row) => `${row.complainant_name || row.client?.name || '—'}${row.channel === 'PORTAL' ? '' : ` (${channelLabel(row.channel).toLowerCase()})`}` },
    { key: 'state', header: 'State', render: (row) => <GrievanceStateTags grievance={row} office /> },
    { key: 'created_at', header: 'Filed', sortField: 'created_at', render: (row) => formatDateTime(row.created_at, user?.timezone) },
    { key: 'age', header: 'Age', render: (row) => ageText(row.created_at) },
  ];

  const filtered = !!(state || category || overdue || open);
  const change = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setOffset(0);
  };

  return (
    <>
      <Messages>{loadError ? <Alert tone="error">{loadError}</Alert> : null}</Messages>
      <Filters role="search" aria-label={`Filter ${caption.toLowerCase()}`}>
        {clientId ? null : <FilterSelect label="Open or closed" value={open} onChange={change(setOpen)} all="Open and closed" options={OPEN_CHOICES} />}
        <FilterSelect label="State" value={state} onChange={change(setState)} all="All states" options={GRIEVANCE_STATES} />
        {clientId ? null : (
          <>
            <FilterSelect label="Category" value={category} onChange={change(setCategory)} all="All categories" options={GRIEVANCE_CATEGORIES} />
            <FilterSelect label="Age" value={overdue} onChange={change(setOverdue)} all="Any age" options={{ true: `Overdue (no resolution after ${GRIEVANCE_OVERDUE_DAYS} days)` }} />
          </>
        )}
      </Filters>
      <DataTable
        caption={caption}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={loading}
        ordering={ordering}
        onOrderingChange={(next) => {
          setOrdering(next);
          setOffset(0);
        }}
        empty={<EmptyState title={filtered ? 'No grievances match' : 'No grievances yet'} description={filtered ? 'Try another filter.' : emptyDescription} />}
        paging={{ limit: GRIEVANCES_PAGE_SIZE, offset, count, onOffsetChange: setOffset }}
      />
    </>
  );
}

/** A list of cards, one a row: readable on a phone. */
export const Cards = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.spacing(1.5)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: ${({ theme }) => theme.spacing(1.5, 2)};
    border: 1px solid ${({ theme }) => theme.palette.border};
    border-radius: ${({ theme }) => theme.radii.md};
    overflow-wrap: anywhere;
  }
  p {
    margin: 4px 0 0;
  }
`;

/** The complainant's own grievances (an employee's or a client's), newest first, each a link with its state. */
export function OwnGrievances({ viewer, rows, timeZone }: { viewer: GrievanceViewer; rows: GrievanceSummary[]; timeZone: string | null | undefined }) {
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
