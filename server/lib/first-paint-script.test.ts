import { describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_LOOKUP, SIGNED_IN_MARK } from '#domain/first-paint-marks';
import { FIRST_PAINT_SCRIPT } from './first-paint-script';

/** Runs the head's script as a browser would, on a page at `pathname`, with what it reads stubbed. */
function runOn(pathname: string, { refresh = null as string | null, fetchFails = false } = {}) {
  const window: Record<string, unknown> = {};
  const marks: string[] = [];
  const document = { documentElement: { setAttribute: (name: string) => marks.push(name) } };
  const sessionStorage = { getItem: (key: string) => (key === 'refresh' ? refresh : null) };
  const fetch = vi.fn((_url: string, _init?: { headers?: Record<string, string> }) =>
    fetchFails ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(new Response('{}')),
  );
  new Function('window', 'document', 'location', 'sessionStorage', 'fetch', FIRST_PAINT_SCRIPT)(
    window,
    document,
    { pathname },
    sessionStorage,
    fetch,
  );
  return { window, marks, fetch };
}

describe('the first paint’s head script', () => {
  it('starts the organization’s lookup of /login/:org with its token as X-ORGANIZATION-TOKEN (spec 7), and leaves it for the app', () => {
    const { window, fetch } = runOn('/login/sunrise');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/organizations/sunrise/');
    expect(init?.headers).toEqual({ accept: 'application/json', 'X-ORGANIZATION-TOKEN': 'sunrise' });
    expect(window[FIRST_PAINT_LOOKUP]).toEqual({ token: 'sunrise', response: fetch.mock.results[0]!.value });
  });

  it('reads the token as the app does (decoded, a trailing slash allowed) and sends it encoded in the path', () => {
    const { window, fetch } = runOn('/login/sun%20rise/');
    expect(fetch).toHaveBeenCalledWith('/api/organizations/sun%20rise/', {
      headers: { accept: 'application/json', 'X-ORGANIZATION-TOKEN': 'sun rise' },
    });
    expect((window[FIRST_PAINT_LOOKUP] as { token: string }).token).toBe('sun rise');
  });

  it('asks nothing on another page', () => {
    for (const pathname of ['/login', '/login/sunrise/extra', '/forgot-password/sunrise', '/users']) {
      const { window, fetch } = runOn(pathname);
      expect(fetch, pathname).not.toHaveBeenCalled();
      expect(window[FIRST_PAINT_LOOKUP], pathname).toBeUndefined();
    }
  });

  it('still hides the first paint for a tab holding a refresh token, and a lookup that fails is left to the app', async () => {
    const { marks, window } = runOn('/login/sunrise', { refresh: 'R', fetchFails: true });
    expect(marks).toEqual([SIGNED_IN_MARK]);
    await expect((window[FIRST_PAINT_LOOKUP] as { response: Promise<Response> }).response).rejects.toThrow(
      'Failed to fetch',
    );
    expect(runOn('/login/sunrise').marks).toEqual([]);
  });
});
