import { ButtonLink } from './button';
import { StatusScreen } from './status-screen';

export interface NotFoundScreenProps {
  /**
   * 'public' (default): login-oriented wording with a 'Sign in' link, in its own <main>.
   * 'private': for the dashboard (inside its <main>), with a link to the home page.
   */
  variant?: 'public' | 'private';
  /** Where the link goes: the login page (public, default "/login") or the role's home route (private, default "/"). */
  to?: string;
}

/** The not-found screens (needs a router for its link). */
export function NotFoundScreen({ variant = 'public', to }: NotFoundScreenProps) {
  if (variant === 'private') {
    return (
      <StatusScreen title="Page not found" landmark={false} actions={<ButtonLink to={to ?? '/'}>Go to home page</ButtonLink>}>
        <p>The page you are looking for does not exist, or you do not have access to it.</p>
      </StatusScreen>
    );
  }
  return (
    <StatusScreen title="Page not found" actions={<ButtonLink to={to ?? '/login'}>Sign in</ButtonLink>}>
      <p>The page you are looking for does not exist or the link has expired. Sign in to continue to the portal.</p>
    </StatusScreen>
  );
}
