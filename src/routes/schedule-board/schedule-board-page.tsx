import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useApiClient } from '../../app/api-client';
import { addDays, dateIn, formatDay, isIsoDate } from '../../domain/dates';
import { VISIT_STATUSES, WEEKDAYS, weekdayOf, windowIn, type VisitStatus } from '../../domain/visits';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { Button, TextLink } from '../../ui/button';
import { pageRangeText } from '../../ui/data-table';
import { PageButtons } from '../../ui/page-buttons';
import { EmptyState } from '../../ui/empty-state';
import { SearchField } from '../../ui/search-field';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { Filters, Messages, Panel, RowActions } from '../../ui/layout';
import { ToggleGroup } from '../../ui/tab-strip';
import { PrivatePage } from '../../app/page-shell';
import { formatMinutes, serviceLabel } from '../../domain/visit-text';
import { VisitForm } from '../../app/visits/visit-form';
import { type Board, type BoardVisit } from '../../api/visits';
import { visuallyHidden } from '../../ui/visually-hidden';

/** Rows (caregivers or clients) a page of the board shows. */
export const BOARD_PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

type By = 'caregiver' | 'client';

/** Where a visit of the board leads: its client's Visits tab, at the visit's week. */
export const visitLink = (visit: Pick<BoardVisit, 'client' | 'service_date'>) =>
  `/clients/${visit.client.id}/visits?week=${visit.service_date}`;

type ChipTone = 'primary' | 'warning' | 'success' | 'error';

/** The board's states (the server leaves cancelled visits out of it). */
const STATUS_COLOURS: Partial<Record<VisitStatus, ChipTone>> = {
  OPEN: 'warning',
  SCHEDULED: 'primary',
  IN_PROGRESS: 'warning',
  COMPLETED: 'success',
  VERIFIED: 'success',
  MISSED: 'error',
};

const Scroller = styled.div`
  overflow-x: auto;
  background: ${({ theme }) => theme.palette.background.surface};
  border: 1px solid ${({ theme }) => theme.palette.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.palette.focus};
    outline-offset: 2px;
  }
`;

const Grid = styled.table`
  width: 100%;
  min-width: 900px;
  border-collapse: separate;
  border-spacing: 0;
  table-layout: fixed;
  caption {
    ${visuallyHidden}
  }
  th,
  td {
    padding: ${({ theme }) => theme.spacing(0.75)};
    border-bottom: 1px solid ${({ theme }) => theme.palette.grey[200]};
    border-left: 1px solid ${({ theme }) => theme.palette.grey[200]};
    vertical-align: top;
    text-align: left;
  }
  thead th {
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: 600;
    color: ${({ theme }) => theme.palette.text.secondary};
    background: ${({ theme }) => theme.palette.grey[50]};
  }
  thead th[data-today='true'] {
    color: ${({ theme }) => theme.palette.text.primary};
    box-shadow: inset 0 -3px 0 ${({ theme }) => theme.palette.primaryText};
  }
  td[data-today='true'] {
    background: ${({ theme }) => theme.palette.grey[50]};
  }
  /* the name column stays in view while the week scrolls sideways (a phone) */
  th:first-of-type {
    position: sticky;
    left: 0;
    z-index: 1;
    width: 150px;
    border-left: 0;
    background: ${({ theme }) => theme.palette.background.surface};
    box-shadow: 1px 0 0 ${({ theme }) => theme.palette.grey[300]};
    overflow-wrap: anywhere;
  }
  thead th:first-of-type {
    background: ${({ theme }) => theme.palette.grey[50]};
  }
  tbody th {
    font-weight: 600;
    a {
      color: ${({ theme }) => theme.palette.text.primary};
    }
    small {
      display: block;
      font-weight: 400;
      color: ${({ theme }) => theme.palette.text.secondary};
    }
  }
  .booked {
    width: 76px;
    text-align: right;
    white-space: nowrap;
  }
  tbody tr:last-of-type th,
  tbody tr:last-of-type td {
    border-bottom: 0;
  }
  ${({ theme }) => theme.mq.down('sm')} {
    th:first-of-type {
      width: 112px;
    }
  }
`;

const ChipList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const OpenList = styled(ChipList)`
  flex-direction: row;
  flex-wrap: wrap;
  gap: 8px;
  li {
    flex: 0 1 240px;
  }
`;

const ChipLink = styled(Link, { shouldForwardProp: (prop) => prop !== 'tone' && prop !== 'attention' })<{
  tone: ChipTone;
  attention: boolean;
}>(({ theme, tone, attention }) => ({
  display: 'block',
  padding: '3px 6px',
  borderRadius: theme.radii.sm,
  border: `1px solid ${attention ? theme.palette.warning.main : theme.palette.grey[200]}`,
  borderLeft: `4px solid ${tone === 'primary' ? theme.palette.primaryText : theme.palette[tone].main}`,
  background: attention ? theme.palette.warning.surface : theme.palette.background.surface,
  color: theme.palette.text.primary,
  fontSize: theme.font.size.sm,
  lineHeight: 1.3,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  '& .time': { fontWeight: 600 },
  '& .state': { display: 'block', color: theme.palette.text.secondary, fontSize: '0.75rem' },
  '& .mark': { fontWeight: 700, color: theme.palette.warning.main },
  '&:hover': { borderColor: theme.palette.grey[400] },
  '&:focus-visible': { outline: `3px solid ${theme.palette.focus}`, outlineOffset: 1 },
}));

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(1)};
  margin-top: ${({ theme }) => theme.spacing(1.5)};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.palette.text.secondary};
`;

const shortDay = (day: string) => `${WEEKDAYS[weekdayOf(day)].slice(0, 3)}, ${formatDay(day).replace(/, \d{4}$/, '')}`;

/** One visit of the board: its time in the organization's zone, the other party, its state, and what needs the office's eye. */
function VisitChip({
  visit,
  by,
  timeZone,
  showDay = false,
}: {
  visit: BoardVisit;
  by: By;
  timeZone: string;
  showDay?: boolean;
}) {
  const span = windowIn(timeZone, visit.starts_at, visit.ends_at, (at) => dateIn(timeZone, at));
  const party = by === 'caregiver' ? visit.client.name : (visit.caregiver?.name ?? 'Open');
  const attention = visit.open_exceptions > 0;
  const marks = [
    attention ? `${visit.open_exceptions} ${visit.open_exceptions === 1 ? 'exception' : 'exceptions'}` : null,
    visit.changed ? 'changed' : null,
    visit.status === 'OPEN' && visit.requests > 0
      ? `${visit.requests} ${visit.requests === 1 ? 'request' : 'requests'}`
      : null,
  ].filter(Boolean);
  return (
    <ChipLink to={visitLink(visit)} tone={STATUS_COLOURS[visit.status] ?? 'primary'} attention={attention}>
      <span className="time">
        {showDay ? `${shortDay(visit.service_date)} · ` : null}
        {span}
      </span>{' '}
      <span>{showDay ? `${visit.client.name} · ${serviceLabel(visit.service)}` : party}</span>
      <span className="state">
        {VISIT_STATUSES[visit.status]}
        {marks.length ? (
          <>
            {' · '}
            <span className={attention ? 'mark' : undefined}>{marks.join(', ')}</span>
          </>
        ) : null}
      </span>
    </ChipLink>
  );
}

/**
 * /clients/schedule: the office's schedule board, a week by caregiver or by client, with the week's open visits.
 * It loads on its own rather than through useList: the answer is a week laid out by day (its dates, time zone and
 * open visits around the rows), and its week, rows and search live in the address, not in the list's state.
 */
export function ScheduleBoardPage() {
  const api = useApiClient();
  // The week, the rows and the search live in the address (?week=YYYY-MM-DD&by=client&search=…): Back, a
  // reload and a link keep them.
  const [params, setParams] = useSearchParams();
  const by: By = params.get('by') === 'client' ? 'client' : 'caregiver';
  const asked = params.get('week') ?? '';
  /** null: the server's current week. */
  const week = isIsoDate(asked) ? asked : null;
  const query = (params.get('search') ?? '').trim();
  const [thisWeek, setThisWeek] = useState<string | null>(null);
  /** The search box's text; the address takes it once typing pauses. */
  const [search, setSearch] = useState(query);
  /** The page of rows, for the week, rows and search it was chosen on (another of them starts at the first page). */
  const view = `${by}|${week ?? ''}|${query}`;
  const [paging, setPaging] = useState({ view, offset: 0 });
  const offset = paging.view === view ? paging.offset : 0;
  const setOffset = (next: number) => setPaging({ view, offset: next });

  /** Changes the address: a week or the rows are a step Back returns from; the search replaces it as one types. */
  const navigate = (changes: { week?: string | null; by?: By; search?: string }, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const set = (name: string, value: string | null | undefined) =>
          value ? next.set(name, value) : next.delete(name);
        if ('week' in changes) set('week', changes.week);
        if ('by' in changes) set('by', changes.by === 'client' ? 'client' : null);
        if ('search' in changes) set('search', changes.search);
        return next;
      },
      { replace },
    );

  const typed = useDebouncedValue(search.trim(), SEARCH_DELAY_MS, (value) => {
    if (value !== query) navigate({ search: value }, true);
  });
  // Back (or a link) changed the search: the box shows it.
  useEffect(() => {
    if (query !== typed) setSearch(query);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the search in the address only: what is being typed is not undone
  }, [query]);
  const [board, setBoard] = useState<Board | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [booking, setBooking] = useState(false);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let active = true;
    setLoading(true);
    setError(null);
    api
      .visits_board_retrieve({
        by,
        ...(week ? { week } : {}),
        ...(query ? { search: query } : {}),
        limit: BOARD_PAGE_SIZE,
        offset,
      })
      .then((answer) => {
        if (!active) return;
        setBoard(answer);
        if (!week) setThisWeek(answer.week_start);
      })
      .catch((failure: unknown) => {
        if (active) setError(apiErrorDetail(failure, 'The schedule could not be loaded.'));
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
  }, [api, by, week, query, offset, reloads]);

  const timeZone = board?.timezone ?? 'UTC';
  const today = dateIn(timeZone, new Date());
  const weekStart = board?.week_start ?? week;
  const move = (days: number) => {
    if (!weekStart) return;
    navigate({ week: addDays(weekStart, days) });
  };
  const party = by === 'caregiver' ? 'Caregiver' : 'Client';
  const rowLink = (id: number) =>
    (by === 'caregiver' ? `/employees/${id}/schedule` : `/clients/${id}/visits`) +
    (weekStart ? `?week=${weekStart}` : '');
  const attention = board
    ? board.rows.reduce((sum, row) => sum + row.visits.filter((visit) => visit.open_exceptions > 0).length, 0)
    : 0;

  return (
    <PrivatePage
      title="Schedule board"
      description={board ? `Times are in ${board.timezone.replace(/_/g, ' ')} time.` : undefined}
      actions={
        <Button
          aria-expanded={booking}
          aria-controls={booking ? 'board-booking' : undefined}
          onClick={() => setBooking((open) => !open)}
        >
          {booking ? 'Close the booking form' : 'Book a visit'}
        </Button>
      }
    >
      {booking ? (
        <div id="board-booking">
          <VisitForm onBooked={() => setReloads((count) => count + 1)} />
        </div>
      ) : null}

      <ToggleGroup
        label="Rows"
        value={by}
        options={[
          { value: 'caregiver', label: 'By caregiver' },
          { value: 'client', label: 'By client' },
        ]}
        onChange={(next) => navigate({ by: next })}
      />
      <Filters>
        <SearchField
          label={`Search ${by === 'caregiver' ? 'caregivers' : 'clients'}`}
          hint="The beginning of a first or last name."
          value={search}
          onChange={setSearch}
        />
      </Filters>

      <h2 css={{ margin: '0 0 8px', fontSize: '1.125rem' }}>
        {weekStart ? `Week of ${formatDay(weekStart)} – ${formatDay(addDays(weekStart, 6))}` : 'This week'}
      </h2>
      <RowActions css={{ marginBottom: 16 }}>
        <Button size="sm" variant="secondary" disabled={!weekStart} onClick={() => move(-7)}>
          Previous week
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={!week || weekStart === thisWeek}
          onClick={() => navigate({ week: null })}
        >
          This week
        </Button>
        <Button size="sm" variant="secondary" disabled={!weekStart} onClick={() => move(7)}>
          Next week
        </Button>
      </RowActions>

      <Messages>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {attention ? (
          <Alert tone="warning">
            {attention} {attention === 1 ? 'visit needs' : 'visits need'} attention on this page (a late, missing or
            away clock, an overlap or a dispute).{' '}
            <TextLink to="/clients/visit-exceptions">Open the exceptions queue</TextLink>
          </Alert>
        ) : null}
      </Messages>

      {board ? (
        <Panel aria-labelledby="open-visits-title">
          <h2 id="open-visits-title">Open visits this week ({board.open.length})</h2>
          {board.open.length ? (
            <OpenList aria-label="Open visits">
              {board.open.map((visit) => (
                <li key={visit.id}>
                  <VisitChip visit={visit} by={by} timeZone={timeZone} showDay />
                </li>
              ))}
            </OpenList>
          ) : (
            <p css={{ margin: 0 }}>Every visit of the week has a caregiver.</p>
          )}
        </Panel>
      ) : null}

      {board ? (
        board.rows.length ? (
          <>
            <Scroller tabIndex={0} role="region" aria-label={`Week by ${by}`} aria-busy={loading || undefined}>
              <Grid>
                <caption>
                  Schedule by {by}, week of {formatDay(board.week_start)}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{party}</th>
                    {board.days.map((day) => (
                      <th key={day} scope="col" data-today={day === today}>
                        {WEEKDAYS[weekdayOf(day)].slice(0, 3)}
                        <br />
                        {formatDay(day).replace(/, \d{4}$/, '')}
                      </th>
                    ))}
                    <th scope="col" className="booked">
                      Booked
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {board.rows.map((row) => (
                    <tr key={row.id}>
                      <th scope="row">
                        <Link to={rowLink(row.id)}>{row.name}</Link>
                        {row.detail ? <small>{row.detail}</small> : null}
                      </th>
                      {board.days.map((day) => {
                        const visits = row.visits.filter((visit) => visit.service_date === day);
                        return (
                          <td key={day} data-today={day === today}>
                            {visits.length ? (
                              <ChipList>
                                {visits.map((visit) => (
                                  <li key={visit.id}>
                                    <VisitChip visit={visit} by={by} timeZone={timeZone} />
                                  </li>
                                ))}
                              </ChipList>
                            ) : null}
                          </td>
                        );
                      })}
                      <td className="booked">{formatMinutes(row.minutes)}</td>
                    </tr>
                  ))}
                </tbody>
              </Grid>
            </Scroller>
            {board.count > BOARD_PAGE_SIZE ? (
              <Pager aria-label="Pagination">
                <span aria-live="polite">{pageRangeText(BOARD_PAGE_SIZE, offset, board.count)}</span>
                <RowActions>
                  <PageButtons
                    limit={BOARD_PAGE_SIZE}
                    offset={offset}
                    count={board.count}
                    onOffsetChange={setOffset}
                    disabled={loading}
                  />
                </RowActions>
              </Pager>
            ) : null}
          </>
        ) : (
          <EmptyState
            title={
              query
                ? `No ${by === 'caregiver' ? 'caregivers' : 'clients'} match “${query}”`
                : by === 'caregiver'
                  ? 'No READY caregivers'
                  : 'No clients under care'
            }
            description={by === 'caregiver' ? 'Caregivers show here once their onboarding is finished.' : undefined}
          />
        )
      ) : loading ? (
        <p role="status">Loading…</p>
      ) : null}
    </PrivatePage>
  );
}

export default ScheduleBoardPage;
