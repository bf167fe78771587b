import { Formik } from 'formik';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as yup from 'yup';
import { useApiClient } from '../api-client';
import { useOrganization } from '../organization';
import { addDays, dateIn, formatDay, isIsoDate } from '../../domain/dates';
import { CANCEL_REASONS, weekStartOf, type CancelReason } from '../../domain/visits';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/confirm-dialog';
import { DialogForm } from '../../ui/dialog-form';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { SelectField, TextAreaField } from '../../ui/fields';
import { SubmitButton } from '../../ui/submit-button';
import { Messages, Panel, RowActions } from '../../ui/layout';
import { Tag, TagList } from '../../ui/tag';
import {
  clientName,
  dayInWords,
  serviceLabel,
  visitWindow,
  workedTimesOf,
  workedTimesText,
} from '../../domain/visit-text';
import { VisitStatusTag } from '../../ui/visit-status-tag';
import { WEEK_LIMIT, WEEK_STARTS_ON, type Visit } from '../../api/visits';

const CANCEL_OPTIONS = (Object.entries(CANCEL_REASONS) as [CancelReason, string][]).map(([value, label]) => ({
  value,
  label,
}));

const cancelSchema = yup.object({
  reason: yup
    .string()
    .oneOf(Object.keys(CANCEL_REASONS), 'Choose why the visit is cancelled.')
    .required('Choose why the visit is cancelled.'),
  note: yup.string().max(2000, 'Keep the note under 2,000 characters.'),
});

export interface VisitWeekProps {
  /** Whose visits: one client's or one caregiver's. */
  filter: { client_id: number } | { caregiver_id: number };
  /** The column that names the other party: the caregiver (a client's visits) or the client (a caregiver's). */
  party: 'caregiver' | 'client';
  /** The table's accessible name. */
  caption: string;
  /** Changes when visits were booked elsewhere on the page: the week reloads. */
  reloadKey?: number;
}

/** The visits of one week (previous/next), each with Cancel, and Assign for each caregiver who asked for an Open one. */
export function VisitWeek({ filter, party, caption, reloadKey = 0 }: VisitWeekProps) {
  const api = useApiClient();
  const { organization } = useOrganization();
  const timeZone = organization?.timezone || 'UTC';
  const thisWeek = weekStartOf(dateIn(timeZone, new Date()), WEEK_STARTS_ON);
  // `?week=YYYY-MM-DD` (a link from the schedule board): that day's week first.
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('week') ?? '';
  const [weekStart, setWeekStart] = useState(() => (isIsoDate(asked) ? weekStartOf(asked, WEEK_STARTS_ON) : thisWeek));
  const [visits, setVisits] = useState<Visit[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<Visit | null>(null);
  const [assigning, setAssigning] = useState<number | null>(null);
  const weekEnd = addDays(weekStart, 6);
  const filterKey = JSON.stringify(filter);

  useEffect(() => {
    let active = true;
    setLoading(true);
    setError(null);
    api
      .visits_list({ ...filter, from: weekStart, to: weekEnd, ordering: 'starts_at', limit: WEEK_LIMIT })
      .then((answer) => {
        if (active) setVisits(answer.results);
      })
      .catch((failure: unknown) => {
        if (active) {
          setVisits([]);
          setError(apiErrorDetail(failure, 'The visits could not be loaded.'));
        }
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filter counts by its content (filterKey), and weekEnd follows weekStart
  }, [api, filterKey, weekStart, reloadKey]);

  const replace = (next: Visit) => setVisits((rows) => rows.map((row) => (row.id === next.id ? next : row)));
  const when = (visit: Visit) => `${dayInWords(visit.service_date)}, ${visitWindow(visit)}`;

  const assign = async (visit: Visit, caregiver: { id: number; name: string }) => {
    setNotice(null);
    setError(null);
    setAssigning(visit.id);
    try {
      replace(await api.visits_partial_update({ id: visit.id }, { caregiver_id: caregiver.id }));
      setNotice(`${caregiver.name} now has the visit of ${when(visit)}.`);
    } catch (failure) {
      setError(apiErrorDetail(failure, 'The visit could not be assigned.'));
    } finally {
      setAssigning(null);
    }
  };

  const columns: DataTableColumn<Visit>[] = [
    { key: 'day', header: 'Day', render: (row) => dayInWords(row.service_date) },
    { key: 'time', header: 'Time', render: (row) => visitWindow(row) },
    party === 'caregiver'
      ? {
          key: 'caregiver',
          header: 'Caregiver',
          render: (row) =>
            row.caregiver ? (
              row.caregiver.name
            ) : (
              <TagList>
                <Tag tone="warning">Open</Tag>
                {row.requested_by.length ? (
                  <span>Asked by {row.requested_by.map((person) => person.name).join(', ')}</span>
                ) : null}
              </TagList>
            ),
        }
      : { key: 'client', header: 'Client', render: (row) => clientName(row) },
    { key: 'service', header: 'Service', render: (row) => serviceLabel(row.service) },
    { key: 'worked', header: 'Worked', render: (row) => workedTimesText(row.timezone, workedTimesOf(row)) ?? '—' },
    {
      key: 'status',
      header: 'Status',
      render: (row) => (
        <TagList>
          <VisitStatusTag status={row.status} />
          {row.cancel_reason ? <span>{CANCEL_REASONS[row.cancel_reason]}</span> : null}
          {row.exceptions.some((exception) => !exception.resolved_at) ? <Tag tone="warning">Exception</Tag> : null}
        </TagList>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      hideLabelOnCards: true,
      render: (row) =>
        row.status === 'OPEN' || row.status === 'SCHEDULED' ? (
          <RowActions>
            {row.status === 'OPEN'
              ? row.requested_by.map((person) => (
                  <Button
                    key={person.id}
                    size="sm"
                    disabled={assigning === row.id}
                    onClick={() => void assign(row, person)}
                  >
                    Assign {person.name}
                  </Button>
                ))
              : null}
            <Button size="sm" variant="secondary" onClick={() => setCancelling(row)}>
              Cancel
            </Button>
          </RowActions>
        ) : null,
    },
  ];

  return (
    <Panel aria-labelledby="visit-week-title">
      <h2 id="visit-week-title">
        Week of {formatDay(weekStart)} – {formatDay(weekEnd)}
      </h2>
      <RowActions css={{ marginBottom: 16 }}>
        <Button size="sm" variant="secondary" onClick={() => setWeekStart(addDays(weekStart, -7))}>
          Previous week
        </Button>
        <Button size="sm" variant="secondary" disabled={weekStart === thisWeek} onClick={() => setWeekStart(thisWeek)}>
          This week
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setWeekStart(addDays(weekStart, 7))}>
          Next week
        </Button>
      </RowActions>
      <Messages>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </Messages>
      <DataTable
        caption={caption}
        columns={columns}
        rows={visits}
        rowKey={(row) => row.id}
        loading={loading}
        empty={<EmptyState title="No visits this week" description="Book a visit below, or look at another week." />}
      />

      {cancelling ? (
        <Dialog title="Cancel the visit" onClose={() => setCancelling(null)}>
          <p>
            {when(cancelling)}: {clientName(cancelling)}
            {cancelling.caregiver ? ` with ${cancelling.caregiver.name}` : ' (open)'}.
          </p>
          <Formik
            initialValues={{ reason: '', note: '' }}
            validationSchema={cancelSchema}
            onSubmit={async (values, { setStatus }) => {
              setStatus(null);
              try {
                const note = values.note.trim();
                const answer = await api.visits_cancel_create(
                  { id: cancelling.id },
                  { reason: values.reason as CancelReason, ...(note ? { note } : {}) },
                );
                replace(answer);
                setCancelling(null);
                setNotice(`The visit of ${when(answer)} was cancelled.`);
              } catch (failure) {
                setStatus(apiErrorDetail(failure, 'The visit could not be cancelled.'));
              }
            }}
          >
            <DialogForm
              label="Why the visit is cancelled"
              actions={
                <>
                  <Button variant="secondary" onClick={() => setCancelling(null)}>
                    Keep the visit
                  </Button>
                  <SubmitButton variant="danger" submittingLabel="Cancelling" errorsOnSubmit>
                    Cancel the visit
                  </SubmitButton>
                </>
              }
            >
              <SelectField
                name="reason"
                label="Reason"
                placeholder="Choose a reason"
                options={CANCEL_OPTIONS}
                data-autofocus
              />
              <TextAreaField name="note" label="Note (optional)" />
            </DialogForm>
          </Formik>
        </Dialog>
      ) : null}
    </Panel>
  );
}
