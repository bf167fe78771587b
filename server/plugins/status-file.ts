import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { global } from '../lib/plugin';

const ONLINE = JSON.stringify({ offline: false, offline_from: null, offline_until: null });

/** The status file's text as served: online when it is missing or unreadable (logged). */
export async function readStatusFile(statusFile: string, log: FastifyBaseLogger): Promise<string> {
  try {
    const text = await readFile(statusFile, 'utf8');
    JSON.parse(text);
    return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      log.warn({ err: error }, 'status file unreadable; serving online');
    return ONLINE;
  }
}

/** GET /status.json: the maintenance switch, read from STATUS_FILE on every request, never cached. */
export const statusFilePlugin = global(async (app) => {
  app.get('/status.json', { schema: { hide: true } }, async (request, reply) => {
    const body = await readStatusFile(app.config.statusFile, request.log);
    return reply
      .header('cache-control', 'no-store, max-age=0')
      .header('content-type', 'application/json; charset=utf-8')
      .send(body);
  });
}, 'status-file');
