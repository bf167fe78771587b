import { Formik } from 'formik';
import { useEffect, useState } from 'react';
import * as yup from 'yup';
import { useApiClient } from '../../app/api-client';
import { Alert } from '../../ui/alert';
import { apiErrorDetail, showSubmitFailure } from '../../ui/api-error';
import { Button } from '../../ui/button';
import { SelectField, StackedForm } from '../../ui/fields';
import { SubmitButton } from '../../ui/submit-button';
import { Messages, Panel, RowActions } from '../../ui/layout';
import type { Grievance, GrievanceFamilyMember } from '../../api/grievances';

export interface ShareWithFamilyProps {
  grievance: Grievance;
  /** Shared: the grievance as the server now answers it. */
  onShared: (answer: Grievance, notice: string) => void;
  /** No longer shared with someone: the page loads the grievance again. */
  onUnshared: (notice: string) => void;
}

/**
 * The complainant's "Share with family" (product.md, "Grievances"): only they and the office see their
 * concern, unless they share it with a named family member of the same client, who then reads it and its
 * answers (never the office's internal notes) and may add notes. They see whom it is shared with and can
 * stop sharing.
 */
export function ShareWithFamily({ grievance, onShared, onUnshared }: ShareWithFamilyProps) {
  const api = useApiClient();
  const [family, setFamily] = useState<GrievanceFamilyMember[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stopping, setStopping] = useState<number | null>(null);
  const sharedWith = grievance.shared_with ?? [];
  const sharedKey = sharedWith.map((member) => member.id).join(',');

  useEffect(() => {
    let active = true;
    api
      .grievances_shares_list({ id: grievance.id })
      .then((answer) => {
        if (active) setFamily(answer);
      })
      .catch((failure: unknown) => {
        if (active) setError(apiErrorDetail(failure, 'Your family members could not be loaded.'));
      });
    return () => {
      active = false;
    };
  }, [api, grievance.id, sharedKey]);

  const shared = new Set(sharedWith.map((member) => member.id));
  const choices = (family ?? [])
    .filter((member) => !shared.has(member.id))
    .map((member) => ({ value: String(member.id), label: member.name }));

  const stopSharing = async (member: { id: number; name: string }) => {
    setError(null);
    setStopping(member.id);
    try {
      await api.grievances_shares_destroy({ id: grievance.id, user_id: member.id });
      onUnshared(`${member.name} no longer sees this concern.`);
    } catch (failure) {
      setError(apiErrorDetail(failure, `Sharing with ${member.name} could not be stopped.`));
    } finally {
      setStopping(null);
    }
  };

  return (
    <Panel aria-labelledby="grievance-share-title">
      <h2 id="grievance-share-title">Share with family</h2>
      <p css={{ marginTop: 0 }}>
        Only you and the office see this concern. You may share it with a family member who uses the portal: they will
        read it and the office's answers, and may add notes.
      </p>
      <Messages>{error ? <Alert tone="error">{error}</Alert> : null}</Messages>
      <h3 id="grievance-shared-with-title">Shared with</h3>
      {sharedWith.length === 0 ? (
        <p>No one: only you and the office.</p>
      ) : (
        <ul
          aria-labelledby="grievance-shared-with-title"
          css={{ margin: 0, paddingLeft: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 8 }}
        >
          {sharedWith.map((member) => (
            <li key={member.id} css={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
              <span>{member.name}</span>
              <Button
                variant="secondary"
                aria-label={`Stop sharing with ${member.name}`}
                disabled={stopping !== null}
                onClick={() => void stopSharing(member)}
              >
                Stop sharing
              </Button>
            </li>
          ))}
        </ul>
      )}
      {family === null && !error ? <p role="status">Loading…</p> : null}
      {family !== null && family.length === 0 ? (
        <p css={{ marginBottom: 0 }}>No one else of your family uses the portal. The office can invite them.</p>
      ) : null}
      {family !== null && family.length > 0 && choices.length === 0 ? (
        <p css={{ marginBottom: 0 }}>It is shared with everyone of your family who uses the portal.</p>
      ) : null}
      {choices.length > 0 ? (
        <Formik
          initialValues={{ user_id: '' }}
          validationSchema={yup.object({ user_id: yup.string().required('Choose a family member') })}
          onSubmit={async (values, { resetForm, setErrors }) => {
            setError(null);
            const member = family?.find((candidate) => String(candidate.id) === values.user_id);
            try {
              const answer = await api.grievances_shares_create(
                { id: grievance.id },
                { user_id: Number(values.user_id) },
              );
              resetForm();
              onShared(answer, `${member?.name ?? 'Your family member'} now sees this concern.`);
            } catch (failure) {
              showSubmitFailure(failure, {
                known: ['user_id'],
                setErrors,
                setError,
                fallback: 'The concern could not be shared.',
              });
            }
          }}
        >
          <StackedForm aria-label="Share with a family member" css={{ marginTop: 16 }}>
            <SelectField name="user_id" label="Family member" placeholder="Choose a family member" options={choices} />
            <RowActions>
              <SubmitButton errorsOnSubmit>Share</SubmitButton>
            </RowActions>
          </StackedForm>
        </Formik>
      ) : null}
    </Panel>
  );
}
