import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { formatDateTime } from '../../app/date-time';
import { useOrganizationTimeZone } from '../../app/organization';
import {
  CLIENT_RELATIONSHIPS,
  CLIENT_STATUSES,
  DISCHARGE_REASONS,
  type ClientRelationship,
  type ClientStatus,
  type DischargeReason,
} from '../../domain/clients';
import { dateIn } from '../../domain/dates';
import { Alert } from '../../ui/alert';
import { showSubmitFailure } from '../../ui/api-error';
import { Button } from '../../ui/button';
import { Dialog, DialogActions } from '../../ui/confirm-dialog';
import { EmailField, labelOptions, NameFields, SelectField, StackedForm, TextAreaField } from '../../ui/fields';
import { nameRules, requiredEmail } from '../../ui/person-rules';
import { DateField, parseMaskedDate } from '../../ui/masked-input';
import { SubmitButton } from '../../ui/submit-button';
import { formatCalendarDate, maskedToIsoDate, personName } from '../../api/hiring';
import { Details, Messages, Panel, RowActions, TwoColumns } from '../../ui/layout';
import { Tag } from '../../ui/tag';
import {
  CLIENT_FORM_FIELDS,
  clientBody,
  ClientFormFields,
  clientFormValues,
  clientSchema,
  OPEN_STATUS_OPTIONS,
} from './client-form';
import type { ClientTabProps } from './client-tab-props';
import { ClientStatusTag } from './clients-page';
import type { Client, PortalUser } from '../../api/clients';

const DISCHARGE_REASON_OPTIONS = labelOptions(DISCHARGE_REASONS);
const RELATIONSHIP_OPTIONS = labelOptions(CLIENT_RELATIONSHIPS);

/** A portal user's state in words: invitation pending, signed up, or deactivated. */
function PortalUserState({ user }: { user: PortalUser }) {
  if (!user.is_active) return <Tag>Deactivated</Tag>;
  return user.invitation_pending ? <Tag tone="warning">Invitation pending</Tag> : <Tag tone="success">Signed up</Tag>;
}

/** Details: every field (edit), the status and its discharge, the next certification period, the portal users. */
export function ClientDetailsTab({ client, onClientChange }: ClientTabProps) {
  const api = useApiClient();
  const { user } = useAuthentication();
  const timeZone = useOrganizationTimeZone();
  const today = dateIn(timeZone, new Date());
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'discharge' | 'invite' | null>(null);
  const schema = useMemo(() => clientSchema({ type: client.type, today, clinicalAlways: false }), [client.type, today]);
  const discharged = client.status === 'DISCHARGED';
  const statusOptions = discharged
    ? [...OPEN_STATUS_OPTIONS, { value: 'DISCHARGED', label: CLIENT_STATUSES.DISCHARGED, disabled: true }]
    : OPEN_STATUS_OPTIONS;

  const saved = (next: Client, text: string) => {
    onClientChange(next);
    setError(null);
    setNotice(text);
  };

  return (
    <>
      <Messages>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </Messages>
      <TwoColumns css={{ alignItems: 'start' }}>
        <Panel aria-labelledby="client-status-title">
          <h2 id="client-status-title">Status</h2>
          <Details>
            <dt>Status</dt>
            <dd>
              <ClientStatusTag status={client.status} />
            </dd>
            {discharged ? (
              <>
                <dt>Discharged</dt>
                <dd>
                  {formatCalendarDate(client.discharged_on)}
                  {client.discharge_reason ? `: ${DISCHARGE_REASONS[client.discharge_reason]}` : ''}
                  {client.discharge_note ? `\n${client.discharge_note}` : ''}
                </dd>
              </>
            ) : null}
            {client.certification_start ? (
              <>
                <dt>Certification period</dt>
                <dd>
                  {formatCalendarDate(client.certification_start)} – {formatCalendarDate(client.certification_end)}
                </dd>
              </>
            ) : null}
            <dt>Added</dt>
            <dd>{formatDateTime(client.created_at, user?.timezone)}</dd>
          </Details>
          {client.next_certification ? (
            <Alert tone="info">
              Next certification period: {formatCalendarDate(client.next_certification.start)} –{' '}
              {formatCalendarDate(client.next_certification.end)}
            </Alert>
          ) : null}
          {discharged ? (
            <p>To take the client back, choose another status under Edit details.</p>
          ) : (
            <RowActions css={{ marginTop: 16 }}>
              <Button variant="secondary" onClick={() => setDialog('discharge')}>
                Discharge
              </Button>
            </RowActions>
          )}
        </Panel>

        <Panel aria-labelledby="client-portal-title">
          <h2 id="client-portal-title">Portal users</h2>
          {client.portal_users.length === 0 ? (
            <p css={{ marginTop: 0 }}>
              No one uses the portal for this client yet. Invite the client or a family member: they see the visits and
              sign the reviews.
            </p>
          ) : (
            <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
              {client.portal_users.map((portalUser) => (
                <li key={portalUser.id}>
                  <strong>{personName(portalUser)}</strong> ·{' '}
                  {CLIENT_RELATIONSHIPS[portalUser.relationship] ?? portalUser.relationship} ·{' '}
                  <PortalUserState user={portalUser} />
                  <div css={{ overflowWrap: 'anywhere' }}>
                    <a href={`mailto:${portalUser.email}`}>{portalUser.email}</a>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <RowActions css={{ marginTop: 16 }}>
            <Button variant="secondary" onClick={() => setDialog('invite')}>
              Invite to the portal
            </Button>
          </RowActions>
        </Panel>
      </TwoColumns>

      <Formik
        enableReinitialize
        initialValues={clientFormValues(client)}
        validationSchema={schema}
        onSubmit={async (values, { setErrors, resetForm }) => {
          setNotice(null);
          setError(null);
          try {
            const status = values.status !== client.status ? { status: values.status as ClientStatus } : {};
            const updated = await api.clients_partial_update(
              { id: client.id },
              { ...clientBody(values, client.type), ...status },
            );
            resetForm();
            saved(updated, 'The details were saved.');
          } catch (failure) {
            showSubmitFailure(failure, {
              known: CLIENT_FORM_FIELDS,
              setErrors,
              setError,
              fallback: 'The details could not be saved.',
            });
          }
        }}
      >
        <Form noValidate aria-label="Edit details">
          <h2 css={{ fontSize: '1.25rem', margin: '8px 0 16px' }}>Edit details</h2>
          <ClientFormFields type={client.type} idPrefix="client-details" statusOptions={statusOptions} />
          <RowActions>
            <SubmitButton>Save details</SubmitButton>
          </RowActions>
        </Form>
      </Formik>

      {dialog === 'discharge' ? (
        <DischargeDialog client={client} today={today} onClose={() => setDialog(null)} onDone={saved} />
      ) : null}
      {dialog === 'invite' ? <InviteDialog client={client} onClose={() => setDialog(null)} onDone={saved} /> : null}
    </>
  );
}

function DischargeDialog({
  client,
  today,
  onClose,
  onDone,
}: {
  client: Client;
  today: string;
  onClose: () => void;
  onDone: (client: Client, notice: string) => void;
}) {
  const api = useApiClient();
  const [error, setError] = useState<string | null>(null);
  const title = `Discharge ${personName(client)}`;
  return (
    <Dialog title={title} onClose={onClose}>
      <p>The client's status becomes Discharged; the date and the reason are kept in the record.</p>
      <Messages css={{ marginTop: 16 }}>{error ? <Alert tone="error">{error}</Alert> : null}</Messages>
      <Formik
        initialValues={{ discharged_on: '', discharge_reason: '', discharge_note: '' }}
        validationSchema={yup.object({
          discharged_on: yup
            .string()
            .required('Enter the date of discharge.')
            .test('date', 'Enter a date as dd.mm.yyyy', (value) => !value || !!parseMaskedDate(value))
            .test('past', 'The discharge date cannot be in the future.', (value) => {
              const iso = maskedToIsoDate(value);
              return !iso || iso <= today;
            }),
          discharge_reason: yup
            .string()
            .oneOf(Object.keys(DISCHARGE_REASONS), 'Choose the reason for the discharge.')
            .required('Choose the reason for the discharge.'),
          discharge_note: yup.string().max(2000, 'Keep the note under 2,000 characters.'),
        })}
        onSubmit={async (values, { setErrors }) => {
          setError(null);
          try {
            const updated = await api.clients_partial_update(
              { id: client.id },
              {
                status: 'DISCHARGED',
                discharged_on: maskedToIsoDate(values.discharged_on),
                discharge_reason: values.discharge_reason as DischargeReason,
                discharge_note: values.discharge_note.trim() || null,
              },
            );
            onDone(updated, `${personName(client)} was discharged.`);
            onClose();
          } catch (failure) {
            showSubmitFailure(failure, {
              known: ['discharged_on', 'discharge_reason', 'discharge_note'],
              setErrors,
              setError,
              fallback: 'The client could not be discharged.',
            });
          }
        }}
      >
        <StackedForm aria-label={title}>
          <DateField name="discharged_on" label="Date of discharge" data-autofocus />
          <SelectField
            name="discharge_reason"
            label="Reason"
            placeholder="Choose a reason"
            options={DISCHARGE_REASON_OPTIONS}
          />
          <TextAreaField name="discharge_note" label="Note (optional)" />
          <DialogActions>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton variant="danger">Discharge</SubmitButton>
          </DialogActions>
        </StackedForm>
      </Formik>
    </Dialog>
  );
}

function InviteDialog({
  client,
  onClose,
  onDone,
}: {
  client: Client;
  onClose: () => void;
  onDone: (client: Client, notice: string) => void;
}) {
  const api = useApiClient();
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog title="Invite to the portal" onClose={onClose}>
      <p>We email a sign-up link. The person sees {client.first_name}'s visits and signs what waits for a signature.</p>
      <Messages css={{ marginTop: 16 }}>{error ? <Alert tone="error">{error}</Alert> : null}</Messages>
      <Formik
        initialValues={{ email: '', first_name: '', last_name: '', relationship: '' }}
        validationSchema={yup.object({
          email: requiredEmail(),
          ...nameRules(),
          relationship: yup
            .string()
            .oneOf(Object.keys(CLIENT_RELATIONSHIPS), 'Choose who this is')
            .required('Choose who this is'),
        })}
        onSubmit={async (values, { setErrors }) => {
          setError(null);
          try {
            const invited = await api.clients_invitation_create(
              { id: client.id },
              {
                email: values.email.trim(),
                first_name: values.first_name.trim(),
                last_name: values.last_name.trim(),
                relationship: values.relationship as ClientRelationship,
              },
            );
            onDone(
              { ...client, portal_users: [...client.portal_users.filter((row) => row.id !== invited.id), invited] },
              `The invitation was sent to ${invited.email}.`,
            );
            onClose();
          } catch (failure) {
            showSubmitFailure(failure, {
              known: ['email', 'first_name', 'last_name', 'relationship'],
              setErrors,
              setError,
              fallback: 'The invitation could not be sent.',
            });
          }
        }}
      >
        <StackedForm aria-label="Invite to the portal">
          <EmailField data-autofocus />
          <NameFields />
          <SelectField name="relationship" label="Who is this?" placeholder="Choose" options={RELATIONSHIP_OPTIONS} />
          <DialogActions>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton>Send invitation</SubmitButton>
          </DialogActions>
        </StackedForm>
      </Formik>
    </Dialog>
  );
}
