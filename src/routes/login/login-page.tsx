import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAuthentication, useSessionActor } from '../../app/authentication';
import { IDLE_TIMEOUT_MS } from '../../domain/constants';
import { selectSignedOutReason, type SignedOutReason } from '../../machines/session-machine';
import { useOrganization } from '../../app/organization';
import { Alert } from '../../ui/alert';
import { apiErrorDetail } from '../../ui/api-error';
import { TakeOverFirstPaint } from './first-paint';
import { LoginForm } from './login-form';

/** What the login page says when the session ended without the person signing out. */
export const SIGNED_OUT_REASON_TEXT: Record<SignedOutReason, string> = {
  idle: `You were signed out after ${IDLE_TIMEOUT_MS / 60_000} minutes without activity.`,
};

/** /login/:org — sign in. The route guards navigate once the session is signed in. */
export function LoginPage() {
  const { org } = useParams();
  const { organization } = useOrganization();
  const { login } = useAuthentication();
  const [error, setError] = useState<string | null>(null);
  const signedOutReason = useSelector(useSessionActor(), selectSignedOutReason);

  return (
    <LoginForm
      org={org}
      organizationName={organization?.name}
      notices={
        <>
          {signedOutReason ? <Alert tone="info">{SIGNED_OUT_REASON_TEXT[signedOutReason]}</Alert> : null}
          {error ? <Alert tone="error">{error}</Alert> : null}
        </>
      }
      onSubmit={async ({ email, password }) => {
        setError(null);
        try {
          await login({ email: email.trim(), password });
        } catch (failure) {
          setError(apiErrorDetail(failure, 'Sign-in failed. Please try again.'));
        }
      }}
    >
      <TakeOverFirstPaint />
    </LoginForm>
  );
}

export default LoginPage;
