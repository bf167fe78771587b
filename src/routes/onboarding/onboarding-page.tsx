import { lazy, Suspense, type ComponentType } from 'react';
import { useAuthentication } from '../../app/authentication';
import { EmptyState } from '../../ui/empty-state';
import { PrivatePage } from '../placeholder/private-page';
import { EmployeeChecklist, SkillsChecksAwaitingObservation } from './employee/employee-onboarding';
import { isObservingNurse } from './onboarding-api';
import { Stack } from '../profile/profile-documents-pages';

type AdminModule = { default?: ComponentType; OnboardingAdminPage?: ComponentType };

// The admin settings view is written in ./admin/ by the admin side; it is picked up when the file exists
// (a glob keeps this page building until then).
const adminModules = import.meta.glob<AdminModule>('./admin/onboarding-admin-page.tsx');
const loadAdmin = Object.values(adminModules)[0];
const OnboardingAdminPage = loadAdmin
  ? lazy(async () => {
      const module = await loadAdmin();
      const Component = module.OnboardingAdminPage ?? module.default;
      return { default: Component ?? AdminPlaceholder };
    })
  : null;

function AdminPlaceholder() {
  return (
    <PrivatePage title="Onboarding">
      <EmptyState title="Onboarding settings" description="Form templates, note types, document types and competency tests will be managed here." />
    </PrivatePage>
  );
}

/** /onboarding — the admin's settings, or the employee's checklist (and, for a READY RN, the skills checks to observe). */
export function OnboardingPage() {
  const { user } = useAuthentication();
  if (!user) return null;
  if (user.permissions.includes('view-employees')) {
    if (!OnboardingAdminPage) return <AdminPlaceholder />;
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
      description={nurse ? 'Skills checks to observe, and your own onboarding record.' : ready ? 'Your onboarding record.' : 'Everything you need to finish before you can start work.'}
    >
      <Stack>
        {nurse ? <SkillsChecksAwaitingObservation /> : null}
        <EmployeeChecklist />
      </Stack>
    </PrivatePage>
  );
}

export default OnboardingPage;
