import { notAuthenticated, permissionDenied } from '../lib/api-error';
import { global } from '../lib/plugin';

/** Checks each route's `config.access` against the signed-in user's permissions (src/domain) or role. */
export const authorizationPlugin = global(async (app) => {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access) return;
    const user = request.user;
    if (!user) throw notAuthenticated();
    if ('permission' in access && !user.permissions.includes(access.permission)) throw permissionDenied();
    if ('roles' in access && !access.roles.includes(user.user.role as (typeof access.roles)[number])) throw permissionDenied();
  });
}, 'authorization');
