import styled from '@emotion/styled';
import { Formik, useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import * as yup from 'yup';
import { useApiClient } from '../api-client';
import { addDays } from '../../domain/dates';
import { MAX_PATTERN_DAYS, positionFits, WEEKDAYS } from '../../domain/visits';
import type { ServiceCode } from '../../domain/clients';
import { Alert } from '../../ui/alert';
import { apiErrorDetail, apiErrorStatus, apiFieldErrors } from '../../ui/api-error';
import { CheckboxField, FieldError, SelectField, StackedForm, TextAreaField, TextField } from '../../ui/fields';
import { DateField, parseMaskedDate } from '../../ui/masked-input';
import { SubmitButton } from '../../ui/submit-button';
import type { Client, ClientService, ClientSummary } from '../../api/clients';
import { maskedToIsoDate, personName, type EmployeeSummary } from '../../api/hiring';
import { Panel, RowActions, TwoColumns } from '../../ui/layout';
import { dayInWords, serviceLabel, visitWindow } from '../../domain/visit-text';
import type { RecurrenceResult, Visit } from '../../api/visits';

/** Lists to pick from in one answer (a small agency has ~120 clients and ~100 caregivers). */
const PICKER_LIMIT = 1000;

interface VisitFormValues {
  client_id: string;
  service_id: string;
  caregiver_id: string;
  date: string;
  start_time: string;
  end_time: string;
  next_day: boolean;
  notes: string;
  repeat: boolean;
  weekdays: boolean[];
  until: string;
}

export const maskedDate = (required: string) =>
  yup
    .string()
    .required(required)
    .test('date', 'Enter a date as dd.mm.yyyy', (value) => !value || !!parseMaskedDate(value));

export const wallTime = (required: string) =>
  yup
    .string()
    .required(required)
    .matches(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Enter a time as HH:MM.');

const visitSchema = yup.object({
  client_id: yup.string().required('Choose the client.'),
  service_id: yup.string().required('Choose the service.'),
  caregiver_id: yup.string(),
  date: maskedDate('Enter the day of the visit.'),
  start_time: wallTime('Enter when the visit starts.'),
  end_time: wallTime('Enter when the visit ends.').test(
    'order',
    'The visit must end after it starts.',
    function check(value) {
      const { start_time: start, next_day: nextDay } = this.parent as VisitFormValues;
      if (!start || !value || nextDay) return true;
      return value > start;
    },
  ),
  next_day: yup.boolean().test('length', 'A visit cannot be longer than 24 hours.', function check(value) {
    const { start_time: start, end_time: end } = this.parent as VisitFormValues;
    return !value || !start || !end || end <= start;
  }),
  notes: yup.string().max(2000, 'Keep the notes under 2,000 characters.'),
  repeat: yup.boolean(),
  weekdays: yup.array(yup.boolean()).test('some', 'Choose at least one day.', function check(value) {
    return !(this.parent as VisitFormValues).repeat || !!value?.some(Boolean);
  }),
  until: yup.string().when('repeat', {
    is: true,
    then: () =>
      maskedDate('Enter the last day of the pattern.').test(
        'order',
        'The pattern must end on or after its first day.',
        function check(value) {
          const first = maskedToIsoDate((this.parent as VisitFormValues).date);
          const last = maskedToIsoDate(value);
          return !first || !last || last >= first;
        },
      ),
  }),
});

const Weekdays = styled.fieldset`
  margin: 0;
  padding: ${({ theme }) => theme.spacing(1, 2, 2)};
  border: 1px solid ${({ theme }) => theme.palette.border};
  border-radius: ${({ theme }) => theme.radii.md};
  min-width: 0;
  legend {
    padding: 0 4px;
    font-weight: 600;
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  & > div {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(130px, 1fr));
    column-gap: ${({ theme }) => theme.spacing(2)};
  }
`;

const ResultList = styled.ul`
  margin: ${({ theme }) => theme.spacing(0.5, 0, 1.5)};
  padding-left: ${({ theme }) => theme.spacing(2.5)};
  li {
    margin: 2px 0;
  }
`;

/** The server's field names → this form's. */
const FIELD_NAMES = { service_date: 'date', starts_on: 'date', end_date: 'next_day' } as const;
const FORM_FIELDS = [
  'client_id',
  'service_id',
  'caregiver_id',
  'date',
  'start_time',
  'end_time',
  'next_day',
  'notes',
  'weekdays',
  'until',
];

/** Loads the chosen client's services when the client is chosen (the caregiver's schedule picks the client first). */
function ClientServicesLoader({ onLoaded }: { onLoaded: (client: Client | null) => void }) {
  const api = useApiClient();
  const { values, setFieldValue } = useFormikContext<VisitFormValues>();
  useEffect(() => {
    let active = true;
    onLoaded(null);
    void setFieldValue('service_id', '', false);
    if (!values.client_id) return;
    api
      .clients_retrieve({ id: Number(values.client_id) })
      .then((client) => {
        if (active) onLoaded(client);
      })
      .catch(() => {
        if (active) onLoaded(null);
      });
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onLoaded is the parent's callback: only another client asks again
  }, [api, setFieldValue, values.client_id]);
  return null;
}

function WeekdayBoxes() {
  const { errors, touched } = useFormikContext<VisitFormValues>();
  const error = touched.weekdays && typeof errors.weekdays === 'string' ? errors.weekdays : null;
  return (
    <Weekdays aria-describedby={error ? 'visit-weekdays-error' : undefined}>
      <legend>Repeat on</legend>
      <div>
        {WEEKDAYS.map((day, index) => (
          <CheckboxField key={day} name={`weekdays.${index}`} label={day} />
        ))}
      </div>
      {error ? <FieldError id="visit-weekdays-error">{error}</FieldError> : null}
    </Weekdays>
  );
}

export interface VisitFormProps {
  /** The client's Visits tab: the client is fixed, the caregiver is chosen (or none: Open). */
  client?: Pick<Client, 'id' | 'first_name' | 'last_name' | 'services'>;
  /** The employee's Schedule tab: the caregiver is fixed, the client and service are chosen. (Neither, on the schedule board: the client, service and caregiver are chosen.) */
  caregiver?: { id: number; first_name: string; last_name: string; position: string | null };
  /** Visits were booked (one, or a pattern's). */
  onBooked: (visits: Visit[]) => void;
}

/** "Book a visit": one visit, or a weekly pattern that reports what it booked and what it skipped and why. */
export function VisitForm({ client, caregiver, onBooked }: VisitFormProps) {
  const api = useApiClient();
  const [caregivers, setCaregivers] = useState<EmployeeSummary[]>([]);
  const [clients, setClients] = useState<ClientSummary[]>([]);
  const [chosenClient, setChosenClient] = useState<Client | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pattern, setPattern] = useState<RecurrenceResult | null>(null);

  useEffect(() => {
    let active = true;
    if (!caregiver) {
      api
        .employees_list({ status: 'READY', ordering: 'last_name', limit: PICKER_LIMIT, offset: 0 })
        .then((answer) => {
          if (active) setCaregivers(answer.results);
        })
        .catch(() => {});
    }
    if (!client) {
      api
        .clients_list({ ordering: 'last_name', limit: PICKER_LIMIT, offset: 0 })
        .then((answer) => {
          if (active) setClients(answer.results.filter((row) => row.status !== 'DISCHARGED'));
        })
        .catch(() => {});
    }
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the pickers load again for another fixed client or caregiver, not for each new object of the same one
  }, [api, client?.id, caregiver?.id]);

  const services = (client?.services ?? chosenClient?.services ?? []).filter(
    (service: ClientService) =>
      service.status === 'ACTIVE' && (!caregiver || positionFits(service.service as ServiceCode, caregiver.position)),
  );

  const initialValues: VisitFormValues = {
    client_id: client ? String(client.id) : '',
    service_id: client && services.length === 1 ? String(services[0].id) : '',
    caregiver_id: caregiver ? String(caregiver.id) : '',
    date: '',
    start_time: '',
    end_time: '',
    next_day: false,
    notes: '',
    repeat: false,
    weekdays: [false, false, false, false, false, false, false],
    until: '',
  };

  return (
    <Panel aria-labelledby="book-visit-title">
      <h2 id="book-visit-title">Book a visit</h2>
      <Formik
        initialValues={initialValues}
        validationSchema={visitSchema}
        onSubmit={async (values, { setErrors, setStatus, resetForm }) => {
          setStatus(null);
          setNotice(null);
          setPattern(null);
          const serviceDate = maskedToIsoDate(values.date) ?? '';
          const caregiverId = values.caregiver_id ? Number(values.caregiver_id) : null;
          const notes = values.notes.trim();
          const common = {
            client_id: Number(values.client_id),
            service_id: Number(values.service_id),
            caregiver_id: caregiverId,
            start_time: values.start_time,
            end_time: values.end_time,
            ...(notes ? { notes } : {}),
          };
          try {
            if (values.repeat) {
              const result = await api.visits_recurrences_create(null, {
                ...common,
                starts_on: serviceDate,
                until: maskedToIsoDate(values.until) ?? '',
                weekdays: values.weekdays.flatMap((on, day) => (on ? [day] : [])),
              });
              setPattern(result);
              onBooked(result.created);
            } else {
              const visit = await api.visits_create(null, {
                ...common,
                service_date: serviceDate,
                ...(values.next_day ? { end_date: addDays(serviceDate, 1) } : {}),
              });
              setNotice(
                `Booked ${dayInWords(visit.service_date)}, ${visitWindow(visit)}${visit.caregiver ? ` with ${visit.caregiver.name}` : ' as an open visit'}.`,
              );
              onBooked([visit]);
            }
            resetForm({
              values: {
                ...initialValues,
                client_id: values.client_id,
                service_id: values.service_id,
                caregiver_id: values.caregiver_id,
              },
            });
          } catch (failure) {
            const fields =
              apiErrorStatus(failure) === 400
                ? apiFieldErrors(failure, { known: FORM_FIELDS, rename: FIELD_NAMES })
                : {};
            if (Object.keys(fields).length) setErrors(fields);
            else setStatus(apiErrorDetail(failure, 'The visit could not be booked.'));
          }
        }}
      >
        {({ values, status }) => {
          const service = services.find((row) => String(row.id) === values.service_id);
          const fitting = caregivers.filter(
            (person) => !service || positionFits(service.service as ServiceCode, person.position),
          );
          return (
            <StackedForm aria-labelledby="book-visit-title">
              {typeof status === 'string' ? <Alert tone="error">{status}</Alert> : null}
              {notice ? <Alert tone="success">{notice}</Alert> : null}
              {!client ? (
                <>
                  <ClientServicesLoader onLoaded={setChosenClient} />
                  <SelectField
                    name="client_id"
                    label="Client"
                    placeholder="Choose a client"
                    options={clients.map((row) => ({ value: String(row.id), label: personName(row) }))}
                  />
                </>
              ) : null}
              <SelectField
                name="service_id"
                label="Service"
                placeholder={
                  values.client_id
                    ? services.length
                      ? 'Choose a service'
                      : 'No active service fits'
                    : 'Choose the client first'
                }
                options={services.map((row) => ({ value: String(row.id), label: serviceLabel(row.service) }))}
              />
              {!caregiver ? (
                <SelectField
                  name="caregiver_id"
                  label="Caregiver"
                  placeholder="None yet: an open visit"
                  hint="READY employees whose position may provide the service."
                  options={fitting.map((person) => ({
                    value: String(person.id),
                    label: `${personName(person)} (${person.position ?? '—'})`,
                  }))}
                />
              ) : null}
              <DateField name="date" label={values.repeat ? 'From' : 'Date'} />
              <TwoColumns>
                <TextField name="start_time" label="Starts" type="time" />
                <TextField name="end_time" label="Ends" type="time" />
              </TwoColumns>
              <CheckboxField name="next_day" label="Ends the next day" />
              <CheckboxField name="repeat" label="Repeat weekly" />
              {values.repeat ? (
                <>
                  <WeekdayBoxes />
                  <DateField
                    name="until"
                    label="Until"
                    hint={`A pattern books at most ${MAX_PATTERN_DAYS} days at once.`}
                  />
                </>
              ) : null}
              <TextAreaField name="notes" label="Notes (optional)" />
              <RowActions>
                <SubmitButton submittingLabel="Booking">
                  {values.repeat ? 'Book the visits' : 'Book the visit'}
                </SubmitButton>
              </RowActions>
            </StackedForm>
          );
        }}
      </Formik>

      {pattern ? (
        <div role="status" aria-labelledby="pattern-result-title" css={{ marginTop: 24 }}>
          <h3 id="pattern-result-title">
            Booked {pattern.created.length} {pattern.created.length === 1 ? 'visit' : 'visits'}
            {pattern.skipped.length
              ? `, skipped ${pattern.skipped.length} ${pattern.skipped.length === 1 ? 'day' : 'days'}`
              : ''}
          </h3>
          {pattern.created.length ? (
            <ResultList aria-label="Booked">
              {pattern.created.map((visit) => (
                <li key={visit.id}>
                  {dayInWords(visit.service_date)}, {visitWindow(visit)}
                </li>
              ))}
            </ResultList>
          ) : null}
          {pattern.skipped.length ? (
            <>
              <p css={{ margin: 0, fontWeight: 600 }}>Skipped</p>
              <ResultList aria-label="Skipped">
                {pattern.skipped.map((day) => (
                  <li key={day.service_date}>
                    {dayInWords(day.service_date)}: {day.reason}
                  </li>
                ))}
              </ResultList>
            </>
          ) : null}
        </div>
      ) : null}
    </Panel>
  );
}
