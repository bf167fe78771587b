import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useAuthentication } from '../app/authentication';
import { homeRouteOf, isPathAllowedFor, routingUserOf } from '../app/session-user';
import { ALLOWED_PREFIXES, matchesPrefix } from '../domain/routes';
import { LoginPage } from './login/login-page';
import { PrivateNotFoundPage, PublicNotFoundPage, useLoginPath } from '../app/not-found-pages';
import { RouteNoticeAlert, routeNoticeState } from '../app/route-notice';

// Only the login page is in the entry chunk: every other page, and the dashboard layout with what it
// brings (tables, masked inputs, signature pad, file drop, dialogs), loads when its route is first shown.
const DashboardLayout = lazy(() => import('../app/dashboard-layout'));
const ForgotPasswordPage = lazy(() => import('./forgot-password/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('./reset-password/reset-password-page'));
const SignUpPage = lazy(() => import('./sign-up/sign-up-page'));
const ApplyNowPage = lazy(() => import('./apply-now/apply-now-page'));
const NewClientPage = lazy(() => import('./clients/new-client-page'));

const UsersPage = lazy(() => import('./users/users-page'));
const ProfilePage = lazy(() => import('./profile/profile-page'));
const ProfileDocumentsPage = lazy(() =>
  import('./profile/profile-documents-pages').then((module) => ({ default: module.ProfileDocumentsPage })),
);
const IncompleteDocumentsPage = lazy(() =>
  import('./profile/profile-documents-pages').then((module) => ({ default: module.IncompleteDocumentsPage })),
);
const DevOutboxPage = lazy(() => import('./dev/dev-outbox-page'));
const NotificationsPage = lazy(() => import('./notifications/notifications-page'));
const OnboardingPage = lazy(() => import('./onboarding/onboarding-page'));
const FormRequestPage = lazy(() => import('./onboarding/employee/form-request-page'));
const TestRequestPage = lazy(() => import('./onboarding/employee/test-request-page'));
const TestResultPage = lazy(() => import('./onboarding/employee/test-result-page'));
const ApplicationsPage = lazy(() => import('./applications/applications-page'));
const EmployeesPage = lazy(() => import('./employees/employees-page'));
const NewEmployeePage = lazy(() => import('./employees/new-employee-page'));
const EmployeePage = lazy(() => import('./employees/employee-page'));
const OnboardingSettingsPage = lazy(() => import('./onboarding/admin/onboarding-admin-page'));
const ClientsPage = lazy(() => import('./clients/clients-page'));
const ClientPage = lazy(() => import('./clients/client-page'));
const WelcomePage = lazy(() => import('./clients/welcome-page'));
const ReferralsPage = lazy(() => import('./referrals/referrals-page'));
const NewReferralPage = lazy(() => import('./referrals/new-referral-page'));
const ReferralPage = lazy(() => import('./referrals/referral-page'));
const MarketersPage = lazy(() => import('./marketers/marketers-page'));
const MarketerReferralsPage = lazy(() => import('./marketers/marketer-referrals-page'));
const WorkSchedulePage = lazy(() => import('./work-schedule/work-schedule-page'));
const WorkServiceReviewPage = lazy(() => import('./work-service-review/work-service-review-page'));
const ScheduleBoardPage = lazy(() => import('./schedule-board/schedule-board-page'));
const VisitExceptionsPage = lazy(() => import('./visit-exceptions/visit-exceptions-page'));
const MessagesPage = lazy(() => import('./messages/messages-page'));
const GrievancesPage = lazy(() => import('./grievances/grievances-page'));
const GrievancePage = lazy(() => import('./grievances/grievance-page'));
const GrievanceDeskPage = lazy(() => import('./grievances/grievance-desk-page'));
const NewGrievancePage = lazy(() => import('./grievances/new-grievance-page'));
const AuditLogPage = lazy(() => import('./audit-log/audit-log-page'));

/** The public routes of spec section 2 (shown only when signed out). */
export const PUBLIC_ROUTES: readonly { path: string; element: ReactNode }[] = [
  { path: '/login/:org', element: <LoginPage /> },
  { path: '/forgot-password/:org', element: <ForgotPasswordPage /> },
  { path: '/reset-password/:uid/:token/:org', element: <ResetPasswordPage /> },
  { path: '/sign-up/:uid/:token/:org', element: <SignUpPage /> },
  { path: '/apply-now/:org', element: <ApplyNowPage /> },
];

/** The private routes of spec section 2 (inside the dashboard layout, within the role's prefixes). */
export const PRIVATE_ROUTES: readonly { path: string; element: ReactNode }[] = [
  { path: '/users', element: <UsersPage /> },
  { path: '/applications', element: <ApplicationsPage /> },
  { path: '/messages', element: <MessagesPage /> },
  { path: '/messages/:id', element: <MessagesPage /> },
  { path: '/audit-log', element: <AuditLogPage /> },
  { path: '/work-schedule', element: <WorkSchedulePage /> },
  { path: '/grievances', element: <GrievancesPage /> },
  { path: '/grievances/:id', element: <GrievancePage /> },
  { path: '/notifications', element: <NotificationsPage /> },
  { path: '/notifications/:type', element: <NotificationsPage /> },
  { path: '/onboarding', element: <OnboardingPage /> },
  { path: '/onboarding/form-request/:id/:onboarding?', element: <FormRequestPage /> },
  { path: '/onboarding/work-service-review/:id', element: <WorkServiceReviewPage /> },
  { path: '/onboarding/test-request/result', element: <TestResultPage /> },
  { path: '/onboarding/test-request/:id', element: <TestRequestPage /> },
  { path: '/employees', element: <EmployeesPage /> },
  { path: '/employees/new/*', element: <NewEmployeePage /> },
  // Onboarding settings also live under /employees: /onboarding is outside the admin's prefixes (spec 6).
  { path: '/employees/onboarding', element: <OnboardingSettingsPage /> },
  { path: '/employees/:id/*', element: <EmployeePage /> },
  { path: '/clients', element: <ClientsPage /> },
  { path: '/clients/new', element: <Navigate to="/clients/new/home-care" replace /> },
  { path: '/clients/new/:type', element: <NewClientPage /> },
  { path: '/clients/welcome/concerns/:id', element: <GrievancePage /> },
  { path: '/clients/welcome/*', element: <WelcomePage /> },
  // the office's visits: /schedule and /visit-exceptions are outside the admin's prefixes, so under /clients
  { path: '/clients/schedule', element: <ScheduleBoardPage /> },
  { path: '/clients/visit-exceptions', element: <VisitExceptionsPage /> },
  // the office's grievance desk: /grievances is the employee's prefix (spec 6), so under /clients
  { path: '/clients/grievances', element: <GrievanceDeskPage /> },
  { path: '/clients/grievances/new', element: <NewGrievancePage /> },
  { path: '/clients/grievances/:id', element: <GrievancePage /> },
  { path: '/clients/:id/*', element: <ClientPage /> },
  { path: '/referrals', element: <ReferralsPage /> },
  { path: '/referrals/new/*', element: <NewReferralPage /> },
  { path: '/referrals/:id/*', element: <ReferralPage /> },
  // the office's referral board and marketers' figures (the admin has no /referrals: product.md)
  { path: '/marketers', element: <MarketersPage /> },
  { path: '/marketers/:id/referrals', element: <MarketerReferralsPage /> },
  { path: '/marketers/:marketerId/referrals/:id/*', element: <ReferralPage /> },
  { path: '/profile/documents', element: <ProfileDocumentsPage /> },
  { path: '/profile/incomplete-documents', element: <IncompleteDocumentsPage /> },
  { path: '/profile/*', element: <ProfilePage /> },
  { path: '/dev', element: <DevOutboxPage /> },
];

/** The routes render from the session: the public ones when signed out, the dashboard when signed in. */
export function AppRoutes() {
  const { user } = useAuthentication();
  if (!user) return <SignedOutRoutes />;
  return <SignedInRoutes home={homeRouteOf(user)} />;
}

const pageLoading = <p role="status">Loading…</p>;

function SignedOutRoutes() {
  return (
    <Routes>
      {PUBLIC_ROUTES.map(({ path, element }) => (
        <Route key={path} path={path} element={<Suspense fallback={pageLoading}>{element}</Suspense>} />
      ))}
      <Route path="/" element={<RedirectToLogin />} />
      <Route path="/login" element={<SignInEntry />} />
      {PRIVATE_ROUTES.map(({ path }) => (
        <Route key={path} path={path} element={<RedirectToLogin />} />
      ))}
      <Route path="*" element={<PublicNotFoundPage />} />
    </Routes>
  );
}

function SignedInRoutes({ home }: { home: string }) {
  return (
    <Routes>
      {PUBLIC_ROUTES.map(({ path }) => (
        <Route key={path} path={path} element={<Navigate to={home} replace />} />
      ))}
      <Route path="/" element={<Navigate to="/users" replace state={ROOT_REDIRECT} />} />
      <Route
        element={
          <Suspense fallback={pageLoading}>
            <DashboardLayout />
          </Suspense>
        }
      >
        {PRIVATE_ROUTES.map(({ path, element }) => (
          <Route key={path} path={path} element={<AllowedPath>{element}</AllowedPath>} />
        ))}
        <Route path="*" element={<PrivateNotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** Private access when signed out: the login page of the last organization, else /login (which says what to do). */
function RedirectToLogin() {
  return <Navigate to={useLoginPath() ?? '/login'} replace />;
}

/** /login: the login page of the last organization; with none known, the not-found screen's advice (no link). */
function SignInEntry() {
  const loginPath = useLoginPath();
  return loginPath ? <Navigate to={loginPath} replace /> : <PublicNotFoundPage />;
}

/** Marks the spec's `/` → `/users` step, after which a role without /users goes home without being told off. */
const ROOT_REDIRECT = { fromRoot: true };

export const REFUSED_PAGE_TEXT = 'You do not have access to that page.';
export const FORMS_DUE_FIRST_TEXT = 'Finish the forms that are due before opening that page.';

/**
 * A known route outside the role's prefixes (or the forms-due confinement) goes to the role's home, which
 * says why; a page reached with a notice in its location state shows it above.
 */
function AllowedPath({ children }: { children: ReactNode }) {
  const { user } = useAuthentication();
  const { pathname, state } = useLocation();
  const routing = user ? routingUserOf(user) : null;
  if (!user || !routing) return <PrivateNotFoundPage />;
  if (!isPathAllowedFor(user, pathname)) {
    if ((state as typeof ROOT_REDIRECT | null)?.fromRoot) return <Navigate to={homeRouteOf(user)} replace />;
    const confined = ALLOWED_PREFIXES[routing.role].some((prefix) => matchesPrefix(pathname, prefix));
    const text = confined ? FORMS_DUE_FIRST_TEXT : REFUSED_PAGE_TEXT;
    return <Navigate to={homeRouteOf(user)} replace state={routeNoticeState({ tone: 'warning', text })} />;
  }
  return (
    <>
      <RouteNoticeAlert />
      <Suspense fallback={pageLoading}>{children}</Suspense>
    </>
  );
}
