import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';
import { global } from '../lib/plugin';
import { createOrganizationService } from '../modules/organizations/service';
import { API_DEFINITION_PATH } from './openapi';
import { readStatusFile } from './status-file';

export interface StaticOptions {
  distDir: string;
}

const HASHED_ASSET = /^\/assets\//;

/**
 * Serves the built app from dist/: hashed assets cached for a year (immutable), everything else revalidated,
 * index.html never cached. `sendIndex` is the SPA fallback used by the not-found handler. Directories (`/`,
 * `/favicons/`) are never served as such: they fall through to the not-found handler, which answers
 * index.html to a browser. Files precompressed at build time (`.br`, `.gz`, see vite.config.ts) are sent
 * to clients that accept them.
 */
export const staticPlugin = global<StaticOptions>(async (app, { distDir }) => {
  const enabled = existsSync(path.join(distDir, 'index.html'));
  app.decorate('spaIndexAvailable', enabled);
  app.decorate('spaDistDir', distDir);
  if (!enabled) return;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: true,
    preCompressed: true,
    allowedPath: (pathname) => !pathname.endsWith('/'),
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(res, filePath) {
      const relative = '/' + path.relative(distDir, filePath).split(path.sep).join('/');
      if (HASHED_ASSET.test(relative)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else if (relative === '/index.html') res.header('cache-control', 'no-cache, no-store, must-revalidate');
      else res.header('cache-control', 'public, max-age=0, must-revalidate');
    },
  });
}, 'static');

/**
 * Every GET outside /api that is no file gets the app's index.html (client-side routing): a browser, and also
 * curl, a link checker or a monitoring probe (`Accept: * /*` or none). A client asking for JSON alone gets the
 * 404 JSON, and so does a missing file (a path ending in a name with an extension, such as an old
 * `/assets/index-1234.js`: HTML in its place would only fail as a script).
 */
export function wantsSpa(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  if (pathname.startsWith('/api/') || pathname === '/api') return false;
  if (/\.[A-Za-z0-9]{1,8}$/.test(pathname)) return false;
  return !asksForJsonOnly(request.headers.accept);
}

function asksForJsonOnly(accept: string | undefined): boolean {
  const types = (accept ?? '')
    .split(',')
    .map((part) => part.split(';')[0].trim().toLowerCase())
    .filter(Boolean);
  return types.length > 0 && types.every((type) => type === 'application/json' || type.endsWith('+json'));
}

/**
 * index.html, with the API definition's preload pointed at its current versioned URL (plugins/openapi.ts), so
 * the app loads the document from a URL the browser may keep; without that link the app uses /api/schema/.
 * For /login/:org it also holds the sign-in page's first paint (loginFirstPaint). Never cached: it names the
 * current scripts and definition, and it now depends on the status file and the organization.
 */
export async function sendIndex(reply: FastifyReply) {
  const app = reply.server;
  const [html, firstPaint] = await Promise.all([
    readFile(path.join(app.spaDistDir, 'index.html'), 'utf8'),
    loginFirstPaint(reply.request),
  ]);
  const versioned = app.hasDecorator('apiDefinition') ? app.apiDefinition().url : API_DEFINITION_PATH;
  let page = html.replaceAll(`href="${API_DEFINITION_PATH}"`, `href="${versioned}"`);
  if (firstPaint) {
    // Functions, not strings: a `$&` in an organization's name is text, not a replacement pattern.
    page = page
      .replace('</head>', () => `${firstPaint.head}</head>`)
      .replace('<div id="root">', () => `${firstPaint.body}<div id="root">`);
  }
  return reply
    .header('cache-control', 'no-cache, no-store, must-revalidate')
    .type('text/html; charset=utf-8')
    .send(page);
}

const LOGIN_PATH = /^\/login\/([^/]+)\/?$/;

/**
 * The sign-in page as the app first draws it, for the HTML of /login/:org when the status file says the portal
 * is online and the organization exists (otherwise the app shows its own screens, as before): the largest paint
 * no longer waits for the scripts. Its head script also starts the organization's lookup for the app
 * (server/lib/first-paint-script.ts): a preload could not send the organization's token.
 */
async function loginFirstPaint(request: FastifyRequest): Promise<{ head: string; body: string } | null> {
  const match = LOGIN_PATH.exec(request.url.split('?')[0]);
  if (!match) return null;
  let org: string;
  try {
    org = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  const app = request.server;
  const [status, organization] = await Promise.all([
    readStatusFile(app.config.statusFile, request.log),
    createOrganizationService(app)
      .retrieve(org)
      .catch((error: unknown) => {
        if (!(error instanceof ApiError && error.statusCode === 404))
          request.log.warn({ err: error }, 'first paint: organization lookup failed');
        return null;
      }),
  ]);
  if (!organization || (JSON.parse(status) as { offline?: unknown } | null)?.offline === true) return null;
  // Loaded on the first sign-in page asked for, not at start (React's server renderer is not small).
  const { renderLoginFirstPaint } = await import('../lib/login-first-paint');
  const rendered = renderLoginFirstPaint(org, organization);
  if (!rendered) return null;
  return rendered;
}

declare module 'fastify' {
  interface FastifyInstance {
    spaIndexAvailable: boolean;
    spaDistDir: string;
  }
}
