import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useApiClient } from '../../app/api-client';
import { useOrganizationTimeZone } from '../../app/organization';
import { dateIn } from '../../domain/dates';
import { CLIENT_TYPE_SLUGS, type ClientTypeSlug } from '../../domain/labels';
import { Alert } from '../../ui/alert';
import { showSubmitFailure } from '../../ui/api-error';
import { ButtonLink, TextLink } from '../../ui/button';
import { SubmitButton } from '../../ui/submit-button';
import { personName } from '../../api/hiring';
import { Messages, RowActions } from '../../ui/layout';
import { PrivatePage } from '../../app/page-shell';
import {
  checkedServices,
  CLIENT_FORM_FIELDS,
  clientBody,
  ClientFormFields,
  clientFormValues,
  clientSchema,
  OPEN_STATUS_OPTIONS,
  OPEN_STATUSES,
} from './client-form';

export function isClientTypeSlug(value: string | undefined): value is ClientTypeSlug {
  return value !== undefined && Object.prototype.hasOwnProperty.call(CLIENT_TYPE_SLUGS, value);
}

/** /clients/new/:type — home-care, home-health or group; any other type goes back to /clients/new. */
export function NewClientPage() {
  const { type } = useParams();
  if (!isClientTypeSlug(type)) return <Navigate to="/clients/new" replace />;
  // A new key per type: going from one type's form to another's starts afresh.
  return <NewClientForm key={type} slug={type} />;
}

function NewClientForm({ slug }: { slug: ClientTypeSlug }) {
  const { type, title } = CLIENT_TYPE_SLUGS[slug];
  const api = useApiClient();
  const navigate = useNavigate();
  const timeZone = useOrganizationTimeZone();
  const [error, setError] = useState<string | null>(null);
  const schema = useMemo(
    () => clientSchema({ type, today: dateIn(timeZone, new Date()), clinicalAlways: true }),
    [type, timeZone],
  );

  return (
    <PrivatePage title={`New ${title}`} description={<TextLink to="/clients">Back to clients</TextLink>}>
      <Messages>{error ? <Alert tone="error">{error}</Alert> : null}</Messages>
      <Formik
        initialValues={clientFormValues()}
        validationSchema={schema}
        onSubmit={async (values, { setErrors }) => {
          setError(null);
          const status = OPEN_STATUSES.find((value) => value === values.status) ?? 'PENDING';
          try {
            const created = await api.clients_create(null, {
              type,
              status,
              services: checkedServices(values, type),
              ...clientBody(values, type),
            });
            navigate(`/clients/${created.id}`, {
              state: { notice: `${personName(created)} was added as a new ${title}.` },
            });
          } catch (failure) {
            showSubmitFailure(failure, {
              known: CLIENT_FORM_FIELDS,
              setErrors,
              setError,
              fallback: 'The client could not be added.',
            });
          }
        }}
      >
        <Form noValidate aria-label={`New ${title}`} css={{ maxWidth: 880 }}>
          <ClientFormFields type={type} idPrefix="new-client" withServices statusOptions={OPEN_STATUS_OPTIONS} />
          <RowActions>
            <SubmitButton>Add client</SubmitButton>
            <ButtonLink to="/clients" variant="secondary">
              Cancel
            </ButtonLink>
          </RowActions>
        </Form>
      </Formik>
    </PrivatePage>
  );
}

export default NewClientPage;
