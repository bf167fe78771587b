import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { global } from '../lib/plugin';

/** Smaller answers are sent as they are: compressing them costs more CPU than the bytes it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Answers that carry tokens are never compressed, so no reflected input can be used to guess them from the
 * compressed length (BREACH).
 */
const CARRIES_TOKENS = new Set(['auth_login_create', 'auth_token_refresh_create', 'auth_signup_confirm_create']);

type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (brotli, then gzip), honouring `q=0`; null for none. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let br = false;
  let gzip = false;
  let any = false;
  for (const part of header.split(',')) {
    const [rawName, ...parameters] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip') gzip = true;
    else if (name === '*') any = true;
  }
  return br ? 'br' : gzip || any ? 'gzip' : null;
}

/**
 * Answers from this size up are compressed on libuv's thread pool, never on the event loop: a large list
 * compressed synchronously held every other request back for hundreds of milliseconds.
 */
export const COMPRESS_OFF_LOOP_BYTES = 64 * 1024;
const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Brotli at quality 4 is as fast as gzip -6 and smaller; higher qualities cost far more CPU per request.
const brotliOptions = (size: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

async function compress(text: string, encoding: Encoding): Promise<Buffer> {
  if (text.length < COMPRESS_OFF_LOOP_BYTES)
    return encoding === 'br' ? brotliCompressSync(text, brotliOptions(text.length)) : gzipSync(text, { level: 6 });
  return encoding === 'br' ? brotliCompressAsync(text, brotliOptions(text.length)) : gzipAsync(text, { level: 6 });
}

/**
 * JSON answers above COMPRESS_MIN_BYTES, compressed with node:zlib when the client accepts br or gzip (the
 * built app's files are precompressed at build time and served by plugins/static.ts). The last large answer
 * is remembered per encoding, so a document served again unchanged (the OpenAPI document) is compressed once.
 */
export const compressionPlugin = global(async (app) => {
  const last: Record<Encoding, { text: string; body: Buffer } | null> = { br: null, gzip: null };

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' || payload.length < COMPRESS_MIN_BYTES) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    if (CARRIES_TOKENS.has(request.routeOptions.schema?.operationId as string)) return payload;
    void reply.header('vary', appendVary(reply.getHeader('vary')));
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding || reply.hasHeader('content-encoding')) return payload;
    const cached = last[encoding];
    let body: Buffer;
    if (cached && cached.text === payload) body = cached.body;
    else {
      body = await compress(payload, encoding);
      if (payload.length >= 16 * 1024) last[encoding] = { text: payload, body };
    }
    reply.removeHeader('content-length');
    void reply.header('content-encoding', encoding);
    return body;
  });
}, 'compression');

function appendVary(current: unknown): string {
  const value = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(value)) return value;
  return value ? `${value}, Accept-Encoding` : 'Accept-Encoding';
}
