import { Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { useOrganization } from '../../app/organization';
import { useList } from '../../app/use-list';
import { maskedDate, wallTime } from '../../app/visits/visit-form';
import { addDays, dateIn, zonedTime } from '../../domain/dates';
import {
  CORRECTION_REASONS,
  EXCEPTION_CODES,
  RESOLUTIONS,
  timeIn,
  weekStartOf,
  type CorrectionReason,
  type ExceptionCode,
} from '../../domain/visits';
import { Alert } from '../../ui/alert';
import { apiErrorDetail, apiErrorStatus, apiFieldErrors } from '../../ui/api-error';
import { Button, TextLink } from '../../ui/button';
import { Dialog } from '../../ui/confirm-dialog';
import { DialogForm } from '../../ui/dialog-form';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { FilterSelect, SelectField, TextAreaField, TextField } from '../../ui/fields';
import { DateField } from '../../ui/masked-input';
import { CsvDownloadButton } from '../../ui/csv-download-button';
import { SubmitButton } from '../../ui/submit-button';
import { isoToMaskedDate, maskedToIsoDate } from '../../api/hiring';
import { Filters, Messages, Panel, RowActions, TwoColumns } from '../../ui/layout';
import { PeriodFields, periodProblem } from '../../ui/period-fields';
import { Tag, TagList } from '../../ui/tag';
import { ToggleGroup } from '../../ui/tab-strip';
import { PrivatePage } from '../../app/page-shell';
import { clientName, dayInWords, serviceLabel, visitWindow, workedTimesText } from '../../domain/visit-text';
import { WEEK_STARTS_ON, type VisitExceptionItem } from '../../api/visits';

export const EXCEPTIONS_PAGE_SIZE = 20;

type View = 'open' | 'resolved';

const REASON_OPTIONS = (Object.entries(CORRECTION_REASONS) as [CorrectionReason, string][]).map(([value, label]) => ({
  value,
  label,
}));

interface CorrectValues {
  correction_reason: string;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  note: string;
}

const correctSchema = yup.object({
  correction_reason: yup
    .string()
    .oneOf(Object.keys(CORRECTION_REASONS), 'Choose why the times are corrected.')
    .required('Choose why the times are corrected.'),
  start_date: maskedDate('Enter the day the visit started.'),
  start_time: wallTime('Enter when the visit started.'),
  end_date: maskedDate('Enter the day the visit ended.'),
  end_time: wallTime('Enter when the visit ended.'),
  note: yup
    .string()
    .max(2000, 'Keep the note under 2,000 characters.')
    .test('other', 'Say what happened: the reason "Other" needs a note.', function check(value) {
      return (this.parent as CorrectValues).correction_reason !== 'OTHER' || !!value?.trim();
    }),
});

/** The server's field names → the correction form's. */
const CORRECT_FIELDS = { corrected_start_at: 'start_time', corrected_end_at: 'end_time' } as const;

/** `09:22` of an instant in the zone, or a dash. */
const clockText = (timeZone: string, at: string | null) => (at ? timeIn(timeZone, at) : '—');

const visitWhen = (row: VisitExceptionItem, timeZone: string) =>
  `${dayInWords(row.visit.service_date)}, ${visitWindow({ timezone: timeZone, starts_at: row.visit.starts_at, ends_at: row.visit.ends_at })}`;

/** /clients/visit-exceptions: the office's exceptions queue (approve, or correct the times with a reason), the resolved ones, and the EVV export. */
export function VisitExceptionsPage() {
  const api = useApiClient();
  const { organization } = useOrganization();
  const timeZone = organization?.timezone || 'UTC';
  const list = useList({
    load: (page, { view, code }) =>
      api.visit_exceptions_list({
        resolved: view === 'resolved',
        ...(code ? { code: code as ExceptionCode } : {}),
        ...page,
      }),
    pageSize: EXCEPTIONS_PAGE_SIZE,
    filters: { view: 'open', code: '' },
    failureText: 'The exceptions could not be loaded.',
  });
  const { rows, setRows, setCount, offset, setOffset } = list;
  const view = list.filters.view as View;
  const [notice, setNotice] = useState<string | null>(null);
  const [approving, setApproving] = useState<VisitExceptionItem | null>(null);
  const [correcting, setCorrecting] = useState<VisitExceptionItem | null>(null);

  /** A resolved exception leaves the queue (the page refills from the server). */
  const resolved = (row: VisitExceptionItem, text: string) => {
    setApproving(null);
    setCorrecting(null);
    setNotice(text);
    setRows((current) => current.filter((other) => other.id !== row.id));
    setCount((current) => Math.max(0, current - 1));
    if (rows.length === 1 && offset > 0) setOffset(Math.max(0, offset - EXCEPTIONS_PAGE_SIZE));
    else list.reload();
  };

  const what = (row: VisitExceptionItem) =>
    `${EXCEPTION_CODES[row.code]} of ${clientName(row.visit)} on ${dayInWords(row.visit.service_date)}`;

  const common: DataTableColumn<VisitExceptionItem>[] = [
    { key: 'code', header: 'Exception', render: (row) => <strong>{EXCEPTION_CODES[row.code] ?? row.code}</strong> },
    {
      key: 'visit',
      header: 'Visit',
      render: (row) => `${visitWhen(row, timeZone)} · ${serviceLabel(row.visit.service)}`,
    },
    {
      key: 'client',
      header: 'Client',
      render: (row) => (
        <TextLink to={`/clients/${row.visit.client.id}/visits?week=${row.visit.service_date}`}>
          {clientName(row.visit)}
        </TextLink>
      ),
    },
    {
      key: 'caregiver',
      header: 'Caregiver',
      render: (row) => row.visit.caregiver?.name ?? <Tag tone="warning">Open</Tag>,
    },
    { key: 'times', header: 'Times', render: (row) => workedTimesText(timeZone, row.visit) ?? 'Not clocked' },
    { key: 'detail', header: 'Detail', render: (row) => row.detail || '—' },
  ];

  const columns: DataTableColumn<VisitExceptionItem>[] =
    view === 'open'
      ? [
          ...common,
          {
            key: 'actions',
            header: 'Actions',
            hideLabelOnCards: true,
            render: (row) => (
              <RowActions>
                <Button size="sm" onClick={() => setApproving(row)} aria-label={`Approve: ${what(row)}`}>
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setCorrecting(row)}
                  aria-label={`Correct times: ${what(row)}`}
                >
                  Correct times
                </Button>
              </RowActions>
            ),
          },
        ]
      : [
          ...common,
          {
            key: 'resolution',
            header: 'Resolution',
            render: (row) => (
              <TagList>
                <Tag tone={row.resolution === 'CORRECTED' ? 'warning' : 'success'}>
                  {row.resolution ? RESOLUTIONS[row.resolution] : '—'}
                </Tag>
                {row.resolution_note ? <span>{row.resolution_note}</span> : null}
              </TagList>
            ),
          },
          {
            key: 'resolved_by',
            header: 'Resolved',
            render: (row) =>
              row.resolved_at
                ? `${row.resolved_by?.name ?? 'Someone'}, ${dayInWords(dateIn(timeZone, new Date(row.resolved_at)))} ${timeIn(timeZone, row.resolved_at)}`
                : '—',
          },
        ];

  return (
    <PrivatePage
      title="Visit exceptions"
      description={`Approve what was recorded, or correct the times with a reason: the original clocks are kept. Times are in ${timeZone.replace(/_/g, ' ')} time.`}
      actions={<TextLink to="/clients/schedule">Schedule board</TextLink>}
    >
      <ToggleGroup
        label="Exceptions"
        value={view}
        options={[
          { value: 'open', label: 'Open' },
          { value: 'resolved', label: 'Resolved' },
        ]}
        onChange={(next) => {
          list.setFilter('view')(next);
          setNotice(null);
        }}
      />
      <Filters>
        <FilterSelect
          label="Exception"
          all="All exceptions"
          value={list.filters.code}
          options={EXCEPTION_CODES}
          onChange={list.setFilter('code')}
        />
      </Filters>
      <Messages>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {list.error ? <Alert tone="error">{list.error}</Alert> : null}
      </Messages>
      <DataTable
        caption={view === 'open' ? 'Open exceptions' : 'Resolved exceptions'}
        columns={columns}
        {...list.table}
        // a page that failed to load shows no rows beside the error
        rows={list.error ? [] : rows}
        rowKey={(row) => row.id}
        empty={
          view === 'open' ? (
            <EmptyState
              title="No open exceptions"
              description="Late, missing or away clocks, overlaps and clients' disputes show here."
            />
          ) : (
            <EmptyState title="No resolved exceptions" />
          )
        }
      />

      <EvvExportPanel timeZone={timeZone} />

      {approving ? (
        <Dialog title="Approve the exception" onClose={() => setApproving(null)}>
          <ExceptionSummary row={approving} timeZone={timeZone} />
          <Formik
            initialValues={{ note: '' }}
            validationSchema={yup.object({ note: yup.string().max(2000, 'Keep the note under 2,000 characters.') })}
            onSubmit={async (values, { setStatus }) => {
              setStatus(null);
              try {
                const note = values.note.trim();
                await api.visit_exceptions_resolve_create(
                  { id: approving.id },
                  { resolution: 'APPROVED', ...(note ? { note } : {}) },
                );
                resolved(approving, `Approved: ${what(approving)}.`);
              } catch (failure) {
                setStatus(apiErrorDetail(failure, 'The exception could not be approved.'));
              }
            }}
          >
            <DialogForm
              label="Approve the exception"
              actions={
                <>
                  <Button variant="secondary" onClick={() => setApproving(null)}>
                    Close
                  </Button>
                  <SubmitButton submittingLabel="Approving">Approve</SubmitButton>
                </>
              }
            >
              <TextAreaField name="note" label="Note (optional)" data-autofocus />
            </DialogForm>
          </Formik>
        </Dialog>
      ) : null}

      {correcting ? (
        <Dialog title="Correct the times" onClose={() => setCorrecting(null)} wide>
          <ExceptionSummary row={correcting} timeZone={timeZone} />
          <CorrectForm
            row={correcting}
            timeZone={timeZone}
            onCancel={() => setCorrecting(null)}
            onCorrect={async (body) => {
              await api.visit_exceptions_resolve_create({ id: correcting.id }, body);
              resolved(correcting, `Corrected: ${what(correcting)}.`);
            }}
          />
        </Dialog>
      ) : null}
    </PrivatePage>
  );
}

function ExceptionSummary({ row, timeZone }: { row: VisitExceptionItem; timeZone: string }) {
  return (
    <p css={{ marginTop: 0 }}>
      <strong>{EXCEPTION_CODES[row.code]}</strong>: {visitWhen(row, timeZone)}, {clientName(row.visit)}
      {row.visit.caregiver ? ` with ${row.visit.caregiver.name}` : ''}. Clocked in{' '}
      {clockText(timeZone, row.visit.clock_in_at)}, out {clockText(timeZone, row.visit.clock_out_at)}.
      {row.detail ? ` ${row.detail}` : ''}
    </p>
  );
}

type CorrectBody = {
  resolution: 'CORRECTED';
  correction_reason: CorrectionReason;
  corrected_start_at: string;
  corrected_end_at: string;
  note?: string;
};

/** Correct times: a reason (kept with them), the start and end as local dates and times in the organization's zone. */
function CorrectForm({
  row,
  timeZone,
  onCancel,
  onCorrect,
}: {
  row: VisitExceptionItem;
  timeZone: string;
  onCancel: () => void;
  onCorrect: (body: CorrectBody) => Promise<void>;
}) {
  const start = row.visit.clock_in_at ?? row.visit.starts_at;
  const end = row.visit.clock_out_at ?? row.visit.ends_at;
  const initialValues: CorrectValues = {
    correction_reason: '',
    start_date: isoToMaskedDate(dateIn(timeZone, new Date(start))),
    start_time: timeIn(timeZone, start),
    end_date: isoToMaskedDate(dateIn(timeZone, new Date(end))),
    end_time: timeIn(timeZone, end),
    note: '',
  };
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={correctSchema}
      onSubmit={async (values, { setErrors, setStatus }) => {
        setStatus(null);
        const startsAt = zonedTime(timeZone, maskedToIsoDate(values.start_date) ?? '', values.start_time);
        const endsAt = zonedTime(timeZone, maskedToIsoDate(values.end_date) ?? '', values.end_time);
        if (endsAt <= startsAt) {
          setErrors({ end_time: 'The visit must end after it starts.' });
          return;
        }
        const note = values.note.trim();
        try {
          await onCorrect({
            resolution: 'CORRECTED',
            correction_reason: values.correction_reason as CorrectionReason,
            corrected_start_at: startsAt.toISOString(),
            corrected_end_at: endsAt.toISOString(),
            ...(note ? { note } : {}),
          });
        } catch (failure) {
          const fields =
            apiErrorStatus(failure) === 400
              ? apiFieldErrors(failure, {
                  known: ['correction_reason', 'start_time', 'end_time', 'note'],
                  rename: CORRECT_FIELDS,
                })
              : {};
          if (Object.keys(fields).length) setErrors(fields);
          else setStatus(apiErrorDetail(failure, 'The times could not be corrected.'));
        }
      }}
    >
      <DialogForm
        label="Correct the times"
        actions={
          <>
            <Button variant="secondary" onClick={onCancel}>
              Close
            </Button>
            <SubmitButton submittingLabel="Saving" errorsOnSubmit>
              Correct the times
            </SubmitButton>
          </>
        }
      >
        <SelectField
          name="correction_reason"
          label="Reason"
          placeholder="Choose a reason"
          options={REASON_OPTIONS}
          data-autofocus
        />
        <TwoColumns>
          <DateField name="start_date" label="Started on" />
          <TextField name="start_time" label="Started at" type="time" />
        </TwoColumns>
        <TwoColumns>
          <DateField name="end_date" label="Ended on" />
          <TextField name="end_time" label="Ended at" type="time" />
        </TwoColumns>
        <TextAreaField name="note" label="Note" hint='Required for the reason "Other".' />
      </DialogForm>
    </Formik>
  );
}

/** The EVV export: a period's verified visits as CSV for the state's aggregator. */
function EvvExportPanel({ timeZone }: { timeZone: string }) {
  const api = useApiClient();
  const lastWeek = addDays(weekStartOf(dateIn(timeZone, new Date()), WEEK_STARTS_ON), -7);
  const [from, setFrom] = useState(lastWeek);
  const [to, setTo] = useState(addDays(lastWeek, 6));
  const [error, setError] = useState<string | null>(null);
  const problem = periodProblem(from, to);

  return (
    <Panel aria-labelledby="evv-export-title" css={{ marginTop: 24 }}>
      <h2 id="evv-export-title">EVV export</h2>
      <p css={{ marginTop: 0 }}>
        The period's verified visits as CSV for the state's aggregator: service, client, caregiver, date, locations,
        start and end, and the exception codes.
      </p>
      <Messages>{error ? <Alert tone="error">{error}</Alert> : null}</Messages>
      <PeriodFields label="Export period" from={from} to={to} onFromChange={setFrom} onToChange={setTo} />
      <CsvDownloadButton
        label="Download CSV"
        load={() => api.visits_export_retrieve({ from, to }, null, { responseType: 'text' })}
        fileName={`evv-visits-${from}-to-${to}.csv`}
        failureText="The export could not be downloaded."
        onError={setError}
        disabled={!!problem}
      />
    </Panel>
  );
}

export default VisitExceptionsPage;
