import type { Role } from './roles';

/** The slice of a user that decides where they may go. */
export interface RoutingUser {
  role: Role;
  profile?: { status?: string | null; forms_due?: number | null } | null;
}

const ADMIN_PREFIXES = [
  '/profile',
  '/users',
  '/applications',
  '/messages',
  '/marketers',
  '/notifications',
  '/employees',
  '/clients',
];

export const ALLOWED_PREFIXES: Record<Role, readonly string[]> = {
  ROLE_ADMIN: [...ADMIN_PREFIXES, '/dev'],
  ROLE_MASTER: [...ADMIN_PREFIXES, '/audit-log'],
  ROLE_EMPLOYEE: ['/work-schedule', '/onboarding', '/grievances', '/notifications', '/profile', '/messages'],
  ROLE_CLIENT: [
    '/profile',
    '/notifications',
    '/clients/welcome',
    '/onboarding/form-request',
    '/onboarding/work-service-review',
  ],
  ROLE_MARKETER: ['/profile', '/notifications', '/referrals'],
};

export const FORMS_DUE_PREFIXES = [
  '/onboarding',
  '/profile/incomplete-documents',
  '/profile/documents',
  '/onboarding/test-request/',
] as const;

export const HOME_ROUTES: Record<Role, string> = {
  ROLE_ADMIN: '/users',
  ROLE_MASTER: '/users',
  ROLE_EMPLOYEE: '/work-schedule',
  ROLE_CLIENT: '/clients/welcome',
  ROLE_MARKETER: '/referrals',
};

export const FORMS_DUE_HOME_ROUTE = '/profile/incomplete-documents';

export function hasFormsDue(user: RoutingUser): boolean {
  return user.role === 'ROLE_EMPLOYEE' && (user.profile?.forms_due ?? 0) > 0;
}

export function homeRouteFor(user: RoutingUser): string {
  return hasFormsDue(user) ? FORMS_DUE_HOME_ROUTE : HOME_ROUTES[user.role];
}

export function allowedPrefixesFor(user: RoutingUser): readonly string[] {
  return hasFormsDue(user) ? FORMS_DUE_PREFIXES : ALLOWED_PREFIXES[user.role];
}

/** A prefix matches the path itself or a path below it ("/users" matches "/users/5", not "/usersx"). */
export function matchesPrefix(pathname: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return pathname.startsWith(prefix);
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isPathAllowed(user: RoutingUser, pathname: string): boolean {
  return allowedPrefixesFor(user).some((prefix) => matchesPrefix(pathname, prefix));
}
