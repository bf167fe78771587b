import { useEffect, useRef, useState } from 'react';
import { useApiClient } from '../../app/api-client';
import { isIsoDate } from '../../domain/dates';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { Button, ButtonLink, TextLink } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { FieldShell, Input } from '../../ui/fields';
import { personName } from '../../api/hiring';
import { Filters, Messages, Panel, RowActions } from '../../ui/layout';
import { Tag } from '../../ui/tag';
import { PrivatePage } from '../../app/page-shell';
import { saveBlob } from '../../ui/save-file';
import type { MarketerFigures } from '../../api/referrals';
import { ReferralBoard } from './referral-board';

export const MARKETERS_PAGE_SIZE = 20;

/** A share 0–1 as a percent ("42.9%"); "—" while nothing is decided. */
export const percentText = (value: number | null) =>
  value === null ? '—' : `${(Math.round(value * 1000) / 10).toLocaleString('en-US')}%`;
const daysText = (value: number | null) =>
  value === null ? '—' : `${value.toLocaleString('en-US')} ${value === 1 ? 'day' : 'days'}`;

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
  // Empty until the server's answer names its default period (the last 90 days).
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [offset, setOffset] = useState(0);
  const [rows, setRows] = useState<MarketerFigures[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const complete = isIsoDate(from) && isIsoDate(to);
  const periodProblem = complete
    ? from > to
      ? 'The period cannot start after it ends.'
      : null
    : from || to
      ? 'Enter both dates of the period.'
      : null;
  const period = complete && !periodProblem ? { from, to } : {};
  // The period and page the figures shown were answered for (the first answer fills in the server's period).
  const answered = useRef('');

  useEffect(() => {
    if (periodProblem || answered.current === `${from}|${to}|${offset}`) return;
    let active = true;
    setLoading(true);
    setError(null);
    api
      .marketers_list({ limit: MARKETERS_PAGE_SIZE, offset, ...period })
      .then((answer) => {
        if (!active) return;
        answered.current = `${answer.from}|${answer.to}|${offset}`;
        setRows(answer.results);
        setCount(answer.count);
        setFrom(answer.from);
        setTo(answer.to);
      })
      .catch((failure: unknown) => {
        if (active) setError(apiErrorDetail(failure, "The marketers' figures could not be loaded."));
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- period is a new object each render, made of from and to
  }, [api, from, to, offset, periodProblem]);

  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      const csv = await api.marketers_report_retrieve({ from, to }, null, { responseType: 'text' });
      saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `referral-conversion-${from}-to-${to}.csv`);
    } catch (failure) {
      setError(apiErrorDetail(failure, 'The report could not be downloaded.'));
    } finally {
      setDownloading(false);
    }
  };

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
      <Messages>{error ? <Alert tone="error">{error}</Alert> : null}</Messages>
      <Filters role="group" aria-label="Period">
        <FieldShell label="From" error={periodProblem}>
          {({ invalid, ...control }) => (
            <Input
              {...control}
              invalid={invalid}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(event) => {
                setFrom(event.target.value);
                setOffset(0);
              }}
            />
          )}
        </FieldShell>
        <FieldShell label="To">
          {({ invalid, ...control }) => (
            <Input
              {...control}
              invalid={invalid}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => {
                setTo(event.target.value);
                setOffset(0);
              }}
            />
          )}
        </FieldShell>
      </Filters>
      <RowActions css={{ marginBottom: 16 }}>
        <Button
          variant="secondary"
          onClick={() => void download()}
          disabled={downloading || !from || !to || !!periodProblem}
          aria-busy={downloading || undefined}
        >
          {downloading ? 'Downloading' : 'Download report (CSV)'}
        </Button>
      </RowActions>
      <DataTable
        caption="Marketers' figures"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={loading}
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
        paging={{ limit: MARKETERS_PAGE_SIZE, offset, count, onOffsetChange: setOffset }}
      />
    </Panel>
  );
}

export default MarketersPage;
