import { global } from '../lib/plugin';

/**
 * script-src is 'self' only: no inline or injected script can run. style-src allows 'unsafe-inline' because
 * Emotion (the app's CSS-in-JS) inserts <style> elements at run time, and Swagger UI sets style attributes;
 * a nonce would need per-response HTML rewriting and a nonce-aware Emotion cache. Inline styles cannot run
 * code, so the trade is small. img-src allows data: for signatures (data:image/png) and Swagger UI icons.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const securityHeadersPlugin = global(async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self)');
    if (request.url.startsWith('/api/')) {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
    }
    return payload;
  });
}, 'security-headers');
