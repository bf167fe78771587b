import styled from '@emotion/styled';
import { Form, Formik } from 'formik';
import { useId, useState } from 'react';
import * as yup from 'yup';
import { LOCATION_TYPES, type LocationType } from '../../domain/visits';
import { Alert } from '../../ui/alert';
import { apiErrorBody, apiErrorDetail, apiErrorStatus, showSubmitFailure } from '../../ui/api-error';
import { Button } from '../../ui/button';
import { Dialog, DialogActions } from '../../ui/confirm-dialog';
import { DialogForm } from '../../ui/dialog-form';
import { FormStack, SelectField, TextAreaField } from '../../ui/fields';
import { SubmitButton } from '../../ui/submit-button';
import { TagList } from '../../ui/tag';
import {
  clientName,
  dayInWords,
  mapsUrl,
  serviceLabel,
  visitTime,
  visitWindow,
  workedTimesOf,
  workedTimesText,
} from '../../domain/visit-text';
import { VisitStatusTag } from '../../ui/visit-status-tag';
import type { ApiClient } from '../../api/client';
import type { ClockBody, Visit } from '../../api/visits';
import { currentPosition, POSITION_FAILURES, type ClockPosition } from './geolocation';

export const Card = styled.article`
  padding: ${({ theme }) => theme.spacing(2)};
  background: ${({ theme }) => theme.palette.background.surface};
  border: 1px solid ${({ theme }) => theme.palette.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow-wrap: anywhere;
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  p {
    margin: ${({ theme }) => theme.spacing(0.75, 0, 0)};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(1)};
  margin-top: ${({ theme }) => theme.spacing(1.5)};
  & > * {
    flex: 1 1 140px;
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.palette.text.secondary};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const LOCATION_OPTIONS = (Object.entries(LOCATION_TYPES) as [LocationType, string][]).map(([value, label]) => ({
  value,
  label,
}));

const locationSchema = yup.object({
  location_type: yup
    .string()
    .oneOf(Object.keys(LOCATION_TYPES), 'Choose Home or Community.')
    .required('Choose Home or Community.'),
  reason: yup
    .string()
    .trim()
    .required('Say why your position does not place you at the home.')
    .max(2000, 'Keep it under 2,000 characters.'),
});

const calloutSchema = yup.object({
  reason: yup.string().trim().required('Say why you cannot make it.').max(2000, 'Keep it under 2,000 characters.'),
});

type ClockKind = 'in' | 'out';

/** The clock the server wants completed: where the caregiver is and why, with the position if one was taken. */
interface LocationQuestion {
  kind: ClockKind;
  message: string;
  position: ClockPosition | null;
}

/** The server refused the position (too far, or the home has none): it asks for a location type. */
const asksForLocation = (failure: unknown) =>
  apiErrorStatus(failure) === 400 && !!apiErrorBody(failure)?.fields?.location_type;

export interface VisitCardProps {
  visit: Visit;
  api: ApiClient;
  /** The instant the page was drawn (decides which actions a visit offers). */
  now: Date;
  /** Shows the visit's day (upcoming and past visits; today's go without). */
  showDay?: boolean;
  onChange: (visit: Visit) => void;
  /** After "I can't make it": the visit is Open and no longer the caregiver's. */
  onCalledOut: (visit: Visit) => void;
}

/** One of the caregiver's visits: when, who, what, where, and the clock in/out and call-out. */
export function VisitCard({ visit, api, now, showDay, onChange, onCalledOut }: VisitCardProps) {
  const titleId = useId();
  const [busy, setBusy] = useState<'locating' | 'sending' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [question, setQuestion] = useState<LocationQuestion | null>(null);
  const [callingOut, setCallingOut] = useState(false);

  const startsAt = new Date(visit.starts_at);
  const endsAt = new Date(visit.ends_at);
  const canClockIn =
    visit.status === 'SCHEDULED' && endsAt > now && startsAt.getTime() - now.getTime() < 12 * 60 * 60_000;
  const canClockOut = visit.status === 'IN_PROGRESS';
  const canCallOut = visit.status === 'SCHEDULED' && startsAt > now;
  const maps = mapsUrl(visit);
  const worked = workedTimesText(visit.timezone, workedTimesOf(visit));
  const clock = (kind: ClockKind, body: ClockBody) =>
    kind === 'in'
      ? api.visits_clock_in_create({ id: visit.id }, body)
      : api.visits_clock_out_create({ id: visit.id }, body);

  const startClock = async (kind: ClockKind) => {
    setError(null);
    setBusy('locating');
    const answer = await currentPosition();
    if ('failure' in answer) {
      setBusy(null);
      setQuestion({
        kind,
        position: null,
        message: `${POSITION_FAILURES[answer.failure]} Choose where you are and say why.`,
      });
      return;
    }
    setBusy('sending');
    try {
      onChange(await clock(kind, answer.position));
    } catch (failure) {
      if (asksForLocation(failure)) setQuestion({ kind, position: answer.position, message: apiErrorDetail(failure) });
      else
        setError(
          apiErrorDetail(
            failure,
            kind === 'in' ? 'The clock-in could not be recorded.' : 'The clock-out could not be recorded.',
          ),
        );
    } finally {
      setBusy(null);
    }
  };

  const clockLabel = (kind: ClockKind) => (kind === 'in' ? 'Clock in' : 'Clock out');
  const busyLabel = busy === 'locating' ? 'Finding your position…' : 'Recording…';

  return (
    <Card aria-labelledby={titleId}>
      <h3 id={titleId}>
        {showDay ? `${dayInWords(visit.service_date)}, ` : ''}
        {visitWindow(visit)} · {clientName(visit)}
      </h3>
      <p>
        <TagList>
          <span>{serviceLabel(visit.service)}</span>
          <VisitStatusTag status={visit.status} />
        </TagList>
      </p>
      {visit.status === 'IN_PROGRESS' && visit.clock_in ? (
        <p>In progress since {visitTime(visit, visit.clock_in.at)}</p>
      ) : null}
      {(visit.status === 'COMPLETED' || visit.status === 'VERIFIED') && worked ? (
        <p>
          {worked}
          {visit.status === 'COMPLETED' ? ' · the office reviews it' : ''}
        </p>
      ) : null}
      {visit.status === 'SCHEDULED' && endsAt <= now ? (
        <Muted>Not clocked: ask the office to record your times.</Muted>
      ) : null}
      {visit.address ? (
        <p>
          {visit.address}
          {maps ? (
            <>
              {' '}
              ·{' '}
              <a href={maps} target="_blank" rel="noreferrer">
                Open in maps
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {visit.notes ? <Muted>{visit.notes}</Muted> : null}
      {error ? (
        <div css={{ marginTop: 12 }}>
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      {canClockIn || canClockOut || canCallOut ? (
        <Actions>
          {canClockIn ? (
            <Button onClick={() => void startClock('in')} disabled={!!busy} aria-busy={busy ? true : undefined}>
              {busy ? busyLabel : 'Clock in'}
            </Button>
          ) : null}
          {canClockOut ? (
            <Button onClick={() => void startClock('out')} disabled={!!busy} aria-busy={busy ? true : undefined}>
              {busy ? busyLabel : 'Clock out'}
            </Button>
          ) : null}
          {canCallOut ? (
            <Button variant="secondary" onClick={() => setCallingOut(true)} disabled={!!busy}>
              I can't make it
            </Button>
          ) : null}
        </Actions>
      ) : null}

      {question ? (
        <Dialog title={`${clockLabel(question.kind)}: where are you?`} onClose={() => setQuestion(null)}>
          <Formik
            initialValues={{ location_type: '', reason: '' }}
            validationSchema={locationSchema}
            onSubmit={async (values, { setErrors, setStatus }) => {
              setStatus(null);
              try {
                const body: ClockBody = {
                  ...(question.position ?? {}),
                  location_type: values.location_type as LocationType,
                  reason: values.reason.trim(),
                };
                onChange(await clock(question.kind, body));
                setQuestion(null);
              } catch (failure) {
                showSubmitFailure(failure, {
                  known: ['location_type', 'reason'],
                  setErrors,
                  setError: setStatus,
                  fallback: 'The clock could not be recorded.',
                });
              }
            }}
          >
            {({ status }) => (
              <Form
                noValidate
                aria-label={`Where you are for the ${question.kind === 'in' ? 'clock-in' : 'clock-out'}`}
              >
                <FormStack>
                  <Alert tone="warning">{question.message}</Alert>
                  {typeof status === 'string' ? <Alert tone="error">{status}</Alert> : null}
                  <SelectField
                    name="location_type"
                    label="Where are you?"
                    placeholder="Choose Home or Community"
                    options={LOCATION_OPTIONS}
                    data-autofocus
                  />
                  <TextAreaField name="reason" label="Why?" hint="The office reads it with the visit." />
                </FormStack>
                <DialogActions>
                  <Button variant="secondary" onClick={() => setQuestion(null)}>
                    Cancel
                  </Button>
                  <SubmitButton submittingLabel="Recording">{clockLabel(question.kind)}</SubmitButton>
                </DialogActions>
              </Form>
            )}
          </Formik>
        </Dialog>
      ) : null}

      {callingOut ? (
        <Dialog title="I can't make it" onClose={() => setCallingOut(false)}>
          <p>
            {dayInWords(visit.service_date)}, {visitWindow(visit)} with {clientName(visit)}. The visit becomes open for
            another caregiver and the office is told.
          </p>
          <Formik
            initialValues={{ reason: '' }}
            validationSchema={calloutSchema}
            onSubmit={async (values, { setErrors, setStatus }) => {
              setStatus(null);
              try {
                const answer = await api.visits_callout_create({ id: visit.id }, { reason: values.reason.trim() });
                setCallingOut(false);
                onCalledOut(answer);
              } catch (failure) {
                showSubmitFailure(failure, {
                  known: ['reason'],
                  setErrors,
                  setError: setStatus,
                  fallback: 'The office could not be told. Call the office.',
                });
              }
            }}
          >
            <DialogForm
              label="Why you cannot make it"
              actions={
                <>
                  <Button variant="secondary" onClick={() => setCallingOut(false)}>
                    Keep the visit
                  </Button>
                  <SubmitButton submittingLabel="Sending">Tell the office</SubmitButton>
                </>
              }
            >
              <TextAreaField name="reason" label="Reason" data-autofocus />
            </DialogForm>
          </Formik>
        </Dialog>
      ) : null}
    </Card>
  );
}
