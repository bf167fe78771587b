import { readFile } from 'node:fs/promises';
import { global } from '../lib/plugin';

const ONLINE = JSON.stringify({ offline: false, offline_from: null, offline_until: null });

/** GET /status.json: the maintenance switch, read from STATUS_FILE on every request, never cached. */
export const statusFilePlugin = global(async (app) => {
  app.get('/status.json', { schema: { hide: true } }, async (request, reply) => {
    let body = ONLINE;
    try {
      const text = await readFile(app.config.statusFile, 'utf8');
      JSON.parse(text);
      body = text;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') request.log.warn({ err: error }, 'status file unreadable; serving online');
    }
    return reply
      .header('cache-control', 'no-store, max-age=0')
      .header('content-type', 'application/json; charset=utf-8')
      .send(body);
  });
}, 'status-file');
