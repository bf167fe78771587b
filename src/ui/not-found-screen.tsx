import { ButtonLink } from './button';
import { StatusScreen } from './status-screen';

export interface NotFoundScreenProps {
  /**
   * 'public' (default): login-oriented wording with a 'Sign in' link, in its own <main>.
   * 'private': for the dashboard (inside its <main>), with a link to the home page.
   */
  variant?: 'public' | 'private';
  /**
   * Where the link goes: the organization's login page (public) or the role's home route (private, default "/").
   * Public without one (no organization known): no link, which could only lead back here; the person is told
   * to use the sign-in link their agency gave them.
   */
  to?: string;
}

/** The not-found screens (needs a router for its link). */
export function NotFoundScreen({ variant = 'public', to }: NotFoundScreenProps) {
  if (variant === 'private') {
    return (
      <StatusScreen
        title="Page not found"
        landmark={false}
        actions={<ButtonLink to={to ?? '/'}>Go to home page</ButtonLink>}
      >
        <p>The page you are looking for does not exist, or you do not have access to it.</p>
      </StatusScreen>
    );
  }
  if (!to) {
    return (
      <StatusScreen title="Page not found">
        <p>The page you are looking for does not exist or the link has expired.</p>
        <p>To sign in, use the sign-in link your agency gave you.</p>
      </StatusScreen>
    );
  }
  return (
    <StatusScreen title="Page not found" actions={<ButtonLink to={to}>Sign in</ButtonLink>}>
      <p>The page you are looking for does not exist or the link has expired. Sign in to continue to the portal.</p>
    </StatusScreen>
  );
}
