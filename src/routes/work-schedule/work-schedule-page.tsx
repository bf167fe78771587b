import styled from '@emotion/styled';
import { Fragment, useEffect, useId, useState, type ReactNode } from 'react';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { useOrganization } from '../../app/organization';
import { addDays, dateIn, formatDay } from '../../domain/dates';
import { weekStartOf } from '../../domain/visits';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { CsvDownloadButton } from '../../ui/csv-download-button';
import { Details, Messages, Panel } from '../../ui/layout';
import { Tag } from '../../ui/tag';
import { PrivatePage } from '../../app/page-shell';
import { hoursText, payrollErrorText } from '../../app/payroll-week';
import { clientName, dayInWords, serviceLabel, visitWindow } from '../../domain/visit-text';
import { WEEK_LIMIT, WEEK_STARTS_ON, type PayrollPeriod, type Visit } from '../../api/visits';
import { Card, VisitCard } from './visit-card';

/** How far ahead the schedule looks, and back. */
export const UPCOMING_DAYS = 28;
export const PAST_DAYS = 14;

const CardList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.spacing(1.5)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.spacing(3)};
  h2 {
    margin: 0 0 ${({ theme }) => theme.spacing(1.5)};
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

function VisitSection({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  const titleId = useId();
  return (
    <Section aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children.length ? (
        <CardList>
          {children.map((child, index) => (
            <li key={index}>{child}</li>
          ))}
        </CardList>
      ) : (
        <EmptyState title={empty} />
      )}
    </Section>
  );
}

const visitsText = (count: number) => `${count} ${count === 1 ? 'visit' : 'visits'}`;

/** My hours: this week's and last week's pay periods (verified visits as worked), overtime flagged, and my CSV. */
function MyHours({ today }: { today: string }) {
  const api = useApiClient();
  const weekStart = weekStartOf(today, WEEK_STARTS_ON);
  const period = { from: addDays(weekStart, -7), to: today };
  const [periods, setPeriods] = useState<PayrollPeriod[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    api
      .payroll_periods_list(period)
      .then((answer) => {
        if (active) setPeriods(answer.results);
      })
      .catch((failure: unknown) => {
        if (active) setError(payrollErrorText(failure, 'Your hours could not be loaded.'));
      });
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- period is a new object each render, made of today
  }, [api, today]);

  // newest first: this week, then last week (a week without verified visits still comes, with 0)
  const label = (row: PayrollPeriod) =>
    row.week_start === weekStart
      ? 'This week'
      : row.week_start === addDays(weekStart, -7)
        ? 'Last week'
        : `Week of ${formatDay(row.week_start)}`;
  return (
    <Panel aria-labelledby="my-hours-title">
      <h2 id="my-hours-title">My hours</h2>
      {error ? (
        <div css={{ marginBottom: 12 }}>
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      {periods === null ? (
        error ? null : (
          <p role="status">Loading…</p>
        )
      ) : (
        <Details>
          {periods.map((row) => (
            <Fragment key={row.week_start}>
              <dt>{label(row)}</dt>
              <dd>
                {hoursText(row.total_minutes)} ({visitsText(row.visits.length)})
                {row.overtime ? (
                  <>
                    {' '}
                    <Tag tone="error">Overtime {hoursText(row.overtime_minutes)}</Tag>
                  </>
                ) : null}
              </dd>
            </Fragment>
          ))}
        </Details>
      )}
      <p css={{ margin: '8px 0 12px', fontSize: '0.875rem' }}>
        Verified visits, as worked (no rounding). Hours over 40 in a week are overtime.
      </p>
      <CsvDownloadButton
        size="sm"
        label="Download my hours (CSV)"
        load={() => api.payroll_periods_export_retrieve(period, null, { responseType: 'text' })}
        fileName={`my-hours-${period.from}-to-${period.to}.csv`}
        failureText={(failure) => payrollErrorText(failure, 'Your hours could not be downloaded.')}
        onError={setError}
      />
    </Panel>
  );
}

/** An open visit the caregiver may ask for; once asked, the office confirms. */
function OpenVisitCard({ visit, asked, onAsk }: { visit: Visit; asked: boolean; onAsk: () => Promise<void> }) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Card aria-labelledby={titleId}>
      <h3 id={titleId}>
        {dayInWords(visit.service_date)}, {visitWindow(visit)} · {clientName(visit)}
      </h3>
      <p>{serviceLabel(visit.service)}</p>
      {/* not yet hers: the server sends the town only (the address and notes come once the office assigns it) */}
      {visit.address ? <p>In {visit.address}</p> : null}
      {error ? (
        <div css={{ marginTop: 12 }}>
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      <div css={{ marginTop: 12 }}>
        {asked ? (
          <p role="status">Asked — the office will confirm</p>
        ) : (
          <Button
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={async () => {
              setBusy(true);
              setError(null);
              try {
                await onAsk();
              } catch (failure) {
                setError(apiErrorDetail(failure, 'Your request could not be sent.'));
              } finally {
                setBusy(false);
              }
            }}
          >
            {busy ? 'Sending' : 'Ask for this visit'}
          </Button>
        )}
      </div>
    </Card>
  );
}

/**
 * /work-schedule: a READY employee's visits (today first, then upcoming, then the past two weeks), clocks, open
 * visits and hours. Not a useList page: it loads two fixed windows of days, laid out by day, with no paging,
 * order or filter to choose.
 */
export function WorkSchedulePage() {
  const api = useApiClient();
  const { user } = useAuthentication();
  const { organization } = useOrganization();
  const timeZone = organization?.timezone || user?.timezone || 'UTC';
  const [now] = useState(() => new Date());
  const today = dateIn(timeZone, now);
  const [visits, setVisits] = useState<Visit[] | null>(null);
  const [openVisits, setOpenVisits] = useState<Visit[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    api
      .visits_list({
        from: addDays(today, -PAST_DAYS),
        to: addDays(today, UPCOMING_DAYS),
        ordering: 'starts_at',
        limit: WEEK_LIMIT,
      })
      .then((answer) => {
        if (active) setVisits(answer.results);
      })
      .catch((failure: unknown) => {
        if (active) setError(apiErrorDetail(failure, 'Your visits could not be loaded.'));
      });
    api
      .visits_list({
        status: 'OPEN',
        from: today,
        to: addDays(today, UPCOMING_DAYS),
        ordering: 'starts_at',
        limit: 100,
      })
      .then((answer) => {
        if (active) setOpenVisits(answer.results);
      })
      .catch(() => {
        if (active) setOpenVisits([]);
      });
    return () => {
      active = false;
    };
  }, [api, today]);

  const replace = (next: Visit) => setVisits((rows) => rows?.map((row) => (row.id === next.id ? next : row)) ?? rows);
  const calledOut = (gone: Visit) => {
    setVisits((rows) => rows?.filter((row) => row.id !== gone.id) ?? rows);
    setNotice(
      `The office was told that you cannot make it on ${dayInWords(gone.service_date)}, ${visitWindow(gone)}. The visit is open for another caregiver.`,
    );
  };

  if (!visits) {
    return (
      <PrivatePage title="Work schedule">
        {error ? <Alert tone="error">{error}</Alert> : <p role="status">Loading…</p>}
      </PrivatePage>
    );
  }

  // Today: the visits of today's date, and any window that holds the present moment or is still being worked.
  const isToday = (visit: Visit) =>
    visit.service_date === today ||
    visit.status === 'IN_PROGRESS' ||
    (new Date(visit.starts_at) <= now && new Date(visit.ends_at) > now);
  const todays = visits.filter(isToday);
  const upcoming = visits.filter((visit) => !isToday(visit) && visit.service_date > today);
  const past = visits.filter((visit) => !isToday(visit) && visit.service_date < today).reverse();

  const card = (visit: Visit, showDay: boolean) => (
    <VisitCard
      key={visit.id}
      visit={visit}
      api={api}
      now={now}
      showDay={showDay}
      onChange={replace}
      onCalledOut={calledOut}
    />
  );

  return (
    <PrivatePage title="Work schedule" description={`Times are in ${timeZone.replace(/_/g, ' ')} time.`}>
      <Messages>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </Messages>

      <VisitSection title={`Today, ${dayInWords(today)}`} empty="No visits today">
        {todays.map((visit) => card(visit, visit.service_date !== today))}
      </VisitSection>
      <VisitSection title="Upcoming" empty="No upcoming visits">
        {upcoming.map((visit) => card(visit, true))}
      </VisitSection>

      <Section aria-labelledby="open-visits-title">
        <h2 id="open-visits-title">Open visits</h2>
        {openVisits === null ? (
          <p role="status">Loading…</p>
        ) : openVisits.length === 0 ? (
          <EmptyState
            title="No open visits"
            description="Visits that need a caregiver and fit your position show here."
          />
        ) : (
          <CardList>
            {openVisits.map((visit) => (
              <li key={visit.id}>
                <OpenVisitCard
                  visit={visit}
                  asked={visit.requested_by.some((person) => person.id === user?.id)}
                  onAsk={async () => {
                    const answer = await api.visits_request_create({ id: visit.id });
                    setOpenVisits((rows) => rows?.map((row) => (row.id === answer.id ? answer : row)) ?? rows);
                  }}
                />
              </li>
            ))}
          </CardList>
        )}
      </Section>

      <MyHours today={today} />

      <VisitSection title="Past two weeks" empty="No visits in the past two weeks">
        {past.map((visit) => card(visit, true))}
      </VisitSection>
    </PrivatePage>
  );
}

export default WorkSchedulePage;
