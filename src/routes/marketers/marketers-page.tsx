import { useState } from 'react';
import { useApiClient } from '../../app/api-client';
import { useList } from '../../app/use-list';
import { isIsoDate } from '../../domain/dates';
import { Alert } from '../../ui/alert';
import { ButtonLink, TextLink } from '../../ui/button';
import { CsvDownloadButton } from '../../ui/csv-download-button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { DateRangeFields } from '../../ui/date-range-fields';
import { personName } from '../../api/hiring';
import { Filters, Messages, Panel, RowActions } from '../../ui/layout';
import { Tag } from '../../ui/tag';
import { PrivatePage } from '../../app/page-shell';
import type { MarketerFigures } from '../../api/referrals';
import { ReferralBoard } from './referral-board';

export const MARKETERS_PAGE_SIZE = 20;

/** A share 0–1 as a percent ("42.9%"); "—" while nothing is decided. */
export const percentText = (value: number | null) =>
  value === null ? '—' : `${(Math.round(value * 1000) / 10).toLocaleString('en-US')}%`;
const daysText = (value: number | null) =>
  value === null ? '—' : `${value.toLocaleString('en-US')} ${value === 1 ? 'day' : 'days'}`;

interface Period {
  from: string;
  to: string;
}

/** An optional period: none at all, or both of its dates in order. */
function periodProblemOf({ from, to }: Period): string | null {
  if (isIsoDate(from) && isIsoDate(to)) return from > to ? 'The period cannot start after it ends.' : null;
  return from || to ? 'Enter both dates of the period.' : null;
}

/** /marketers (view-marketer): the office's referral board, and each marketer's figures for a period. */
export function MarketersPage() {
  return (
    <PrivatePage
      title="Marketers"
      description="Every referral of the agency, and how each marketer's referrals turn into clients."
    >
      <Panel aria-labelledby="referral-board-title">
        <h2 id="referral-board-title">Referral board</h2>
        <ReferralBoard />
      </Panel>
      <MarketerFiguresPanel />
    </PrivatePage>
  );
}

function MarketerFiguresPanel() {
  const api = useApiClient();
  // The period asked for: none (the server's own, the last 90 days) until one is typed in full and in order; a
  // period half typed keeps the figures of the last one.
  const [asked, setAsked] = useState<Partial<Period>>({});
  const list = useList({
    load: (page) => api.marketers_list({ ...page, ...asked }),
    pageSize: MARKETERS_PAGE_SIZE,
    failureText: "The marketers' figures could not be loaded.",
    key: JSON.stringify(asked),
  });
  // What the date fields hold once they are typed in; until then, the period the server answered for.
  const [typed, setTyped] = useState<Period | null>(null);
  const from = typed?.from ?? list.answer?.from ?? '';
  const to = typed?.to ?? list.answer?.to ?? '';
  const periodProblem = periodProblemOf({ from, to });
  const type = (next: Period) => {
    setTyped(next.from || next.to ? next : null);
    if (!periodProblemOf(next)) setAsked(next.from ? next : {});
  };
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const statusCount = (status: keyof MarketerFigures['by_status']) => (row: MarketerFigures) =>
    String(row.by_status[status]);
  const columns: DataTableColumn<MarketerFigures>[] = [
    {
      key: 'name',
      header: 'Marketer',
      render: (row) => (
        <>
          {personName(row) || row.email} {row.is_active ? null : <Tag>Inactive</Tag>}
        </>
      ),
    },
    { key: 'new', header: 'New', align: 'right', render: statusCount('NEW') },
    { key: 'contacted', header: 'Contacted', align: 'right', render: statusCount('CONTACTED') },
    { key: 'assessment', header: 'Assessment scheduled', align: 'right', render: statusCount('ASSESSMENT_SCHEDULED') },
    { key: 'admitted', header: 'Admitted', align: 'right', render: statusCount('ADMITTED') },
    { key: 'declined', header: 'Declined', align: 'right', render: statusCount('DECLINED') },
    { key: 'lost', header: 'Lost', align: 'right', render: statusCount('LOST') },
    { key: 'conversion', header: 'Conversion', align: 'right', render: (row) => percentText(row.conversion) },
    {
      key: 'median',
      header: 'Median days to admission',
      align: 'right',
      render: (row) => daysText(row.median_days_to_admission),
    },
    {
      key: 'referrals',
      header: 'Referrals',
      hideLabelOnCards: true,
      render: (row) => (
        <TextLink
          to={`/marketers/${row.id}/referrals`}
          aria-label={`View referrals of ${personName(row) || row.email}`}
        >
          View referrals
        </TextLink>
      ),
    },
  ];

  return (
    <Panel aria-labelledby="marketer-figures-title">
      <h2 id="marketer-figures-title">Marketers</h2>
      <p css={{ marginTop: 0 }}>
        Referrals that came in during the period, by where they stand today. Conversion is admitted out of decided
        (admitted, declined, lost).
      </p>
      <Messages>
        {list.error ? <Alert tone="error">{list.error}</Alert> : null}
        {downloadError ? <Alert tone="error">{downloadError}</Alert> : null}
      </Messages>
      <Filters role="group" aria-label="Period">
        <DateRangeFields
          from={from}
          to={to}
          onFromChange={(value) => type({ from: value, to })}
          onToChange={(value) => type({ from, to: value })}
          fromError={periodProblem}
        />
      </Filters>
      <RowActions css={{ marginBottom: 16 }}>
        <CsvDownloadButton
          label="Download report (CSV)"
          load={() => api.marketers_report_retrieve({ from, to }, null, { responseType: 'text' })}
          fileName={`referral-conversion-${from}-to-${to}.csv`}
          failureText="The report could not be downloaded."
          onError={setDownloadError}
          disabled={!from || !to || !!periodProblem}
        />
      </RowActions>
      <DataTable
        caption="Marketers' figures"
        columns={columns}
        {...list.table}
        rowKey={(row) => row.id}
        empty={
          <EmptyState
            title="No marketers yet"
            description="Invite a user with the Marketer role under Users."
            action={
              <ButtonLink to="/users" variant="secondary">
                Users
              </ButtonLink>
            }
          />
        }
      />
    </Panel>
  );
}

export default MarketersPage;
