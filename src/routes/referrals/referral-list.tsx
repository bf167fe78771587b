import { useEffect, useState, type ReactNode } from 'react';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { formatDateTime } from '../../app/date-time';
import { REFERRAL_OVERDUE_HOURS, REFERRAL_SOURCES, REFERRAL_STATUSES } from '../../domain/clients';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { TextLink } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { FieldShell, FilterSelect, Input } from '../../ui/fields';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { Filters, Messages } from '../../ui/layout';
import { ReferralStatusTags } from './referral-status';
import {
  officeReferralPath,
  REFERRALS_PAGE_SIZE,
  SEARCH_DELAY_MS,
  sourceText,
  typeLabel,
  type ReferralListQuery,
  type ReferralSummary,
} from '../../api/referrals';

export interface ReferralListProps {
  /** The table's name. */
  caption: string;
  /** The office's board: the marketer column and filters by marketer, source and overdue; rows open under /marketers. */
  office?: boolean;
  /** Only this marketer's referrals (the office's page of one marketer): no marketer filter. */
  marketerId?: number;
  /** The office's marketers, for the marketer filter. */
  marketers?: readonly { id: number; name: string }[];
  /** What the empty state offers when nothing is filtered (e.g. "New referral"). */
  emptyAction?: ReactNode;
  emptyDescription?: string;
}

/**
 * Referrals, paged and ordered on the server: a marketer's own (/referrals) or the office's board
 * (/marketers), filtered by status and a search of names, and on the board by marketer, source and overdue.
 */
export function ReferralList({ caption, office = false, marketerId, marketers = [], emptyAction, emptyDescription }: ReferralListProps) {
  const api = useApiClient();
  const { user } = useAuthentication();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [marketer, setMarketer] = useState('');
  const [source, setSource] = useState('');
  const [overdue, setOverdue] = useState('');
  const [offset, setOffset] = useState(0);
  const [ordering, setOrdering] = useState('-created_at');
  const [rows, setRows] = useState<ReferralSummary[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  // A changed search goes back to the first page once typing pauses; the first render does not.
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS, () => setOffset(0));
  const marketerFilter = marketerId ?? (marketer ? Number(marketer) : undefined);

  useEffect(() => {
    let active = true;
    setLoading(true);
    setLoadError(null);
    api
      .referrals_list({
        limit: REFERRALS_PAGE_SIZE,
        offset,
        ordering: ordering as ReferralListQuery['ordering'],
        ...(query ? { search: query } : {}),
        ...(status ? { status: status as ReferralListQuery['status'] } : {}),
        ...(marketerFilter ? { marketer_id: marketerFilter } : {}),
        ...(source ? { source: source as ReferralListQuery['source'] } : {}),
        ...(overdue ? { overdue: true } : {}),
      })
      .then((page) => {
        if (!active) return;
        setRows(page.results);
        setCount(page.count);
      })
      .catch((failure: unknown) => {
        if (active) setLoadError(apiErrorDetail(failure, 'The referrals could not be loaded.'));
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, status, marketerFilter, source, overdue, offset, ordering]);

  const name = (row: ReferralSummary) => `${row.first_name} ${row.last_name}`.trim();
  const columns: DataTableColumn<ReferralSummary>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'last_name',
      render: (row) => <TextLink to={office ? officeReferralPath(row) : `/referrals/${row.id}`}>{name(row)}</TextLink>,
    },
    { key: 'type', header: 'Type', render: (row) => typeLabel(row.type) },
    { key: 'source', header: 'Source', render: (row) => sourceText(row) },
    ...(office && marketerId === undefined
      ? [{ key: 'marketer', header: 'Marketer', render: (row: ReferralSummary) => row.marketer?.name ?? 'Entered by the office' }]
      : []),
    { key: 'status', header: 'Status', render: (row) => <ReferralStatusTags referral={row} /> },
    { key: 'created_at', header: 'Received', sortField: 'created_at', render: (row) => formatDateTime(row.created_at, user?.timezone) },
  ];

  const filtered = !!(query || status || marketer || source || overdue);
  const change = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setOffset(0);
  };

  return (
    <>
      <Messages>{loadError ? <Alert tone="error">{loadError}</Alert> : null}</Messages>
      <Filters role="search" aria-label={`Filter ${caption.toLowerCase()}`}>
        <FieldShell label="Search referrals">
          {({ invalid, ...control }) => (
            <Input {...control} invalid={invalid} type="search" value={search} placeholder="First or last name" onChange={(event) => setSearch(event.target.value)} />
          )}
        </FieldShell>
        <FilterSelect label="Status" value={status} onChange={change(setStatus)} all="All statuses" options={REFERRAL_STATUSES} />
        {office && marketerId === undefined ? (
          <FilterSelect label="Marketer" value={marketer} onChange={change(setMarketer)} all="All marketers" options={marketers.map((option) => ({ value: String(option.id), label: option.name }))} />
        ) : null}
        {office ? (
          <>
            <FilterSelect label="Source" value={source} onChange={change(setSource)} all="All sources" options={REFERRAL_SOURCES} />
            <FilterSelect label="Follow-up" value={overdue} onChange={change(setOverdue)} all="All referrals" options={{ true: `New for more than ${REFERRAL_OVERDUE_HOURS} hours` }} />
          </>
        ) : null}
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
        empty={
          <EmptyState
            title={filtered ? 'No referrals match' : 'No referrals yet'}
            description={filtered ? 'Try another search or filter.' : emptyDescription}
            action={filtered ? undefined : emptyAction}
          />
        }
        paging={{ limit: REFERRALS_PAGE_SIZE, offset, count, onOffsetChange: setOffset }}
      />
    </>
  );
}
