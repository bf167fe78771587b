import { Global, css } from '@emotion/react';
import styled from '@emotion/styled';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { formatDateTime } from '../date-time';
import { RESOLUTIONS } from '../../domain/visits';
import {
  REVIEW_STATUSES,
  UNABLE_REASONS,
  type ReviewStatus,
  type UnableReason,
} from '../../domain/work-service-reviews';
import { Alert } from '../../ui/alert';
import { showSubmitFailure } from '../../ui/api-error';
import { Button } from '../../ui/button';
import { FormStack, labelOptions, SelectField, StackedForm, TextAreaField } from '../../ui/fields';
import { SignatureField } from '../../ui/signature-pad';
import { SignatureImage } from '../../ui/signature-image';
import { SubmitButton, SubmitOrCancel } from '../../ui/submit-button';
import { Messages, Panel, RowActions } from '../../ui/layout';
import { Tag, TagList, type TagTone } from '../../ui/tag';
import { Cards } from '../../ui/cards';
import { dayInWords, formatMinutes, serviceLabel, visitWindow } from '../../domain/visit-text';
import type { ApiClient } from '../../api/client';
import type { Review, ReviewVisit } from '../../api/work-service-reviews';

const STATUS_TONES: Record<ReviewStatus, TagTone> = {
  PENDING: 'warning',
  SIGNED: 'success',
  DISPUTED: 'error',
  UNABLE_TO_SIGN: 'neutral',
};

/** A review's state in words (the colour only repeats it). */
export function ReviewStatusTag({ status }: { status: ReviewStatus }) {
  return <Tag tone={STATUS_TONES[status]}>{REVIEW_STATUSES[status] ?? status}</Tag>;
}

/** "2 visits · 2 h 30 min". */
export const reviewTotals = (review: Pick<Review, 'visit_count' | 'total_minutes'>) =>
  `${review.visit_count} ${review.visit_count === 1 ? 'visit' : 'visits'} · ${formatMinutes(review.total_minutes)}`;

/**
 * Printing a review: only the review (no header, menu, buttons or forms), black on white. Rendered while a
 * review is on the screen; `data-print="hide"` marks anything else to leave out.
 */
const printStyles = css`
  @media print {
    header,
    nav,
    button,
    form,
    [data-print='hide'] {
      display: none !important;
    }
    body {
      background: #ffffff !important;
      color: #000000 !important;
    }
    main {
      grid-column: 1 / -1 !important;
      padding: 0 !important;
    }
    section {
      border: 0 !important;
      padding: 0 !important;
      break-inside: avoid;
    }
    li {
      break-inside: avoid;
    }
    a {
      color: inherit !important;
      text-decoration: none !important;
    }
  }
`;

export function ReviewPrintStyles() {
  return <Global styles={printStyles} />;
}

/** The week's visits, a card each: readable on a phone, one row each on paper. */
const VisitCards = styled(Cards)`
  blockquote {
    margin: ${({ theme }) => theme.spacing(1, 0, 0)};
    padding-left: ${({ theme }) => theme.spacing(1.5)};
    border-left: 3px solid ${({ theme }) => theme.palette.border};
    white-space: pre-wrap;
  }
`;

const disputeSchema = yup.object({
  comment: yup
    .string()
    .trim()
    .required('Say what is not right about this visit.')
    .max(2000, 'Keep it under 2,000 characters.'),
});

function DisputeForm({
  review,
  visit,
  api,
  onDone,
  onCancel,
}: {
  review: Review;
  visit: ReviewVisit;
  api: ApiClient;
  onDone: (review: Review) => void;
  onCancel: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const formId = `dispute-${visit.visit_id}`;
  return (
    <Formik
      initialValues={{ comment: '' }}
      validationSchema={disputeSchema}
      onSubmit={async (values, { setErrors }) => {
        setError(null);
        try {
          onDone(
            await api.work_service_reviews_dispute_create(
              { id: review.id },
              { visit_id: visit.visit_id, comment: values.comment.trim() },
            ),
          );
        } catch (failure) {
          showSubmitFailure(failure, {
            known: ['comment'],
            setErrors,
            setError,
            fallback: 'Your dispute could not be sent. Please try again.',
          });
        }
      }}
    >
      <Form
        noValidate
        aria-label={`Dispute the visit of ${dayInWords(visit.service_date)}`}
        id={formId}
        css={{ marginTop: 12 }}
      >
        <FormStack>
          <TextAreaField
            name="comment"
            label="What is not right about this visit?"
            hint="For example the times, who came, or that nobody came. The office looks into it."
            rows={3}
          />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <SubmitOrCancel submittingLabel="Sending" onCancel={onCancel}>
            Send dispute
          </SubmitOrCancel>
        </FormStack>
      </Form>
    </Formik>
  );
}

function DisputeNote({ visit, office }: { visit: ReviewVisit; office: boolean }) {
  const dispute = visit.dispute!;
  const resolved = dispute.resolution
    ? `${RESOLUTIONS[dispute.resolution] ?? dispute.resolution} by the office`
    : 'The office is looking into it';
  return (
    <>
      <p>
        <TagList>
          <Tag tone={dispute.resolution ? 'success' : 'error'}>
            {office ? 'Disputed by the client' : 'You disputed this visit'}
          </Tag>
          <span>{resolved}</span>
        </TagList>
      </p>
      <blockquote>{dispute.comment}</blockquote>
    </>
  );
}

function VisitList({
  review,
  api,
  mayDispute,
  office,
  onChange,
}: {
  review: Review;
  api: ApiClient;
  mayDispute: boolean;
  office: boolean;
  onChange: (review: Review) => void;
}) {
  const [disputing, setDisputing] = useState<number | null>(null);
  if (review.visits.length === 0) return <p css={{ margin: 0 }}>No visit of this week took place.</p>;
  return (
    <VisitCards aria-label="Visits of the week">
      {review.visits.map((visit) => {
        const window = visitWindow({ timezone: review.timezone, starts_at: visit.starts_at, ends_at: visit.ends_at });
        return (
          <li key={visit.visit_id}>
            <strong>{dayInWords(visit.service_date)}</strong>
            <p>
              {window} · {formatMinutes(visit.minutes)}
            </p>
            <p>
              {serviceLabel(visit.service)}
              {visit.caregiver ? ` with ${visit.caregiver.name}` : ''}
            </p>
            {visit.corrected ? (
              <p>
                <Tag>Times corrected by the office</Tag>
              </p>
            ) : null}
            {visit.dispute ? <DisputeNote visit={visit} office={office} /> : null}
            {mayDispute && !visit.dispute ? (
              disputing === visit.visit_id ? (
                <DisputeForm
                  review={review}
                  visit={visit}
                  api={api}
                  onCancel={() => setDisputing(null)}
                  onDone={(next) => {
                    setDisputing(null);
                    onChange(next);
                  }}
                />
              ) : (
                <p css={{ marginTop: 8 }}>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setDisputing(visit.visit_id)}
                    aria-label={`Dispute the visit of ${dayInWords(visit.service_date)}`}
                  >
                    Dispute this visit
                  </Button>
                </p>
              )
            ) : null}
          </li>
        );
      })}
    </VisitCards>
  );
}

const signSchema = yup.object({
  signature: yup.string().nullable().required('Sign in the box to confirm the visits.'),
});

function SignForm({ review, api, onSigned }: { review: Review; api: ApiClient; onSigned: (review: Review) => void }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <Panel aria-labelledby="review-sign-title">
      <h2 id="review-sign-title">Sign the week</h2>
      <Formik<{ signature: string | null }>
        initialValues={{ signature: null }}
        validationSchema={signSchema}
        onSubmit={async (values, { setErrors }) => {
          setError(null);
          try {
            onSigned(await api.work_service_reviews_sign_create({ id: review.id }, { signature: values.signature! }));
          } catch (failure) {
            showSubmitFailure(failure, {
              known: ['signature'],
              setErrors,
              setError,
              fallback: 'The review could not be signed. Please try again.',
            });
          }
        }}
      >
        <StackedForm aria-label="Sign the week">
          <SignatureField
            name="signature"
            label="Your signature"
            hint="Sign with your finger, stylus or mouse. Signing confirms that these visits took place as listed."
          />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div>
            <SubmitButton submittingLabel="Signing" errorsOnSubmit>
              Sign
            </SubmitButton>
          </div>
        </StackedForm>
      </Formik>
    </Panel>
  );
}

const UNABLE_OPTIONS = labelOptions(UNABLE_REASONS);
const unableSchema = yup.object({
  reason: yup
    .string()
    .oneOf(Object.keys(UNABLE_REASONS), 'Choose why the client cannot sign.')
    .required('Choose why the client cannot sign.'),
  note: yup
    .string()
    .trim()
    .required('Say what happened: the note is kept with the review.')
    .max(2000, 'Keep it under 2,000 characters.'),
});

function UnableForm({ review, api, onDone }: { review: Review; api: ApiClient; onDone: (review: Review) => void }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <Panel aria-labelledby="review-unable-title" data-print="hide">
      <h2 id="review-unable-title">Client cannot sign</h2>
      <p css={{ marginTop: 0 }}>
        When the client cannot sign this week, record why. The review is then closed without a signature.
      </p>
      <Formik
        initialValues={{ reason: '', note: '' }}
        validationSchema={unableSchema}
        onSubmit={async (values, { setErrors }) => {
          setError(null);
          try {
            onDone(
              await api.work_service_reviews_unable_create(
                { id: review.id },
                { reason: values.reason as UnableReason, note: values.note.trim() },
              ),
            );
          } catch (failure) {
            showSubmitFailure(failure, {
              known: ['reason', 'note'],
              setErrors,
              setError,
              fallback: 'This could not be recorded. Please try again.',
            });
          }
        }}
      >
        <StackedForm aria-labelledby="review-unable-title">
          <SelectField name="reason" label="Why" placeholder="Choose one" options={UNABLE_OPTIONS} />
          <TextAreaField name="note" label="Note" hint="What happened, and who you spoke with." rows={3} />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div>
            <SubmitButton submittingLabel="Recording">Record that the client cannot sign</SubmitButton>
          </div>
        </StackedForm>
      </Formik>
    </Panel>
  );
}

export interface ReviewViewProps {
  review: Review;
  api: ApiClient;
  /** The office's view: read-only, plus "Client cannot sign" while the review is open. */
  office: boolean;
  /** The time zone dates of signing are shown in (the signed-in person's). */
  timeZone: string | null | undefined;
  onChange: (review: Review) => void;
}

/** One review: its state, the week's visits (dispute one), the signature pad and Sign, or the signature once signed. */
export function ReviewView({ review, api, office, timeZone, onChange }: ReviewViewProps) {
  const [notice, setNotice] = useState<string | null>(null);
  const open = review.status === 'PENDING' || review.status === 'DISPUTED';
  const change = (next: Review, text: string) => {
    setNotice(text);
    onChange(next);
  };
  return (
    <>
      <ReviewPrintStyles />
      <Messages>
        {notice ? (
          <div data-print="hide">
            <Alert tone="success">{notice}</Alert>
          </div>
        ) : null}
        {review.status === 'SIGNED' ? (
          <Alert tone="success">
            Signed{review.signed_by ? ` by ${review.signed_by.name}` : ''} on{' '}
            {formatDateTime(review.signed_at, timeZone)}.
          </Alert>
        ) : null}
        {review.status === 'DISPUTED' ? (
          <Alert tone="warning">
            {office
              ? 'The client disputed a visit: it is in the exceptions queue. The client may still sign the week.'
              : 'You disputed a visit: the office is looking into it. You can still sign the week once you agree with it.'}
          </Alert>
        ) : null}
        {review.status === 'UNABLE_TO_SIGN' ? (
          <Alert tone="info">
            {office ? 'Recorded: the client cannot sign' : 'The office recorded that this week cannot be signed'}
            {review.unable_reason ? ` (${UNABLE_REASONS[review.unable_reason] ?? review.unable_reason})` : ''}
            {review.unable_recorded_at ? `, ${formatDateTime(review.unable_recorded_at, timeZone)}` : ''}
            {review.unable_recorded_by && office ? ` by ${review.unable_recorded_by.name}` : ''}.
            {office && review.unable_note ? (
              <span css={{ display: 'block', marginTop: 4, whiteSpace: 'pre-wrap' }}>{review.unable_note}</span>
            ) : null}
          </Alert>
        ) : null}
      </Messages>

      <Panel aria-labelledby="review-visits-title">
        <h2 id="review-visits-title">{office ? review.title : 'The week’s visits'}</h2>
        <p css={{ marginTop: 0 }}>
          {reviewTotals(review)}
          {!office && open
            ? '. Check each visit: the day, the times and who came. If one is not right, dispute it; then sign below.'
            : null}
        </p>
        <VisitList
          review={review}
          api={api}
          office={office}
          mayDispute={!office && open}
          onChange={(next) => change(next, 'Thank you. The office was told and looks into the visit.')}
        />
      </Panel>

      {review.status === 'SIGNED' ? (
        <Panel aria-labelledby="review-signature-title">
          <h2 id="review-signature-title">Signature</h2>
          <SignatureImage
            key={review.signed_at ?? ''}
            load={() => api.work_service_reviews_signature_retrieve({ id: review.id }, null, { responseType: 'blob' })}
            alt={`Signature of ${review.signed_by?.name ?? 'the client'}`}
          />
          <p css={{ margin: '8px 0 0' }}>
            {review.signed_by?.name ?? 'The client'}, {formatDateTime(review.signed_at, timeZone)}
          </p>
          <RowActions css={{ marginTop: 16 }} data-print="hide">
            <Button variant="secondary" onClick={() => window.print()}>
              Print
            </Button>
          </RowActions>
        </Panel>
      ) : null}

      {!office && open ? (
        <SignForm review={review} api={api} onSigned={(next) => change(next, 'Thank you. The week is signed.')} />
      ) : null}
      {office && open ? (
        <UnableForm
          review={review}
          api={api}
          onDone={(next) => change(next, 'Recorded: the client cannot sign this week.')}
        />
      ) : null}
    </>
  );
}
