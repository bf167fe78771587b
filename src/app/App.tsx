import styled from '@emotion/styled';
import { useLayoutEffect, useState } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router-dom';
import { AppRoutes } from '../routes/route-table';
import { ApiClientProvider } from './api-client';
import {
  AppActorProvider,
  selectSessionRef,
  ThrowInitError,
  useAppActor,
  useAppStartup,
  type AppActorRef,
} from './app-actor';
import { AuthenticationProvider } from './authentication';
import { firstPaintOnScreen, removeFirstPaint } from './first-paint';
import { ErrorBoundary } from './error-boundary';
import { MaintenanceScreen } from './maintenance-screen';
import { useIsOrganizationLoading } from './organization';
import { OrganizationTheme } from './organization-theme';
import { homeRouteOf } from './session-user';

/** The portal: the root actor, the browser router and the shell. */
export function App({ actor }: { actor: AppActorRef }) {
  return (
    <AppActorProvider actor={actor}>
      <BrowserRouter>
        <AppShell />
      </BrowserRouter>
    </AppActorProvider>
  );
}

/** Everything inside the router (tests render it in a MemoryRouter with a stubbed root actor). */
export function AppShell() {
  const actor = useAppActor();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const backToSite = (reset: () => void) => {
    const snapshot = actor.getSnapshot();
    if (snapshot.matches('failed')) {
      window.location.assign('/');
      return;
    }
    const user = selectSessionRef(snapshot)?.getSnapshot().context.user ?? null;
    reset();
    navigate(homeRouteOf(user));
  };

  return (
    <OrganizationTheme>
      <ErrorBoundary resetKey={pathname} onBack={backToSite}>
        <Startup />
      </ErrorBoundary>
    </OrganizationTheme>
  );
}

const Loading = styled.div`
  min-height: 100vh;
  min-height: 100dvh;
  display: flex;
  align-items: center;
  justify-content: center;
  color: ${({ theme }) => theme.palette.text.secondary};
`;

/**
 * Status file → maintenance; else API definition → session reload → the routes. The server's first paint of
 * the sign-in page (first-paint.ts) stays on the screen while start-up loads and the
 * organization it shows is loading; then the page React draws takes its place in the same frame.
 */
function Startup() {
  const { phase, maintenance } = useAppStartup();
  const organizationLoading = useIsOrganizationLoading();
  const [firstPaint] = useState(firstPaintOnScreen);
  const keepFirstPaint = firstPaint && (phase === 'loading' || (phase === 'ready' && organizationLoading));
  useLayoutEffect(() => {
    if (!keepFirstPaint) removeFirstPaint();
  }, [keepFirstPaint]);
  if (keepFirstPaint) return null;
  if (phase === 'maintenance') {
    return <MaintenanceScreen offlineFrom={maintenance?.offlineFrom} offlineUntil={maintenance?.offlineUntil} />;
  }
  if (phase === 'failed') return <ThrowInitError />;
  if (phase === 'loading') {
    return (
      <Loading role="status" aria-live="polite">
        Loading…
      </Loading>
    );
  }
  return (
    <ApiClientProvider>
      <AuthenticationProvider>
        <ScrollToTop />
        <AppRoutes />
      </AuthenticationProvider>
    </ApiClientProvider>
  );
}

/** The page scrolls to the top on every path change. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export default App;
