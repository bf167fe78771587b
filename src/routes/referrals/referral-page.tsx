import { Formik } from 'formik';
import { useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { formatDateTime } from '../../app/date-time';
import { useOrganizationTimeZone } from '../../app/organization';
import { useRecord } from '../../app/use-record';
import { RecordPending } from '../../app/record-pending';
import { DECLINE_REASONS, REFERRAL_MOVES, type DeclineReason } from '../../domain/clients';
import { hasPermission } from '../../domain/permissions';
import { Alert } from '../../ui/alert';
import { apiErrorDetail, showSubmitFailure } from '../../ui/api-error';
import { Button, TextLink } from '../../ui/button';
import { ConfirmDialog, Dialog, DialogActions } from '../../ui/confirm-dialog';
import { labelOptions, SelectField, StackedForm, TextAreaField, TextField } from '../../ui/fields';
import { SubmitButton } from '../../ui/submit-button';
import { formatCalendarDate } from '../../api/hiring';
import type { RequestBody } from '../../api/types';
import { Details, Messages, Panel, RowActions, TwoColumns } from '../../ui/layout';
import { PrivateNotFoundPage } from '../../app/not-found-pages';
import { PrivatePage } from '../../app/page-shell';
import { changedFields, ReferralForm, referralValues } from './referral-form';
import { ReferralStatusTags } from '../../ui/referral-status-tags';
import { Timeline, TimelineEntry } from '../../ui/timeline';
import { AddNoteForm } from '../../ui/add-note-form';
import {
  declineReasonLabel,
  eventTitle,
  isDecided,
  payerLabel,
  serviceLabel,
  sourceLabel,
  todayIn,
  typeLabel,
  type Referral,
} from '../../api/referrals';

type StatusBody = RequestBody<'referrals_status_create'>;
type Asking = 'ASSESSMENT_SCHEDULED' | 'DECLINED' | 'LOST' | 'ADMIT';

const REASON_OPTIONS = labelOptions(DECLINE_REASONS);

const personOf = (referral: Referral) => `${referral.first_name} ${referral.last_name}`.trim();

/**
 * /referrals/:id/* (the marketer's own) and /marketers/:marketerId/referrals/:id/* (the office): a referral's
 * details, status and timeline; both add notes and correct details until it is decided; the office moves it
 * (contacted, assessment, declined, lost) and admits it, which creates the client.
 */
export function ReferralPage() {
  const { id: rawId, marketerId } = useParams();
  const id = Number(rawId);
  const api = useApiClient();
  const { user } = useAuthentication();
  const office = hasPermission(user, 'view-marketer');
  const timeZone = useOrganizationTimeZone();
  const location = useLocation();
  const [notice, setNotice] = useState<ReactNode>((location.state as { notice?: string } | null)?.notice ?? null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [busy, setBusy] = useState(false);

  const record = useRecord(() => api.referrals_retrieve({ id }), String(id), 'The referral could not be loaded.', {
    enabled: Number.isInteger(id) && id > 0,
    clearOnNewKey: true,
  });
  const { data: referral, setData: setReferral } = record;

  if (!Number.isInteger(id) || id <= 0 || record.status === 404) return <PrivateNotFoundPage />;

  const back = !office ? (
    <TextLink to="/referrals">Back to referrals</TextLink>
  ) : marketerId && /^\d+$/.test(marketerId) ? (
    <TextLink to={`/marketers/${marketerId}/referrals`}>Back to the marketer's referrals</TextLink>
  ) : (
    <TextLink to="/marketers">Back to the referral board</TextLink>
  );
  if (!referral) return <RecordPending title="Referral" back={back} error={record.error} />;

  const changed = (answer: Referral, text: ReactNode) => {
    setReferral(answer);
    setNotice(text);
    setError(null);
    setAsking(null);
  };

  const markContacted = async () => {
    setBusy(true);
    setNotice(null);
    setError(null);
    try {
      changed(await api.referrals_status_create({ id }, { status: 'CONTACTED' }), 'The referral was marked contacted.');
    } catch (failure) {
      setError(apiErrorDetail(failure, 'The referral could not be moved.'));
    } finally {
      setBusy(false);
    }
  };

  const markLost = async () => {
    setBusy(true);
    try {
      changed(await api.referrals_status_create({ id }, { status: 'LOST' }), 'The referral was marked lost.');
    } catch (failure) {
      setAsking(null);
      setError(apiErrorDetail(failure, 'The referral could not be moved.'));
    } finally {
      setBusy(false);
    }
  };

  const admit = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await api.referrals_admit_create({ id }, {});
      changed(
        answer,
        <>
          Admitted: the client record is ready.{' '}
          {answer.client_id ? <TextLink to={`/clients/${answer.client_id}`}>Open the client record</TextLink> : null}
        </>,
      );
    } catch (failure) {
      setAsking(null);
      setError(apiErrorDetail(failure, 'The referral could not be admitted.'));
    } finally {
      setBusy(false);
    }
  };

  const moves = office && !isDecided(referral.status) ? REFERRAL_MOVES[referral.status] : [];
  const name = personOf(referral);
  const place = [referral.address, [referral.city, referral.state, referral.postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

  return (
    <PrivatePage
      title={name}
      description={
        <>
          {back} · {typeLabel(referral.type)} · <ReferralStatusTags referral={referral} />
        </>
      }
    >
      <Messages>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </Messages>

      <Panel aria-labelledby="referral-status-title">
        <h2 id="referral-status-title">Status</h2>
        <Details>
          <dt>Status</dt>
          <dd>
            <ReferralStatusTags referral={referral} />
          </dd>
          {referral.status === 'ASSESSMENT_SCHEDULED' && referral.assessment_on ? (
            <>
              <dt>Assessment</dt>
              <dd>{formatCalendarDate(referral.assessment_on)}</dd>
            </>
          ) : null}
          {referral.status === 'DECLINED' ? (
            <>
              <dt>Reason</dt>
              <dd>{declineReasonLabel(referral.decline_reason)}</dd>
            </>
          ) : null}
          {referral.status === 'ADMITTED' ? (
            <>
              <dt>Client</dt>
              <dd>
                {office && referral.client_id ? (
                  <TextLink to={`/clients/${referral.client_id}`}>Open the client record</TextLink>
                ) : (
                  'Admitted'
                )}
              </dd>
            </>
          ) : null}
          <dt>Marketer</dt>
          <dd>{referral.marketer?.name ?? 'Entered by the office'}</dd>
          <dt>Received</dt>
          <dd>{formatDateTime(referral.created_at, user?.timezone)}</dd>
        </Details>
        {moves.length || (office && !isDecided(referral.status)) ? (
          <RowActions role="group" aria-label="Move the referral" css={{ marginTop: 16 }}>
            {moves.includes('CONTACTED') ? (
              <Button variant="secondary" onClick={() => void markContacted()} disabled={busy}>
                Mark contacted
              </Button>
            ) : null}
            {moves.includes('ASSESSMENT_SCHEDULED') ? (
              <Button variant="secondary" onClick={() => setAsking('ASSESSMENT_SCHEDULED')} disabled={busy}>
                {referral.status === 'ASSESSMENT_SCHEDULED' ? 'Reschedule assessment' : 'Schedule assessment'}
              </Button>
            ) : null}
            <Button onClick={() => setAsking('ADMIT')} disabled={busy}>
              Admit
            </Button>
            {moves.includes('DECLINED') ? (
              <Button variant="secondary" onClick={() => setAsking('DECLINED')} disabled={busy}>
                Decline
              </Button>
            ) : null}
            {moves.includes('LOST') ? (
              <Button variant="secondary" onClick={() => setAsking('LOST')} disabled={busy}>
                Mark lost
              </Button>
            ) : null}
          </RowActions>
        ) : null}
      </Panel>

      <TwoColumns css={{ alignItems: 'start' }}>
        <Panel aria-labelledby="referral-details-title">
          <h2 id="referral-details-title">{editing ? 'Correct details' : 'Details'}</h2>
          {editing ? (
            <ReferralForm
              labelledBy="referral-details-title"
              initialValues={referralValues(referral)}
              today={todayIn(timeZone)}
              submitLabel="Save corrections"
              failureText="The corrections could not be saved."
              cancel={
                <Button variant="secondary" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
              }
              onSave={async (values) => {
                const body = changedFields(referral, values);
                if (!Object.keys(body).length) {
                  setEditing(false);
                  return;
                }
                const answer = await api.referrals_partial_update({ id }, body);
                setEditing(false);
                changed(answer, 'The corrections were saved.');
              }}
            />
          ) : (
            <>
              <Details>
                <dt>Date of birth</dt>
                <dd>{formatCalendarDate(referral.date_of_birth)}</dd>
                <dt>Phone</dt>
                <dd>{referral.phone}</dd>
                <dt>Address</dt>
                <dd>{place || '—'}</dd>
                <dt>Type of care</dt>
                <dd>{typeLabel(referral.type)}</dd>
                <dt>Requested services</dt>
                <dd>
                  {referral.requested_services.length
                    ? referral.requested_services.map(serviceLabel).join(', ')
                    : 'None named'}
                </dd>
                <dt>Payer</dt>
                <dd>{payerLabel(referral.payer)}</dd>
                <dt>Source</dt>
                <dd>
                  {referral.source_name
                    ? `${sourceLabel(referral.source)}: ${referral.source_name}`
                    : sourceLabel(referral.source)}
                </dd>
                <dt>Source's contact</dt>
                <dd>{referral.source_contact || '—'}</dd>
                <dt>Notes</dt>
                <dd>{referral.notes || '—'}</dd>
              </Details>
              {referral.editable ? (
                <RowActions css={{ marginTop: 16 }}>
                  <Button variant="secondary" onClick={() => setEditing(true)}>
                    Correct details
                  </Button>
                </RowActions>
              ) : (
                <p>A decided referral's details can no longer be corrected.</p>
              )}
            </>
          )}
        </Panel>

        <Panel aria-labelledby="referral-timeline-title">
          <h2 id="referral-timeline-title">Timeline</h2>
          <Timeline aria-labelledby="referral-timeline-title">
            {referral.events.map((event) => (
              <TimelineEntry
                key={event.id}
                title={eventTitle(event)}
                note={event.note}
                by={event.by?.name ?? 'Someone no longer with the agency'}
                when={formatDateTime(event.at, user?.timezone)}
              />
            ))}
          </Timeline>
          <AddNoteForm
            titleId="add-referral-note-title"
            onError={setError}
            onAdd={async ({ note }) => {
              setNotice(null);
              setError(null);
              changed(await api.referrals_notes_create({ id }, { note }), 'The note was added.');
            }}
          />
        </Panel>
      </TwoColumns>

      {asking === 'ASSESSMENT_SCHEDULED' || asking === 'DECLINED' ? (
        <MoveDialog
          referral={referral}
          move={asking}
          today={todayIn(timeZone)}
          onClose={() => setAsking(null)}
          onSave={async (body) => {
            const answer = await api.referrals_status_create({ id }, body);
            changed(
              answer,
              body.status === 'DECLINED'
                ? 'The referral was declined.'
                : `The assessment was scheduled for ${formatCalendarDate(answer.assessment_on)}.`,
            );
          }}
        />
      ) : null}
      {asking === 'LOST' ? (
        <ConfirmDialog
          title={`Mark the referral of ${name} lost?`}
          confirmLabel="Mark lost"
          confirmVariant="danger"
          busy={busy}
          onConfirm={() => void markLost()}
          onCancel={() => setAsking(null)}
        >
          <p>A lost referral moves no further and its details can no longer be corrected.</p>
        </ConfirmDialog>
      ) : null}
      {asking === 'ADMIT' ? (
        <ConfirmDialog
          title={`Admit ${name}?`}
          confirmLabel="Admit"
          busy={busy}
          onConfirm={() => void admit()}
          onCancel={() => setAsking(null)}
        >
          <p>The client record is created (Pending) from this referral's details, and the marketer is told.</p>
        </ConfirmDialog>
      ) : null}
    </PrivatePage>
  );
}

/** Asks what a move needs: the assessment's date, or why the referral is declined (a note optional). */
function MoveDialog({
  referral,
  move,
  today,
  onClose,
  onSave,
}: {
  referral: Referral;
  move: 'ASSESSMENT_SCHEDULED' | 'DECLINED';
  today: string;
  onClose: () => void;
  onSave: (body: StatusBody) => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const scheduling = move === 'ASSESSMENT_SCHEDULED';
  const title = scheduling
    ? `Schedule the assessment of ${personOf(referral)}`
    : `Decline the referral of ${personOf(referral)}`;
  const schema = scheduling
    ? yup.object({
        assessment_on: yup
          .string()
          .required('Enter the date of the assessment')
          .test('not-past', 'The assessment cannot be scheduled in the past', (value) => !value || value >= today),
        note: yup.string().max(5000, 'Use at most 5,000 characters'),
      })
    : yup.object({
        reason: yup
          .string()
          .oneOf(Object.keys(DECLINE_REASONS), 'Choose why the referral is declined')
          .required('Choose why the referral is declined'),
        note: yup.string().max(5000, 'Use at most 5,000 characters'),
      });
  return (
    <Dialog title={title} onClose={onClose}>
      <Messages>{error ? <Alert tone="error">{error}</Alert> : null}</Messages>
      <Formik
        initialValues={{ assessment_on: scheduling ? (referral.assessment_on ?? '') : '', reason: '', note: '' }}
        validationSchema={schema}
        onSubmit={async (values, { setErrors }) => {
          setError(null);
          const note = values.note.trim();
          try {
            await onSave({
              status: move,
              ...(scheduling ? { assessment_on: values.assessment_on } : { reason: values.reason as DeclineReason }),
              ...(note ? { note } : {}),
            });
          } catch (failure) {
            showSubmitFailure(failure, {
              known: ['assessment_on', 'reason', 'note'],
              setErrors,
              setError,
              fallback: 'The referral could not be moved.',
            });
          }
        }}
      >
        <StackedForm aria-label={title}>
          {scheduling ? (
            <TextField name="assessment_on" label="Date of the assessment" type="date" min={today} data-autofocus />
          ) : (
            <SelectField
              name="reason"
              label="Reason"
              placeholder="Choose a reason"
              options={REASON_OPTIONS}
              data-autofocus
            />
          )}
          <TextAreaField name="note" label="Note (optional)" />
          <DialogActions>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton variant={scheduling ? 'primary' : 'danger'}>
              {scheduling ? 'Schedule assessment' : 'Decline referral'}
            </SubmitButton>
          </DialogActions>
        </StackedForm>
      </Formik>
    </Dialog>
  );
}

export default ReferralPage;
