import { useAuthentication } from '../../app/authentication';
import { useOrganization } from '../../app/organization';
import { usePageTitle } from '../../app/page-title';
import { homeRouteOf } from '../../app/session-user';
import { NotFoundScreen } from '../../ui/not-found-screen';

/** Unknown public path (or /login without a known organization): login-oriented wording. */
export function PublicNotFoundPage() {
  const { organization } = useOrganization();
  usePageTitle('Page not found');
  return <NotFoundScreen variant="public" to={organization ? `/login/${organization.token}` : '/login'} />;
}

/** Unknown private path: inside the dashboard layout, with a link to the role's home. */
export function PrivateNotFoundPage() {
  const { user } = useAuthentication();
  usePageTitle('Page not found');
  return <NotFoundScreen variant="private" to={homeRouteOf(user)} />;
}
