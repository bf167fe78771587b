import type { ProfileStatus, Role } from './roles';

export const COMMON_PERMISSIONS = ['view-profile', 'change-password'] as const;

export const DELETE_PERMISSIONS = [
  'delete-employee-notes',
  'delete-employee-schedule-work',
  'delete-employee-payrolls',
  'delete-client-notes',
  'delete-service-visits',
  'delete-referrals',
  'delete-employees',
  'delete-clients',
] as const;

export const ADMIN_PERMISSIONS = [
  'view-users',
  'view-applications',
  'view-employees',
  'view-marketer',
  'edit-profile',
  'change-signature',
  'view-notifications',
  ...DELETE_PERMISSIONS,
] as const;

export const MASTER_PERMISSIONS = [
  'view-organizations',
  'view-users',
  'view-applications',
  'view-employees',
  'view-auditlogs',
  'view-marketer',
  'edit-profile',
  'change-signature',
  ...DELETE_PERMISSIONS,
] as const;

export const EMPLOYEE_READY_PERMISSIONS = [
  'view-workschedules',
  'view-grievances',
  'view-messages',
  'view-documents',
  'change-signature',
  'view-notifications',
  'delete-grievances',
] as const;

export const EMPLOYEE_NEW_PERMISSIONS = ['view-onboarding'] as const;
export const CLIENT_PERMISSIONS = ['change-signature'] as const;
export const MARKETER_PERMISSIONS = ['view-notifications', 'view-referrals', 'edit-profile'] as const;

export type Permission =
  | (typeof COMMON_PERMISSIONS)[number]
  | (typeof ADMIN_PERMISSIONS)[number]
  | (typeof MASTER_PERMISSIONS)[number]
  | (typeof EMPLOYEE_READY_PERMISSIONS)[number]
  | (typeof EMPLOYEE_NEW_PERMISSIONS)[number]
  | (typeof MARKETER_PERMISSIONS)[number];

function roleSpecific(role: Role, status?: ProfileStatus | null): readonly Permission[] {
  switch (role) {
    case 'ROLE_ADMIN':
      return ADMIN_PERMISSIONS;
    case 'ROLE_MASTER':
      return MASTER_PERMISSIONS;
    case 'ROLE_EMPLOYEE':
      return status === 'READY' ? EMPLOYEE_READY_PERMISSIONS : EMPLOYEE_NEW_PERMISSIONS;
    case 'ROLE_CLIENT':
      return CLIENT_PERMISSIONS;
    case 'ROLE_MARKETER':
      return MARKETER_PERMISSIONS;
  }
}

/** The permissions of spec section 6, derived from the role and (for employees) the profile status. */
export function permissionsFor(role: Role, status?: ProfileStatus | null): Permission[] {
  return [...new Set<Permission>([...COMMON_PERMISSIONS, ...roleSpecific(role, status)])];
}

export function hasPermission(
  user: { permissions: readonly string[] } | null | undefined,
  permission: Permission,
): boolean {
  return !!user && user.permissions.includes(permission);
}
