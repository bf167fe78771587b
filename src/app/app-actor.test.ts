import { describe, expect, it, vi } from 'vitest';
import { retrievePublicOrganization } from './app-actor';
import { ORGANIZATION_HEADER } from '../domain/constants';
import { FIRST_PAINT_LOOKUP, type FirstPaintLookup } from '../domain/first-paint-marks';

describe('the organization’s public branding (retrievePublicOrganization)', () => {
  it('GETs /api/organizations/:token/ and answers the body; a failure carries response.status (an unknown organization is a 404)', async () => {
    const fetch = vi.fn(async (url: string) =>
      url === '/api/organizations/sunrise/'
        ? new Response(JSON.stringify({ id: 1, name: 'Sunrise Home Care', token: 'sunrise' }), { status: 200 })
        : new Response('{}', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetch);
    try {
      await expect(retrievePublicOrganization('sunrise')).resolves.toMatchObject({ name: 'Sunrise Home Care' });
      await expect(retrievePublicOrganization('no such/org')).rejects.toMatchObject({ response: { status: 404 } });
      expect(fetch).toHaveBeenLastCalledWith('/api/organizations/no%20such%2Forg/', expect.anything());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('sends the token it looks up as X-ORGANIZATION-TOKEN (spec 7: the token is known)', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ id: 1, name: 'Sunrise Home Care', token: 'sunrise' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    try {
      await retrievePublicOrganization('sunrise');
      expect(fetch).toHaveBeenCalledWith('/api/organizations/sunrise/', {
        headers: { accept: 'application/json', [ORGANIZATION_HEADER]: 'sunrise' },
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('takes the lookup the first paint started for the same token, once, instead of asking again', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ name: 'Fetched' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const holder = window as unknown as Record<string, FirstPaintLookup | undefined>;
    try {
      holder[FIRST_PAINT_LOOKUP] = {
        token: 'harbor',
        response: Promise.resolve(new Response(JSON.stringify({ name: 'Early' }))),
      };
      await expect(retrievePublicOrganization('sunrise')).resolves.toMatchObject({ name: 'Fetched' }); // another token's
      await expect(retrievePublicOrganization('harbor')).resolves.toMatchObject({ name: 'Early' });
      expect(fetch).toHaveBeenCalledTimes(1);
      await expect(retrievePublicOrganization('harbor')).resolves.toMatchObject({ name: 'Fetched' }); // taken once
      expect(fetch).toHaveBeenCalledTimes(2);

      holder[FIRST_PAINT_LOOKUP] = { token: 'harbor', response: Promise.resolve(new Response('{}', { status: 404 })) };
      await expect(retrievePublicOrganization('harbor')).rejects.toMatchObject({ response: { status: 404 } });

      const failed = Promise.reject(new TypeError('Failed to fetch'));
      failed.catch(() => {});
      holder[FIRST_PAINT_LOOKUP] = { token: 'harbor', response: failed };
      await expect(retrievePublicOrganization('harbor')).resolves.toMatchObject({ name: 'Fetched' }); // it asks itself
      expect(fetch).toHaveBeenCalledTimes(3);
    } finally {
      delete holder[FIRST_PAINT_LOOKUP];
      vi.unstubAllGlobals();
    }
  });
});
