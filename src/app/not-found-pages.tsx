import { useAuthentication } from './authentication';
import { useOrganization } from './organization';
import { usePageTitle } from './page-title';
import { homeRouteOf } from './session-user';
import { NotFoundScreen } from '../ui/not-found-screen';

/** The login page of the last organization (the one stored), or null when none is known. */
export function useLoginPath(): string | null {
  const { organization } = useOrganization();
  return organization ? `/login/${encodeURIComponent(organization.token)}` : null;
}

/**
 * Unknown public path (or /login without a known organization): login-oriented wording, with a "Sign in"
 * link to the last organization's login page, or, with none known, the advice to use the agency's link.
 */
export function PublicNotFoundPage() {
  const loginPath = useLoginPath();
  usePageTitle('Page not found');
  return <NotFoundScreen variant="public" to={loginPath ?? undefined} />;
}

/** Unknown private path: inside the dashboard layout, with a link to the role's home. */
export function PrivateNotFoundPage() {
  const { user } = useAuthentication();
  usePageTitle('Page not found');
  return <NotFoundScreen variant="private" to={homeRouteOf(user)} />;
}
