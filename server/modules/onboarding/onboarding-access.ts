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
/**
 * The RN who observes an HHA's skills: a READY employee (of the permission table's people, they alone hold
 * view-workschedules); the position RN, which the table does not state, is checked in the service.
 */
export const OBSERVER = { access: { permission: 'view-workschedules' as Permission } };
