import styled from '@emotion/styled';
import { useId } from 'react';
import { formatDay } from '../domain/dates';
import { OVERTIME_AFTER_MINUTES, WEEKDAYS, weekdayOf } from '../domain/visits';
import { apiErrorDetail, apiFieldErrors } from '../ui/api-error';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { Alert } from '../ui/alert';
import { Panel } from '../ui/layout';
import { Tag, TagList } from '../ui/tag';
import { dayInWords, formatMinutes, serviceLabel, visitWindow } from '../domain/visit-text';
import type { PayrollPeriod, PayrollVisit } from '../api/visits';

const DayTotals = styled.dl`
  display: grid;
  grid-template-columns: repeat(7, minmax(0, 1fr));
  gap: ${({ theme }) => theme.spacing(0.5)};
  margin: ${({ theme }) => theme.spacing(2, 0, 0)};
  div {
    padding: ${({ theme }) => theme.spacing(0.75, 0.5)};
    border: 1px solid ${({ theme }) => theme.palette.grey[200]};
    border-radius: ${({ theme }) => theme.radii.sm};
    text-align: center;
    min-width: 0;
  }
  dt {
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: 600;
    color: ${({ theme }) => theme.palette.text.secondary};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.sm};
    overflow-wrap: anywhere;
  }
  ${({ theme }) => theme.mq.down('sm')} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

/** "42 h 30 min" with nothing worked as "0 h". */
export const hoursText = (minutes: number) => (minutes === 0 ? '0 h' : formatMinutes(minutes));

/** A refused period or download: the server's first field message, else its words. */
export function payrollErrorText(failure: unknown, fallback: string): string {
  return Object.values(apiFieldErrors(failure))[0] ?? apiErrorDetail(failure, fallback);
}

/** The week's totals as words, overtime named (the colour only repeats it). */
export function PayrollTotals({ period }: { period: PayrollPeriod }) {
  return (
    <TagList>
      <Tag>Total {hoursText(period.total_minutes)}</Tag>
      {period.overtime ? (
        <>
          <Tag tone="error">Overtime {hoursText(period.overtime_minutes)}</Tag>
          <Tag>Regular {hoursText(period.regular_minutes)}</Tag>
        </>
      ) : null}
    </TagList>
  );
}

/** One pay period: its verified visits as worked, the daily totals, the week's total and any overtime. */
export function PayrollWeek({ period }: { period: PayrollPeriod }) {
  const titleId = useId();
  const worked = (visit: PayrollVisit) =>
    visitWindow({ timezone: period.timezone, starts_at: visit.started_at, ends_at: visit.ended_at });
  const columns: DataTableColumn<PayrollVisit>[] = [
    { key: 'date', header: 'Date', render: (row) => dayInWords(row.service_date) },
    { key: 'client', header: 'Client', render: (row) => row.client.name },
    { key: 'service', header: 'Service', render: (row) => serviceLabel(row.service) },
    {
      key: 'time',
      header: 'Worked',
      render: (row) => (
        <TagList>
          <span>{worked(row)}</span>
          {row.corrected ? <Tag tone="warning">Corrected</Tag> : null}
        </TagList>
      ),
    },
    { key: 'minutes', header: 'Minutes', align: 'right', render: (row) => formatMinutes(row.minutes) },
  ];
  return (
    <Panel aria-labelledby={titleId}>
      <h3 id={titleId} css={{ marginTop: '0 !important' }}>
        Week of {formatDay(period.week_start)} – {formatDay(period.week_end)}
      </h3>
      <div css={{ marginBottom: 12 }}>
        <PayrollTotals period={period} />
      </div>
      {period.overtime ? (
        <div css={{ marginBottom: 12 }}>
          <Alert tone="warning">
            Overtime: {hoursText(period.overtime_minutes)} over {OVERTIME_AFTER_MINUTES / 60} hours this week.
          </Alert>
        </div>
      ) : null}
      {period.visits.length ? (
        <DataTable
          caption={`Verified visits, week of ${formatDay(period.week_start)}`}
          columns={columns}
          rows={period.visits}
          rowKey={(row) => row.id}
        />
      ) : (
        <p css={{ margin: 0 }}>No verified visits this week.</p>
      )}
      <DayTotals aria-label={`Daily totals, week of ${formatDay(period.week_start)}`}>
        {period.days.map((day) => (
          <div key={day.date}>
            <dt>
              {WEEKDAYS[weekdayOf(day.date)].slice(0, 3)} {formatDay(day.date).replace(/, \d{4}$/, '')}
            </dt>
            <dd>{day.minutes ? formatMinutes(day.minutes) : '—'}</dd>
          </div>
        ))}
      </DayTotals>
    </Panel>
  );
}
