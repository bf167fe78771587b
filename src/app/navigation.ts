import type { User } from '../api/types';
import type { Permission } from '../domain/permissions';
import type { Role } from '../domain/roles';
import { hasFormsDue } from '../domain/routes';
import { isObservingNurse, isPathAllowedFor, routingUserOf } from './session-user';

export interface NavItem {
  label: string;
  to: string;
  /** The permission that governs the item. */
  permission?: Permission;
  /** Roles that see the item (for pages no permission governs). */
  roles?: readonly Role[];
  /** An extra condition on the user. */
  when?: (user: Pick<User, 'role' | 'profile'>) => boolean;
}

/** The dashboard navigation; each item is also kept within the role's allowed prefixes (isPathAllowed). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Users', to: '/users', permission: 'view-users' },
  { label: 'Applications', to: '/applications', permission: 'view-applications' },
  { label: 'Employees', to: '/employees', permission: 'view-employees' },
  { label: 'Clients', to: '/clients', roles: ['ROLE_ADMIN', 'ROLE_MASTER'] },
  { label: 'Schedule', to: '/clients/schedule', roles: ['ROLE_ADMIN', 'ROLE_MASTER'] },
  { label: 'Visit exceptions', to: '/clients/visit-exceptions', roles: ['ROLE_ADMIN', 'ROLE_MASTER'] },
  { label: 'Grievance desk', to: '/clients/grievances', roles: ['ROLE_ADMIN', 'ROLE_MASTER'] },
  { label: 'Welcome', to: '/clients/welcome', roles: ['ROLE_CLIENT'] },
  { label: 'Referrals', to: '/referrals', permission: 'view-referrals' },
  { label: 'Marketers', to: '/marketers', permission: 'view-marketer' },
  { label: 'Work schedule', to: '/work-schedule', permission: 'view-workschedules' },
  { label: 'Onboarding', to: '/onboarding', permission: 'view-onboarding' },
  // a READY registered nurse observes the home health aides' skills checks (42 CFR 484.80(c)); /onboarding lists
  // those waiting for her first (a READY employee has no Onboarding item: view-onboarding is the NEW employee's).
  // Not while her own forms are due: the observation is not among the forms-due pages' operations.
  {
    label: 'Skills checks',
    to: '/onboarding',
    when: (user) => {
      const routing = routingUserOf(user);
      return isObservingNurse(user) && !!routing && !hasFormsDue(routing);
    },
  },
  {
    label: 'Documents due',
    to: '/profile/incomplete-documents',
    when: (user) => {
      const routing = routingUserOf(user);
      return !!routing && hasFormsDue(routing);
    },
  },
  // spec 6: /messages is the office's too (one inbox of every admin; the master acting in an organization), though
  // spec 7 gives view-messages to READY employees only
  {
    label: 'Messages',
    to: '/messages',
    when: (user) =>
      user.role === 'ROLE_ADMIN' ||
      user.role === 'ROLE_MASTER' ||
      (user.role === 'ROLE_EMPLOYEE' && user.profile?.status === 'READY'),
  },
  { label: 'Grievances', to: '/grievances', permission: 'view-grievances' },
  { label: 'Notifications', to: '/notifications', permission: 'view-notifications' },
  { label: 'Audit log', to: '/audit-log', permission: 'view-auditlogs' },
  { label: 'Dev', to: '/dev', roles: ['ROLE_ADMIN'] },
  { label: 'Profile', to: '/profile', permission: 'view-profile' },
];

/** The items the user may see: its permission or role, its condition, and within the allowed prefixes. */
export function navItemsFor(user: Pick<User, 'role' | 'profile' | 'permissions'>): NavItem[] {
  return NAV_ITEMS.filter(
    (item) =>
      (!item.permission || user.permissions.includes(item.permission)) &&
      (!item.roles || (item.roles as readonly string[]).includes(user.role)) &&
      (!item.when || item.when(user)) &&
      isPathAllowedFor(user, item.to),
  );
}
