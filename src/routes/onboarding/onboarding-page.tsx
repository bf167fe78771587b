import { lazy, Suspense } from 'react';
import { useAuthentication } from '../../app/authentication';
import { PrivatePage } from '../../app/page-shell';
import { EmployeeChecklist, SkillsChecksAwaitingObservation } from './employee/employee-onboarding';
import { Stack } from '../../ui/layout';
import { isObservingNurse } from '../../app/session-user';

const OnboardingAdminPage = lazy(() => import('./admin/onboarding-admin-page'));

/** /onboarding — the admin's settings, or the employee's checklist (and, for a READY RN, the skills checks to observe). */
export function OnboardingPage() {
  const { user } = useAuthentication();
  if (!user) return null;
  if (user.permissions.includes('view-employees')) {
    return (
      <Suspense fallback={<p role="status">Loading…</p>}>
        <OnboardingAdminPage />
      </Suspense>
    );
  }
  const nurse = isObservingNurse(user);
  const ready = user.profile?.status === 'READY';
  return (
    <PrivatePage
      title="Onboarding"
      description={
        nurse
          ? 'Skills checks to observe, and your own onboarding record.'
          : ready
            ? 'Your onboarding record.'
            : 'Everything you need to finish before you can start work.'
      }
    >
      <Stack>
        {nurse ? <SkillsChecksAwaitingObservation /> : null}
        <EmployeeChecklist />
      </Stack>
    </PrivatePage>
  );
}

export default OnboardingPage;
