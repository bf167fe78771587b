import styled from '@emotion/styled';
import { Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { useAuthentication } from '../../app/authentication';
import { ListFilters } from '../../app/list-filters';
import { ListTable } from '../../app/list-table';
import { useList } from '../../app/use-list';
import { formatDateTime } from '../../app/date-time';
import { fullName } from '../../app/session-user';
import type { OperationParams, RequestBody, OrganizationUser } from '../../api/types';
import { ROLE_LABELS } from '../../domain/roles';
import { Alert } from '../../ui/alert';
import { apiErrorDetail, showSubmitFailure } from '../../ui/api-error';
import { Button } from '../../ui/button';
import type { DataTableColumn } from '../../ui/data-table';
import { EmailField, NameFields, SelectField, StackedForm } from '../../ui/fields';
import { Messages, Panel, RowActions } from '../../ui/layout';
import { SubmitOrCancel } from '../../ui/submit-button';
import { PrivatePage } from '../../app/page-shell';
import { ConfirmDialog } from '../../ui/confirm-dialog';

export const USERS_PAGE_SIZE = 20;

type UsersListParams = OperationParams<'users_list'>;
type UsersOrdering = NonNullable<UsersListParams['ordering']>;
/** The roles one may invite (and filter by): every labelled role, master has none. */
type InvitableRole = RequestBody<'users_create'>['role'];

const ROLE_OPTIONS = Object.entries(ROLE_LABELS).map(([value, label]) => ({
  value: value as InvitableRole,
  label: label!,
}));

export type UserState = 'Active' | 'Invited' | 'Deactivated';

/** Deactivated wins over a pending invitation. */
export function userState(user: Pick<OrganizationUser, 'is_active' | 'invitation_pending'>): UserState {
  if (!user.is_active) return 'Deactivated';
  return user.invitation_pending ? 'Invited' : 'Active';
}

const TwoColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  ${({ theme }) => theme.mq.up('sm')} {
    grid-template-columns: 1fr 1fr;
  }
`;

const inviteSchema = yup.object({
  email: yup.string().trim().email('Enter a valid email address').required('Enter an email address'),
  first_name: yup.string().trim().required('Enter a first name'),
  last_name: yup.string().trim().required('Enter a last name'),
  role: yup
    .string()
    .oneOf(
      ROLE_OPTIONS.map((option) => option.value),
      'Choose a role',
    )
    .required('Choose a role'),
});

interface Confirmation {
  user: OrganizationUser;
  activate: boolean;
}

/** /users (admin, master): the organization's users; invite, resend the invitation, deactivate, reactivate. */
export function UsersPage() {
  const api = useApiClient();
  const { user: me } = useAuthentication();
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [busy, setBusy] = useState(false);

  const list = useList({
    load: (page, { role }) => api.users_list({ ...page, ...(role ? { role: role as InvitableRole } : {}) }),
    pageSize: USERS_PAGE_SIZE,
    ordering: 'last_name' as UsersOrdering,
    filters: { role: '' },
    failureText: 'The users could not be loaded.',
  });
  const { setRows, setCount } = list;

  const replaceRow = (next: OrganizationUser) =>
    setRows((current) => current.map((row) => (row.id === next.id ? next : row)));

  const resendInvitation = async (user: OrganizationUser) => {
    setNotice(null);
    setActionError(null);
    try {
      await api.users_invitation_create({ id: user.id });
      setNotice(`The invitation was sent again to ${user.email}.`);
    } catch (failure) {
      setActionError(apiErrorDetail(failure, 'The invitation could not be sent.'));
    }
  };

  const confirmActivation = async () => {
    if (!confirmation) return;
    const { user, activate } = confirmation;
    setBusy(true);
    setNotice(null);
    setActionError(null);
    try {
      const updated = await api.users_partial_update({ id: user.id }, { is_active: activate });
      replaceRow(updated);
      setNotice(`${fullName(user)} was ${activate ? 'reactivated' : 'deactivated'}.`);
    } catch (failure) {
      setActionError(
        apiErrorDetail(failure, `${fullName(user)} could not be ${activate ? 'reactivated' : 'deactivated'}.`),
      );
    } finally {
      setBusy(false);
      setConfirmation(null);
    }
  };

  const columns: DataTableColumn<OrganizationUser>[] = [
    { key: 'name', header: 'Name', sortField: 'last_name', render: (row) => fullName(row) },
    { key: 'email', header: 'Email', sortField: 'email' },
    { key: 'role', header: 'Role', render: (row) => ROLE_LABELS[row.role as keyof typeof ROLE_LABELS] ?? '—' },
    { key: 'state', header: 'State', render: (row) => userState(row) },
    { key: 'last_login', header: 'Last sign-in', render: (row) => formatDateTime(row.last_login, me?.timezone) },
    {
      key: 'actions',
      header: 'Actions',
      hideLabelOnCards: true,
      render: (row) =>
        row.id === me?.id ? null : (
          <RowActions>
            {row.is_active && row.invitation_pending ? (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Resend invitation to ${fullName(row)}`}
                onClick={() => void resendInvitation(row)}
              >
                Resend invitation
              </Button>
            ) : null}
            {row.is_active ? (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Deactivate ${fullName(row)}`}
                onClick={() => setConfirmation({ user: row, activate: false })}
              >
                Deactivate
              </Button>
            ) : (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Reactivate ${fullName(row)}`}
                onClick={() => setConfirmation({ user: row, activate: true })}
              >
                Reactivate
              </Button>
            )}
          </RowActions>
        ),
    },
  ];

  return (
    <PrivatePage
      title="Users"
      description="The people of your organization, their role and whether they can sign in."
      actions={
        <Button aria-expanded={inviteOpen} onClick={() => setInviteOpen((open) => !open)}>
          Invite user
        </Button>
      }
    >
      {inviteOpen ? (
        <Panel aria-labelledby="invite-user-title">
          <h2 id="invite-user-title">Invite a user</h2>
          <Formik
            initialValues={{ email: '', first_name: '', last_name: '', role: '' }}
            validationSchema={inviteSchema}
            onSubmit={async (values, { setErrors, resetForm }) => {
              setNotice(null);
              setActionError(null);
              const body = {
                email: values.email.trim(),
                first_name: values.first_name.trim(),
                last_name: values.last_name.trim(),
                role: values.role as InvitableRole,
              };
              try {
                const created = await api.users_create(null, body);
                setRows((current) => [created, ...current.filter((row) => row.id !== created.id)]);
                setCount((current) => current + 1);
                setNotice(`The invitation was sent to ${created.email}.`);
                resetForm();
                setInviteOpen(false);
              } catch (failure) {
                showSubmitFailure(failure, {
                  known: ['email', 'first_name', 'last_name', 'role'],
                  setErrors,
                  setError: setActionError,
                  fallback: 'The invitation could not be sent.',
                });
              }
            }}
          >
            <StackedForm aria-labelledby="invite-user-title">
              <EmailField />
              <TwoColumns>
                <NameFields />
              </TwoColumns>
              <SelectField name="role" label="Role" placeholder="Choose a role" options={ROLE_OPTIONS} />
              <SubmitOrCancel onCancel={() => setInviteOpen(false)}>Send invitation</SubmitOrCancel>
            </StackedForm>
          </Formik>
        </Panel>
      ) : null}

      <Messages>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {actionError ? <Alert tone="error">{actionError}</Alert> : null}
        {list.error ? <Alert tone="error">{list.error}</Alert> : null}
      </Messages>

      <ListFilters
        css={(theme) => ({ [theme.mq.up('sm')]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' } })}
        list={list}
        label="Filter users"
        search={{ label: 'Search users', placeholder: 'Name or email' }}
        choices={[{ name: 'role', label: 'Role', all: 'All roles', options: ROLE_OPTIONS }]}
      />

      <ListTable
        list={list}
        caption="Users"
        columns={columns}
        rowKey={(row) => row.id}
        noMatch={{ title: 'No users match', description: 'Try another search or role.' }}
        empty={{ title: 'No users yet', description: 'Invite the first person of your organization.' }}
      />

      {confirmation ? (
        <ConfirmDialog
          title={`${confirmation.activate ? 'Reactivate' : 'Deactivate'} ${fullName(confirmation.user)}?`}
          confirmLabel={confirmation.activate ? 'Reactivate' : 'Deactivate'}
          confirmVariant={confirmation.activate ? 'primary' : 'danger'}
          busy={busy}
          onConfirm={() => void confirmActivation()}
          onCancel={() => setConfirmation(null)}
        >
          <p>
            {confirmation.activate
              ? `${confirmation.user.email} will be able to sign in again.`
              : `${confirmation.user.email} will be signed out everywhere and will not be able to sign in.`}
          </p>
        </ConfirmDialog>
      ) : null}
    </PrivatePage>
  );
}

export default UsersPage;
