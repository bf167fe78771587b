import styled from '@emotion/styled';
import { Formik } from 'formik';
import { useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { useRecord } from '../../app/use-record';
import { RecordPending } from '../../app/record-pending';
import { formatDateTime } from '../../app/date-time';
import { useLiveEvents } from '../../app/live-events';
import { GRIEVANCE_MOVE_LABELS, REPRISAL_WATCH_DAYS, type GrievanceState } from '../../domain/grievances';
import { Alert } from '../../ui/alert';
import { showSubmitFailure } from '../../ui/api-error';
import { Button, TextLink } from '../../ui/button';
import { Dialog, DialogActions } from '../../ui/confirm-dialog';
import { StackedForm, TextAreaField } from '../../ui/fields';
import { SubmitButton } from '../../ui/submit-button';
import { formatCalendarDate } from '../../api/hiring';
import { Details, Messages, Panel, RowActions, TwoColumns } from '../../ui/layout';
import { Tag } from '../../ui/tag';
import { Timeline, TimelineEntry } from '../../ui/timeline';
import { AddNoteForm } from '../../ui/add-note-form';
import { PrivateNotFoundPage } from '../../app/not-found-pages';
import { PrivatePage } from '../../app/page-shell';
import { GrievanceStateTags } from '../../ui/grievance-state-tags';
import {
  ageText,
  categoryLabel,
  changeText,
  channelLabel,
  eventTitle,
  grievancesHome,
  stateLabel,
  type Grievance,
  type GrievanceViewer,
} from '../../api/grievances';
import { ShareWithFamily } from './share-with-family';

const Paragraph = styled.dd`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

export function viewerOf(role: string | undefined): GrievanceViewer {
  if (role === 'ROLE_ADMIN' || role === 'ROLE_MASTER') return 'office';
  return role === 'ROLE_CLIENT' ? 'client' : 'employee';
}

const BACK_TEXT: Record<GrievanceViewer, string> = {
  office: 'Back to the grievance desk',
  client: 'Back to your home page',
  employee: 'Back to your grievances',
};

/**
 * One grievance: /clients/grievances/:id (the office's desk), /grievances/:id (an employee's own) and
 * /clients/welcome/concerns/:id (a client's own). Its details and trail (the complainant's without the
 * office's internal notes); the office moves it along, writes notes (internal or not) and reads the
 * reprisal watch; the complainant adds to the trail, and a client complainant shares it with named family
 * members (whom the office sees).
 */
export function GrievancePage() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const api = useApiClient();
  const { user } = useAuthentication();
  const viewer = viewerOf(user?.role);
  const office = viewer === 'office';
  const timeZone = user?.timezone;
  const location = useLocation();
  const [notice, setNotice] = useState<ReactNode>((location.state as { notice?: string } | null)?.notice ?? null);
  const [error, setError] = useState<string | null>(null);
  const [moving, setMoving] = useState<GrievanceState | null>(null);
  const record = useRecord(() => api.grievances_retrieve({ id }), String(id), 'The grievance could not be loaded.', {
    enabled: Number.isInteger(id) && id > 0,
    clearOnNewKey: true,
  });
  const { data: grievance, setData: setGrievance } = record;
  // moved or noted elsewhere (another admin, the complainant): load it again
  useLiveEvents('grievance.changed', (event) => {
    if (event.data?.grievance_id === id) void record.reload();
  });

  if (!Number.isInteger(id) || id <= 0 || record.status === 404) return <PrivateNotFoundPage />;
  const back = <TextLink to={grievancesHome(viewer)}>{BACK_TEXT[viewer]}</TextLink>;
  if (!grievance) return <RecordPending title="Grievance" back={back} error={record.error} />;

  const changed = (answer: Grievance, text: ReactNode) => {
    setGrievance(answer);
    setNotice(text);
    setError(null);
    setMoving(null);
  };
  const complainant = grievance.complainant_name || grievance.complainant?.name || grievance.client?.name || '—';

  return (
    <PrivatePage
      title={categoryLabel(grievance.category)}
      description={
        <>
          {back} · <GrievanceStateTags grievance={grievance} office={office} />
        </>
      }
    >
      <Messages>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </Messages>

      {office && grievance.urgent ? (
        <Alert tone="error">
          Abuse, neglect or mistreatment: urgent. Every admin and the owner were told when it was filed. Protect the
          person first.
        </Alert>
      ) : null}

      <Panel aria-labelledby="grievance-state-title">
        <h2 id="grievance-state-title">State</h2>
        <Details>
          <dt>State</dt>
          <dd>
            <GrievanceStateTags grievance={grievance} office={office} />
          </dd>
          <dt>Filed</dt>
          <dd>
            {formatDateTime(grievance.created_at, timeZone)} ({ageText(grievance.created_at)}
            {grievance.channel === 'PORTAL' ? ', in the portal' : `, ${channelLabel(grievance.channel).toLowerCase()}`})
          </dd>
          {grievance.resolution ? (
            <>
              <dt>Resolution</dt>
              <Paragraph>{grievance.resolution}</Paragraph>
            </>
          ) : null}
        </Details>
        {office && grievance.moves.length ? (
          <RowActions role="group" aria-label="Move the grievance" css={{ marginTop: 16 }}>
            {grievance.moves.map((state) => (
              <Button
                key={state}
                variant={state === 'REOPENED' ? 'secondary' : 'primary'}
                onClick={() => setMoving(state)}
              >
                {GRIEVANCE_MOVE_LABELS[state]}
              </Button>
            ))}
          </RowActions>
        ) : null}
      </Panel>

      <TwoColumns css={{ alignItems: 'start' }}>
        <Panel aria-labelledby="grievance-details-title">
          <h2 id="grievance-details-title">Details</h2>
          <Details>
            <dt>Complainant</dt>
            <dd>{complainant}</dd>
            {office && grievance.client ? (
              <>
                <dt>Client</dt>
                <dd>
                  <TextLink to={`/clients/${grievance.client.id}`}>{grievance.client.name}</TextLink>
                </dd>
              </>
            ) : null}
            {office && grievance.shared_with && grievance.complainant && grievance.client ? (
              <>
                <dt>Shared with</dt>
                <dd>
                  {grievance.shared_with.length
                    ? grievance.shared_with.map((member) => member.name).join(', ')
                    : 'No one of the family'}
                </dd>
              </>
            ) : null}
            {office && grievance.filed_by && grievance.channel !== 'PORTAL' ? (
              <>
                <dt>Recorded by</dt>
                <dd>{grievance.filed_by.name}</dd>
              </>
            ) : null}
            <dt>What happened</dt>
            <Paragraph>{grievance.description}</Paragraph>
            <dt>When</dt>
            <dd>{grievance.occurred_on ? formatCalendarDate(grievance.occurred_on) : 'Not given'}</dd>
            <dt>Who was involved</dt>
            <Paragraph>{grievance.people_involved || 'Not given'}</Paragraph>
            <dt>Outcome wanted</dt>
            <Paragraph>{grievance.desired_outcome || 'Not given'}</Paragraph>
          </Details>
        </Panel>

        <Panel aria-labelledby="grievance-trail-title">
          <h2 id="grievance-trail-title">Trail</h2>
          <Timeline aria-labelledby="grievance-trail-title">
            {grievance.events.map((event) => (
              <TimelineEntry
                key={event.id}
                title={eventTitle(event)}
                tag={event.internal ? <Tag tone="warning">Hidden from the complainant</Tag> : null}
                note={event.note}
                by={event.by?.name ?? 'The office'}
                when={formatDateTime(event.at, timeZone)}
                internal={event.internal}
              />
            ))}
          </Timeline>
          <AddNoteForm
            titleId="add-grievance-note-title"
            hint={office ? undefined : 'The office reads it with your grievance.'}
            internalLabel={office ? 'Internal: hidden from the complainant' : undefined}
            onError={setError}
            onAdd={async ({ note, internal }) => {
              setNotice(null);
              setError(null);
              const answer = await api.grievances_notes_create({ id }, { note, ...(office ? { internal } : {}) });
              changed(answer, internal ? 'The internal note was added.' : 'The note was added.');
            }}
          />
        </Panel>
      </TwoColumns>

      {viewer === 'client' && grievance.shared_with ? (
        <ShareWithFamily
          grievance={grievance}
          onShared={(answer, text) => changed(answer, text)}
          onUnshared={(text) => {
            setNotice(text);
            setError(null);
            void record.reload();
          }}
        />
      ) : null}

      {office && grievance.reprisal_watch ? (
        <Panel aria-labelledby="grievance-watch-title">
          <h2 id="grievance-watch-title">Reprisal watch</h2>
          <p css={{ marginTop: 0 }}>
            Changes to the complainant's visits or role for {REPRISAL_WATCH_DAYS} days after filing (until{' '}
            {formatDateTime(grievance.reprisal_watch.until, timeZone)}), from the audit log.
          </p>
          {grievance.reprisal_watch.changes.length === 0 ? (
            <p css={{ margin: 0 }}>No changes so far.</p>
          ) : (
            <Timeline aria-labelledby="grievance-watch-title">
              {grievance.reprisal_watch.changes.map((change) => (
                <TimelineEntry
                  key={change.id}
                  title={changeText(change)}
                  by={change.by?.name ?? 'The system'}
                  when={formatDateTime(change.at, timeZone)}
                />
              ))}
            </Timeline>
          )}
        </Panel>
      ) : null}

      {moving ? (
        <MoveDialog
          grievance={grievance}
          to={moving}
          onClose={() => setMoving(null)}
          onSave={async (body) => {
            const answer = await api.grievances_transition_create({ id }, body);
            changed(answer, `The grievance is now ${stateLabel(answer.state)}.`);
          }}
        />
      ) : null}
    </PrivatePage>
  );
}

/** A move with its note; Resolve asks for the resolution. */
function MoveDialog({
  grievance,
  to,
  onClose,
  onSave,
}: {
  grievance: Grievance;
  to: GrievanceState;
  onClose: () => void;
  onSave: (body: { state: GrievanceState; note?: string; resolution?: string }) => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const resolving = to === 'RESOLVED';
  const title = `${GRIEVANCE_MOVE_LABELS[to]}: ${categoryLabel(grievance.category).toLowerCase()}`;
  return (
    <Dialog title={title} onClose={onClose}>
      <Messages>{error ? <Alert tone="error">{error}</Alert> : null}</Messages>
      <Formik
        initialValues={{ resolution: '', note: '' }}
        validationSchema={yup.object({
          resolution: resolving
            ? yup
                .string()
                .trim()
                .required('Write the resolution: what was found and what was done.')
                .max(5000, 'Use at most 5,000 characters')
            : yup.string(),
          note: yup.string().max(5000, 'Use at most 5,000 characters'),
        })}
        onSubmit={async (values, { setErrors }) => {
          setError(null);
          try {
            await onSave({
              state: to,
              ...(values.note.trim() ? { note: values.note.trim() } : {}),
              ...(resolving ? { resolution: values.resolution.trim() } : {}),
            });
          } catch (failure) {
            showSubmitFailure(failure, {
              known: ['resolution', 'note'],
              setErrors,
              setError,
              fallback: 'The grievance could not be moved.',
            });
          }
        }}
      >
        <StackedForm aria-label={title}>
          {resolving ? (
            <TextAreaField name="resolution" label="Resolution" hint="The complainant reads it." data-autofocus />
          ) : null}
          <TextAreaField
            name="note"
            label="Note (optional)"
            hint="The complainant sees this step and its note."
            data-autofocus={!resolving || undefined}
          />
          <DialogActions>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton>{GRIEVANCE_MOVE_LABELS[to]}</SubmitButton>
          </DialogActions>
        </StackedForm>
      </Formik>
    </Dialog>
  );
}

export default GrievancePage;
