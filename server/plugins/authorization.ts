import type { Role } from '#domain/roles';
import type { Permission } from '#domain/permissions';
import { hasFormsDue } from '#domain/routes';
import { formsDue, notAuthenticated, permissionDenied } from '../lib/api-error';
import { global } from '../lib/plugin';

/** `permission` is one permission, or a list of which any one suffices. */
export function hasPermission(held: readonly Permission[], required: Permission | readonly Permission[]): boolean {
  return typeof required === 'string'
    ? held.includes(required)
    : required.some((permission) => held.includes(permission));
}

/** Checks each route's `config.access` against the signed-in user's permissions (src/domain) or role. */
export const authorizationPlugin = global(async (app) => {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access) return;
    const user = request.user;
    if (!user) throw notAuthenticated();
    if ('permission' in access && !hasPermission(user.permissions, access.permission)) throw permissionDenied();
    if ('roles' in access && !access.roles.includes(user.user.role as (typeof access.roles)[number]))
      throw permissionDenied();
    // the router's forms-due confinement (spec 6), held by the server too
    if (
      !access.duringFormsDue &&
      hasFormsDue({ role: user.user.role as Role, profile: user.profile ? { forms_due: user.profile.formsDue } : null })
    )
      throw formsDue();
  });
}, 'authorization');
