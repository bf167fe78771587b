import { Formik } from 'formik';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { ListFilters } from '../../app/list-filters';
import { ListTable } from '../../app/list-table';
import { useList } from '../../app/use-list';
import { useRecord } from '../../app/use-record';
import { RecordPending } from '../../app/record-pending';
import { formatDateTime } from '../../app/date-time';
import { POSITIONS, positionLabel, type Position } from '../../domain/labels';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { Button, TextLink } from '../../ui/button';
import { ConfirmDialog, Dialog, DialogActions } from '../../ui/confirm-dialog';
import type { DataTableColumn } from '../../ui/data-table';
import { SignatureImage } from '../../ui/signature-image';
import { AVAILABILITY_DAYS, AVAILABILITY_SHIFTS } from '../../domain/labels';
import { StackedForm, TextAreaField } from '../../ui/fields';
import { SubmitButton } from '../../ui/submit-button';
import {
  downloadFile,
  formatCalendarDate,
  formatDayIn,
  personName,
  type Application,
  type ApplicationStatus,
  type Employee,
} from '../../api/hiring';
import { Details, Messages, Panel, RowActions } from '../../ui/layout';
import { Tag, type TagTone } from '../../ui/tag';
import { ToggleGroup } from '../../ui/tab-strip';
import { PrivatePage } from '../../app/page-shell';

export const APPLICATIONS_PAGE_SIZE = 20;

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  PENDING: 'Pending',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
};
const STATUS_TONES: Record<ApplicationStatus, TagTone> = { PENDING: 'warning', ACCEPTED: 'success', REJECTED: 'error' };
const STATUSES = Object.keys(APPLICATION_STATUS_LABELS) as ApplicationStatus[];

export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function isStatus(value: string | null): value is ApplicationStatus {
  return !!value && (STATUSES as string[]).includes(value);
}

/** /applications (view-applications): the list by status, and one application at ?id=. */
export function ApplicationsPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (Number.isInteger(id) && id > 0) return <ApplicationDetail id={id} />;
  return <ApplicationList />;
}

function ApplicationList() {
  const api = useApiClient();
  const { user } = useAuthentication();
  const [params, setParams] = useSearchParams();
  const status: ApplicationStatus = isStatus(params.get('status'))
    ? (params.get('status') as ApplicationStatus)
    : 'PENDING';
  const list = useList({
    load: (page, { position }) =>
      api.applications_list({ ...page, status, ...(position ? { position: position as Position } : {}) }),
    pageSize: APPLICATIONS_PAGE_SIZE,
    ordering: '-created_at',
    filters: { position: '' },
    failureText: 'The applications could not be loaded.',
    key: status,
  });

  const columns: DataTableColumn<Application>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'last_name',
      render: (row) => <TextLink to={`/applications?id=${row.id}`}>{personName(row)}</TextLink>,
    },
    { key: 'position', header: 'Position', sortField: 'position', render: (row) => positionLabel(row.position) },
    {
      key: 'created_at',
      header: 'Applied',
      sortField: 'created_at',
      render: (row) => formatDayIn(row.created_at, user?.timezone),
    },
    {
      key: 'status',
      header: 'Status',
      render: (row) => <Tag tone={STATUS_TONES[row.status]}>{APPLICATION_STATUS_LABELS[row.status]}</Tag>,
    },
  ];

  return (
    <PrivatePage title="Applications" description="Job applications sent through your apply-now page.">
      <ToggleGroup
        label="Application status"
        value={status}
        options={STATUSES.map((value) => ({ value, label: APPLICATION_STATUS_LABELS[value] }))}
        onChange={(next) => setParams(next === 'PENDING' ? {} : { status: next })}
      />
      <Messages>{list.error ? <Alert tone="error">{list.error}</Alert> : null}</Messages>
      <ListFilters
        list={list}
        label="Filter applications"
        search={{ label: 'Search applications', placeholder: 'Name, email or phone' }}
        choices={[{ name: 'position', label: 'Position', all: 'All positions', options: POSITIONS }]}
      />
      <ListTable
        list={list}
        caption={`${APPLICATION_STATUS_LABELS[status]} applications`}
        columns={columns}
        rowKey={(row) => row.id}
        noMatch={{ title: 'No applications match', description: 'Try another search or position.' }}
        empty={{
          title: `No ${APPLICATION_STATUS_LABELS[status].toLowerCase()} applications`,
          description: 'Applications sent through your apply-now page appear here.',
        }}
      />
    </PrivatePage>
  );
}

const rejectSchema = yup.object({ reason: yup.string().trim().required('Enter the reason for the rejection') });

function ApplicationDetail({ id }: { id: number }) {
  const client = useApiClient();
  const api = client;
  const { user } = useAuthentication();
  const record = useRecord(
    () => api.applications_retrieve({ id }),
    String(id),
    'The application could not be loaded.',
    { clearOnNewKey: true },
  );
  const { data: application, setData: setApplication } = record;
  const [actionError, setActionError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<Employee | null>(null);
  const [dialog, setDialog] = useState<'accept' | 'reject' | null>(null);
  const [busy, setBusy] = useState(false);

  const back = <TextLink to="/applications">Back to applications</TextLink>;

  if (!application) return <RecordPending title="Application" back={back} error={record.error} />;

  const name = personName(application);
  const accept = async () => {
    setBusy(true);
    setActionError(null);
    try {
      const answer = await api.applications_accept_create({ id });
      setApplication(answer.application);
      setAccepted(answer.employee);
    } catch (failure) {
      setActionError(apiErrorDetail(failure, 'The application could not be accepted.'));
    } finally {
      setBusy(false);
      setDialog(null);
    }
  };

  const download = async () => {
    if (!application.resume) return;
    setActionError(null);
    try {
      await downloadFile(client, 'applications_resume_retrieve', application.id, application.resume.name);
    } catch (failure) {
      setActionError(apiErrorDetail(failure, 'The resume could not be downloaded.'));
    }
  };

  const availability = application.availability ?? {};
  const employeeId = accepted?.id ?? application.employee_id;

  return (
    <PrivatePage
      title={name}
      description={
        <>
          {back} · Application for {positionLabel(application.position)}
        </>
      }
      actions={
        application.status === 'PENDING' ? (
          <>
            <Button onClick={() => setDialog('accept')}>Accept</Button>
            <Button variant="danger" onClick={() => setDialog('reject')}>
              Reject
            </Button>
          </>
        ) : null
      }
    >
      <Messages>
        {accepted ? (
          <Alert tone="success">
            {personName(accepted)} is now an employee and the sign-up invitation was sent to {accepted.email}.{' '}
            <Link to={`/employees/${accepted.id}`}>Open the employee</Link>
          </Alert>
        ) : null}
        {actionError ? <Alert tone="error">{actionError}</Alert> : null}
      </Messages>

      <Panel aria-labelledby="application-status-title">
        <h2 id="application-status-title">Status</h2>
        <Details>
          <dt>Status</dt>
          <dd>
            <Tag tone={STATUS_TONES[application.status]}>{APPLICATION_STATUS_LABELS[application.status]}</Tag>
          </dd>
          <dt>Applied</dt>
          <dd>{formatDateTime(application.created_at, user?.timezone)}</dd>
          {application.reviewed_at ? (
            <>
              <dt>Reviewed</dt>
              <dd>
                {formatDateTime(application.reviewed_at, user?.timezone)}
                {application.reviewed_by ? ` by ${application.reviewed_by.name}` : ''}
              </dd>
            </>
          ) : null}
          {application.status === 'REJECTED' ? (
            <>
              <dt>Reason for rejection</dt>
              <dd>{application.rejection_reason || '—'}</dd>
            </>
          ) : null}
          {employeeId ? (
            <>
              <dt>Employee</dt>
              <dd>
                <TextLink to={`/employees/${employeeId}`}>Open the employee record</TextLink>
              </dd>
            </>
          ) : null}
        </Details>
      </Panel>

      <Panel aria-labelledby="application-contact-title">
        <h2 id="application-contact-title">Contact</h2>
        <Details>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${application.email}`}>{application.email}</a>
          </dd>
          <dt>Phone</dt>
          <dd>{application.phone ? <a href={`tel:${application.phone}`}>{application.phone}</a> : '—'}</dd>
          <dt>Address</dt>
          <dd>{application.address || '—'}</dd>
        </Details>
      </Panel>

      <Panel aria-labelledby="application-availability-title">
        <h2 id="application-availability-title">Availability</h2>
        <Details>
          <dt>Days</dt>
          <dd>
            {availability.days?.length ? availability.days.map((day) => AVAILABILITY_DAYS[day] ?? day).join(', ') : '—'}
          </dd>
          <dt>Shifts</dt>
          <dd>
            {availability.shifts?.length
              ? availability.shifts.map((shift) => AVAILABILITY_SHIFTS[shift] ?? shift).join(', ')
              : '—'}
          </dd>
          <dt>Can start</dt>
          <dd>{formatCalendarDate(availability.start_date)}</dd>
          <dt>Hours per week</dt>
          <dd>{availability.hours_per_week ?? '—'}</dd>
        </Details>
      </Panel>

      <Panel aria-labelledby="application-experience-title">
        <h2 id="application-experience-title">Experience</h2>
        <Details>
          <dt>Years of experience</dt>
          <dd>{application.years_experience ?? '—'}</dd>
          <dt>Experience</dt>
          <dd>{application.experience || '—'}</dd>
          <dt>Resume</dt>
          <dd>
            {application.resume ? (
              <RowActions>
                <span>
                  {application.resume.name} ({fileSizeText(application.resume.size)})
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void download()}
                  aria-label={`Download resume ${application.resume.name}`}
                >
                  Download
                </Button>
              </RowActions>
            ) : (
              'No resume'
            )}
          </dd>
        </Details>
      </Panel>

      <Panel aria-labelledby="application-attestation-title">
        <h2 id="application-attestation-title">Attestation</h2>
        <p css={{ marginTop: 0 }}>
          The applicant attested that the information given is true and complete, and signed:
        </p>
        {application.attestation_signature_url ? (
          <SignatureImage
            key={application.id}
            load={() => client.applications_signature_retrieve({ id: application.id }, null, { responseType: 'blob' })}
            alt={`Signature of ${name}`}
          />
        ) : (
          <p>No signature.</p>
        )}
      </Panel>

      {dialog === 'accept' ? (
        <ConfirmDialog
          title={`Accept ${name}?`}
          confirmLabel="Accept"
          busy={busy}
          onConfirm={() => void accept()}
          onCancel={() => setDialog(null)}
        >
          <p>Create an employee and send the sign-up invitation?</p>
        </ConfirmDialog>
      ) : null}

      {dialog === 'reject' ? (
        <Dialog title={`Reject ${name}?`} onClose={() => setDialog(null)}>
          <Formik
            initialValues={{ reason: '' }}
            validationSchema={rejectSchema}
            onSubmit={async (values) => {
              setActionError(null);
              try {
                const answer = await api.applications_reject_create({ id }, { reason: values.reason.trim() });
                setApplication(answer);
                setDialog(null);
              } catch (failure) {
                setActionError(apiErrorDetail(failure, 'The application could not be rejected.'));
                setDialog(null);
              }
            }}
          >
            <StackedForm aria-label="Reject the application">
              <TextAreaField name="reason" label="Reason" data-autofocus hint="Kept with the application." />
              <DialogActions>
                <Button variant="secondary" onClick={() => setDialog(null)}>
                  Cancel
                </Button>
                <SubmitButton variant="danger">Reject application</SubmitButton>
              </DialogActions>
            </StackedForm>
          </Formik>
        </Dialog>
      ) : null}
    </PrivatePage>
  );
}

export default ApplicationsPage;
