import { Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import {
  AUTHORIZATION_UNITS,
  ENDING_SOON_DAYS,
  LOW_REMAINING_SHARE,
  SERVICE_STATUSES,
  SERVICES,
  servicesFor,
  type AuthorizationUnit,
  type ServiceCode,
  type ServiceStatus,
} from '../../domain/clients';
import { DEFAULT_LOCALE } from '../../domain/constants';
import { Alert } from '../../ui/alert';
import { apiErrorDetail, showSubmitFailure } from '../../ui/api-error';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { FieldShell, labelOptions, Select, SelectField, StackedForm, TextField } from '../../ui/fields';
import { DateField, parseMaskedDate } from '../../ui/masked-input';
import { SubmitButton } from '../../ui/submit-button';
import { formatCalendarDate, maskedToIsoDate } from '../../api/hiring';
import { Messages, Panel, RowActions, TwoColumns } from '../../ui/layout';
import { Tag, TagList } from '../../ui/tag';
import type { ClientTabProps } from './client-tab-props';
import type { Authorization, ClientService } from '../../api/clients';

export const LOW_REMAINING_TEXT = `Less than ${Math.round(LOW_REMAINING_SHARE * 100)}% remains`;
export const ENDING_SOON_TEXT = `Ends within ${ENDING_SOON_DAYS} days`;

const units = new Intl.NumberFormat(DEFAULT_LOCALE, { maximumFractionDigits: 2 });
const SERVICE_STATUS_OPTIONS = Object.entries(SERVICE_STATUSES) as [ServiceStatus, string][];
const UNIT_OPTIONS = labelOptions(AUTHORIZATION_UNITS);

/** An authorization's warnings in words (the colour only repeats them). */
export function AuthorizationWarnings({
  authorization,
}: {
  authorization: Pick<Authorization, 'low' | 'ending_soon' | 'ended'>;
}) {
  const { low, ending_soon: endingSoon, ended } = authorization;
  if (!low && !endingSoon && !ended) return <span>None</span>;
  return (
    <TagList>
      {ended ? <Tag tone="error">Ended</Tag> : null}
      {endingSoon && !ended ? <Tag tone="warning">{ENDING_SOON_TEXT}</Tag> : null}
      {low ? <Tag tone="warning">{LOW_REMAINING_TEXT}</Tag> : null}
    </TagList>
  );
}

const authorizationColumns: DataTableColumn<Authorization>[] = [
  { key: 'unit', header: 'Unit', render: (row) => AUTHORIZATION_UNITS[row.unit] ?? row.unit },
  { key: 'amount', header: 'Authorized', align: 'right', render: (row) => units.format(row.amount) },
  { key: 'used', header: 'Used', align: 'right', render: (row) => units.format(row.used) },
  { key: 'remaining', header: 'Remaining', align: 'right', render: (row) => units.format(row.remaining) },
  {
    key: 'dates',
    header: 'Dates',
    render: (row) => `${formatCalendarDate(row.starts_on)} – ${formatCalendarDate(row.ends_on)}`,
  },
  { key: 'reference', header: 'Reference', render: (row) => row.reference || '—' },
  { key: 'warnings', header: 'Warnings', render: (row) => <AuthorizationWarnings authorization={row} /> },
];

const maskedDate = (required: string) =>
  yup
    .string()
    .required(required)
    .test('date', 'Enter a date as dd.mm.yyyy', (value) => !value || !!parseMaskedDate(value));

const authorizationSchema = yup.object({
  service_id: yup.string().required('Choose the service.'),
  unit: yup
    .string()
    .oneOf(Object.keys(AUTHORIZATION_UNITS), 'Choose hours or visits.')
    .required('Choose hours or visits.'),
  amount: yup
    .string()
    .trim()
    .required('Enter the amount authorized.')
    .matches(/^\d+$/, 'Enter a whole number.')
    .test(
      'range',
      'Enter an amount from 1 to 100,000.',
      (value) => !value || (Number(value) >= 1 && Number(value) <= 100_000),
    ),
  starts_on: maskedDate('Enter the first day.'),
  ends_on: maskedDate('Enter the last day.').test(
    'order',
    'The authorization cannot end before it starts.',
    function check(value) {
      const start = maskedToIsoDate((this.parent as { starts_on: string }).starts_on);
      const end = maskedToIsoDate(value);
      return !start || !end || end >= start;
    },
  ),
  reference: yup.string().max(100, 'Keep the reference under 100 characters.'),
});

/** Services and authorizations: each service with its status (changeable) and what payers authorized for it. */
export function ClientServicesTab({ client, onClientChange }: ClientTabProps) {
  const api = useApiClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [changing, setChanging] = useState<number | null>(null);
  const missing = servicesFor(client.type).filter((code) => !client.services.some((row) => row.service === code));

  const replaceService = (next: ClientService) =>
    onClientChange({ ...client, services: client.services.map((row) => (row.id === next.id ? next : row)) });

  const changeStatus = async (service: ClientService, status: ServiceStatus) => {
    setNotice(null);
    setError(null);
    setChanging(service.id);
    try {
      replaceService(await api.clients_services_partial_update({ id: client.id, service_id: service.id }, { status }));
      setNotice(`${SERVICES[service.service]} is now ${SERVICE_STATUSES[status].toLowerCase()}.`);
    } catch (failure) {
      setError(apiErrorDetail(failure, `The status of ${SERVICES[service.service]} could not be changed.`));
    } finally {
      setChanging(null);
    }
  };

  return (
    <>
      <Messages>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </Messages>

      {client.services.length === 0 ? (
        <EmptyState
          title="No services yet"
          description="Add a service below; then record what the payer authorized for it."
        />
      ) : null}

      {client.services.map((service) => {
        const label = SERVICES[service.service] ?? service.service;
        const titleId = `service-${service.id}-title`;
        return (
          <Panel key={service.id} aria-labelledby={titleId}>
            <h2 id={titleId}>{label}</h2>
            <div css={{ maxWidth: 280, marginBottom: 16 }}>
              <FieldShell label={`Status of ${label}`}>
                {({ invalid, ...control }) => (
                  <Select
                    {...control}
                    invalid={invalid}
                    value={service.status}
                    disabled={changing === service.id}
                    onChange={(event) => void changeStatus(service, event.target.value as ServiceStatus)}
                  >
                    {SERVICE_STATUS_OPTIONS.map(([value, text]) => (
                      <option key={value} value={value}>
                        {text}
                      </option>
                    ))}
                  </Select>
                )}
              </FieldShell>
            </div>
            <DataTable
              caption={`Authorizations of ${label}`}
              columns={authorizationColumns}
              rows={service.authorizations}
              rowKey={(row) => row.id}
              empty={
                <EmptyState
                  title="No authorizations yet"
                  description="Record what the payer authorized for this service."
                />
              }
            />
          </Panel>
        );
      })}

      <TwoColumns css={{ alignItems: 'start' }}>
        <Panel aria-labelledby="add-service-title">
          <h2 id="add-service-title">Add a service</h2>
          {missing.length === 0 ? (
            <p css={{ margin: 0 }}>The client already has every service of their type.</p>
          ) : (
            <Formik
              initialValues={{ service: '' }}
              validationSchema={yup.object({
                service: yup.string().oneOf(missing, 'Choose a service.').required('Choose a service.'),
              })}
              onSubmit={async (values, { resetForm, setErrors }) => {
                setNotice(null);
                setError(null);
                try {
                  const created = await api.clients_services_create(
                    { id: client.id },
                    { service: values.service as ServiceCode },
                  );
                  onClientChange({ ...client, services: [...client.services, created] });
                  resetForm();
                  setNotice(`${SERVICES[created.service]} was added.`);
                } catch (failure) {
                  showSubmitFailure(failure, {
                    known: ['service'],
                    setErrors,
                    setError,
                    fallback: 'The service could not be added.',
                  });
                }
              }}
            >
              <StackedForm aria-labelledby="add-service-title">
                <SelectField
                  name="service"
                  label="Service"
                  placeholder="Choose a service"
                  options={missing.map((code) => ({ value: code, label: SERVICES[code] }))}
                />
                <RowActions>
                  <SubmitButton>Add service</SubmitButton>
                </RowActions>
              </StackedForm>
            </Formik>
          )}
        </Panel>

        <Panel aria-labelledby="add-authorization-title">
          <h2 id="add-authorization-title">Add an authorization</h2>
          {client.services.length === 0 ? (
            <p css={{ margin: 0 }}>Add a service first: an authorization belongs to one of the client's services.</p>
          ) : (
            <Formik
              initialValues={{
                service_id: client.services.length === 1 ? String(client.services[0].id) : '',
                unit: '',
                amount: '',
                starts_on: '',
                ends_on: '',
                reference: '',
              }}
              validationSchema={authorizationSchema}
              onSubmit={async (values, { resetForm, setErrors }) => {
                setNotice(null);
                setError(null);
                const serviceId = Number(values.service_id);
                const reference = values.reference.trim();
                try {
                  const created = await api.clients_authorizations_create(
                    { id: client.id },
                    {
                      service_id: serviceId,
                      unit: values.unit as AuthorizationUnit,
                      amount: Number(values.amount),
                      starts_on: maskedToIsoDate(values.starts_on) ?? '',
                      ends_on: maskedToIsoDate(values.ends_on) ?? '',
                      ...(reference ? { reference } : {}),
                    },
                  );
                  const service = client.services.find((row) => row.id === serviceId);
                  if (service) replaceService({ ...service, authorizations: [created, ...service.authorizations] });
                  resetForm();
                  setNotice(
                    `The authorization for ${service ? SERVICES[service.service] : 'the service'} was recorded.`,
                  );
                } catch (failure) {
                  showSubmitFailure(failure, {
                    known: ['service_id', 'unit', 'amount', 'starts_on', 'ends_on', 'reference'],
                    setErrors,
                    setError,
                    fallback: 'The authorization could not be recorded.',
                  });
                }
              }}
            >
              <StackedForm aria-labelledby="add-authorization-title">
                <SelectField
                  name="service_id"
                  label="Service"
                  placeholder="Choose a service"
                  options={client.services.map((row) => ({
                    value: String(row.id),
                    label: SERVICES[row.service] ?? row.service,
                  }))}
                />
                <TwoColumns>
                  <SelectField name="unit" label="Unit" placeholder="Hours or visits" options={UNIT_OPTIONS} />
                  <TextField name="amount" label="Amount authorized" inputMode="numeric" autoComplete="off" />
                </TwoColumns>
                <TwoColumns>
                  <DateField name="starts_on" label="From" />
                  <DateField name="ends_on" label="To" />
                </TwoColumns>
                <TextField
                  name="reference"
                  label="Reference (optional)"
                  autoComplete="off"
                  hint="The payer's authorization number."
                />
                <RowActions>
                  <SubmitButton>Add authorization</SubmitButton>
                </RowActions>
              </StackedForm>
            </Formik>
          )}
        </Panel>
      </TwoColumns>
    </>
  );
}
