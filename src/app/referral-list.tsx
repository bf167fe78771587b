import type { ReactNode } from 'react';
import { useApiClient } from './api-client';
import { useAuthentication } from './authentication';
import { ListFilters } from './list-filters';
import { ListTable } from './list-table';
import { useList } from './use-list';
import { formatDateTime } from './date-time';
import { REFERRAL_OVERDUE_HOURS, REFERRAL_SOURCES, REFERRAL_STATUSES } from '../domain/clients';
import { Alert } from '../ui/alert';
import { TextLink } from '../ui/button';
import type { DataTableColumn } from '../ui/data-table';
import { Messages } from '../ui/layout';
import { ReferralStatusTags } from '../ui/referral-status-tags';
import {
  officeReferralPath,
  REFERRALS_PAGE_SIZE,
  sourceText,
  typeLabel,
  type ReferralListQuery,
  type ReferralSummary,
} from '../api/referrals';

const OVERDUE_CHOICE = { true: `New for more than ${REFERRAL_OVERDUE_HOURS} hours` };

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
export function ReferralList({
  caption,
  office = false,
  marketerId,
  marketers = [],
  emptyAction,
  emptyDescription,
}: ReferralListProps) {
  const api = useApiClient();
  const { user } = useAuthentication();
  const list = useList({
    load: (page, { status, marketer, source, overdue }) => {
      const marketerFilter = marketerId ?? (marketer ? Number(marketer) : undefined);
      return api.referrals_list({
        ...page,
        ...(status ? { status: status as ReferralListQuery['status'] } : {}),
        ...(marketerFilter ? { marketer_id: marketerFilter } : {}),
        ...(source ? { source: source as ReferralListQuery['source'] } : {}),
        ...(overdue ? { overdue: true } : {}),
      });
    },
    pageSize: REFERRALS_PAGE_SIZE,
    ordering: '-created_at' as NonNullable<ReferralListQuery['ordering']>,
    filters: { status: '', marketer: '', source: '', overdue: '' },
    failureText: 'The referrals could not be loaded.',
    key: String(marketerId ?? ''),
  });

  const marketerOptions = marketers.map((option) => ({ value: String(option.id), label: option.name }));
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
      ? [
          {
            key: 'marketer',
            header: 'Marketer',
            render: (row: ReferralSummary) => row.marketer?.name ?? 'Entered by the office',
          },
        ]
      : []),
    { key: 'status', header: 'Status', render: (row) => <ReferralStatusTags referral={row} /> },
    {
      key: 'created_at',
      header: 'Received',
      sortField: 'created_at',
      render: (row) => formatDateTime(row.created_at, user?.timezone),
    },
  ];

  return (
    <>
      <Messages>{list.error ? <Alert tone="error">{list.error}</Alert> : null}</Messages>
      <ListFilters
        list={list}
        label={`Filter ${caption.toLowerCase()}`}
        search={{ label: 'Search referrals', placeholder: 'First or last name' }}
        choices={[
          { name: 'status', label: 'Status', all: 'All statuses', options: REFERRAL_STATUSES },
          ...(office && marketerId === undefined
            ? [{ name: 'marketer' as const, label: 'Marketer', all: 'All marketers', options: marketerOptions }]
            : []),
          ...(office
            ? [
                { name: 'source' as const, label: 'Source', all: 'All sources', options: REFERRAL_SOURCES },
                { name: 'overdue' as const, label: 'Follow-up', all: 'All referrals', options: OVERDUE_CHOICE },
              ]
            : []),
        ]}
      />
      <ListTable
        list={list}
        caption={caption}
        columns={columns}
        rowKey={(row) => row.id}
        noMatch={{ title: 'No referrals match', description: 'Try another search or filter.' }}
        empty={{ title: 'No referrals yet', description: emptyDescription, action: emptyAction }}
      />
    </>
  );
}
