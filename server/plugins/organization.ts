import { eq } from 'drizzle-orm';
import { permissionDenied } from '../lib/api-error';
import { global } from '../lib/plugin';
import { organizations } from '../db/schema';
import type { RequestOrganization } from '../types';

export const ORGANIZATION_HEADER = 'x-organization-token';

/**
 * Resolves the organization a request acts in (runs after authentication):
 * - signed in, not master: the user's own organization; a header naming another (or an unknown) one is 403;
 * - master: the organization of the header (unknown token 403), or none without the header;
 * - public routes: the organization of the header when it exists, else none.
 */
export const organizationPlugin = global(async (app) => {
  app.decorateRequest('organization', null);

  const byToken = async (token: string): Promise<RequestOrganization | null> => {
    // No organization's token holds a control character, and the database refuses a NUL in a text value.
    if (/[\u0000-\u001f\u007f]/.test(token)) return null;
    const [row] = await app.db
      .select({
        id: organizations.id,
        name: organizations.name,
        token: organizations.token,
        timezone: organizations.timezone,
      })
      .from(organizations)
      .where(eq(organizations.token, token))
      .limit(1);
    return row ?? null;
  };

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    const raw = request.headers[ORGANIZATION_HEADER];
    const headerToken = typeof raw === 'string' && raw.trim() !== '' ? raw.trim().slice(0, 200) : null;
    const user = request.user;
    if (!user) {
      request.organization = headerToken ? await byToken(headerToken) : null;
      return;
    }
    if (user.user.role === 'ROLE_MASTER') {
      if (!headerToken) return;
      const organization = await byToken(headerToken);
      if (!organization) throw permissionDenied('Unknown organization.');
      request.organization = organization;
      return;
    }
    const own = user.organization;
    if (!own) throw permissionDenied();
    if (headerToken !== null && headerToken !== own.token)
      throw permissionDenied('You do not belong to this organization.');
    request.organization = own;
  });
}, 'organization');
