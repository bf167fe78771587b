import type { FastifyReply, FastifyRequest } from 'fastify';
import { FIRST_PAINT_SCRIPT_HASH } from '../lib/first-paint-script';
import { global } from '../lib/plugin';

/**
 * script-src is 'self' and the hash of the one inline script the sign-in page's first paint carries
 * (lib/first-paint-script.ts): no other inline or injected script can run. style-src allows 'unsafe-inline' because
 * Emotion (the app's CSS-in-JS) inserts <style> elements at run time, and Swagger UI sets style attributes;
 * a nonce would need per-response HTML rewriting and a nonce-aware Emotion cache. Inline styles cannot run
 * code, so the trade is small. img-src allows data: for signatures (data:image/png) and Swagger UI icons.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${FIRST_PAINT_SCRIPT_HASH}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self)',
};
const API_HEADERS: Record<string, string> = { ...HEADERS, 'cache-control': 'no-store', pragma: 'no-cache' };

/** A year, subdomains too: sent only on answers that went out over TLS. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The security headers of every answer, and no-store on /api (also used where onSend hooks do not run).
 * HSTS only over TLS: `request.protocol` is https on a TLS socket, or from X-Forwarded-Proto when TRUST_PROXY
 * says the proxy is trusted (otherwise anyone could send the header).
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  void reply.headers(request.url.startsWith('/api/') ? API_HEADERS : HEADERS);
  if (request.protocol === 'https') void reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
}

export const securityHeadersPlugin = global(async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    applySecurityHeaders(request, reply);
    return payload;
  });
}, 'security-headers');
