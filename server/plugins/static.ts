import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { global } from '../lib/plugin';
import { API_DEFINITION_PATH } from './openapi';

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
 */
export async function sendIndex(reply: FastifyReply) {
  const app = reply.server;
  const html = await readFile(path.join(app.spaDistDir, 'index.html'), 'utf8');
  const versioned = app.hasDecorator('apiDefinition') ? app.apiDefinition().url : API_DEFINITION_PATH;
  return reply
    .header('cache-control', 'no-cache, no-store, must-revalidate')
    .type('text/html; charset=utf-8')
    .send(html.replaceAll(`href="${API_DEFINITION_PATH}"`, `href="${versioned}"`));
}

declare module 'fastify' {
  interface FastifyInstance {
    spaIndexAvailable: boolean;
    spaDistDir: string;
  }
}
