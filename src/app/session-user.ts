import type { User } from '../api/types';
import { isRole, type Role } from '../domain/roles';
import { homeRouteFor, isPathAllowed, type RoutingUser } from '../domain/routes';

/** The slice of the signed-in user that routing decides from (an unknown role routes like nobody). */
export function routingUserOf(user: Pick<User, 'role' | 'profile'>): RoutingUser | null {
  if (!isRole(user.role)) return null;
  return { role: user.role as Role, profile: user.profile };
}

/** The role's home route (the forms-due rule included); '/profile' for a user whose role is unknown. */
export function homeRouteOf(user: Pick<User, 'role' | 'profile'> | null | undefined): string {
  const routing = user ? routingUserOf(user) : null;
  return routing ? homeRouteFor(routing) : '/';
}

export function isPathAllowedFor(user: Pick<User, 'role' | 'profile'>, pathname: string): boolean {
  const routing = routingUserOf(user);
  return routing ? isPathAllowed(routing, pathname) : false;
}

export function fullName(user: Pick<User, 'first_name' | 'last_name' | 'email'>): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ').trim() || user.email;
}

/** Whether the user is a READY registered nurse (who observes the HHA skills checks, 42 CFR 484.80(c)). */
export function isObservingNurse(user: Pick<User, 'role' | 'profile'> | null | undefined): boolean {
  return user?.role === 'ROLE_EMPLOYEE' && user.profile?.status === 'READY' && user.profile?.position === 'RN';
}
