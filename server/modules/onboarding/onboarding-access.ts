import type { Permission } from '#domain/permissions';

/** Who reaches which onboarding route (`config.access`); ownership is checked in the services. */
export const ADMIN = { access: { permission: 'view-employees' as Permission } };
/** The employee's self-service: NEW employees hold view-onboarding, READY ones view-documents. */
export const EMPLOYEE_SELF = {
  access: { permission: ['view-onboarding', 'view-documents'] as Permission[], duringFormsDue: true as const },
};
/** Reads of form and test requests: one's own, or (admins) any of the organization's. */
export const EMPLOYEE_SELF_OR_ADMIN = {
  access: {
    permission: ['view-onboarding', 'view-documents', 'view-employees'] as Permission[],
    duringFormsDue: true as const,
  },
};
/** The RN who observes an HHA's skills: an employee, checked in the service (READY, position RN). */
export const OBSERVER = { access: { roles: ['ROLE_EMPLOYEE' as const] } };
