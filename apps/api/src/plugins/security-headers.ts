// Security headers on every answer (issue 9, browser hardening): helmet's set with our content security policy, a
// permissions policy, HSTS only behind TLS, and `no-store` on every answer but the web app's files.
// Registered first, so even an answer refused by a later hook (rate limit, auth, 404, bad input) carries them.
// A route may set its own policy: the sandbox providers' pages, which the portal frames, send frame-ancestors 'self'
// (providers/sandbox-pages/render.ts); a header a route sets wins over these.
// helmet decides the headers, once at start: they are the same for every answer (no nonces), and @fastify/helmet
// rebuilt helmet's middleware and re-parsed the policy on every request (3 % of the API's CPU under the dashboard
// bench, issue 21 §4). One onRequest hook sets the precomputed set.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeadersOptions {
  /** Served behind TLS (HSTS=1): send Strict-Transport-Security and upgrade any http: subresource. */
  hsts?: boolean;
}

/**
 * The portal's policy. Scripts only from our origin, no inline script (index.html and the sandbox pages load theirs
 * from files). Styles also allow inline: Mantine writes <style> elements at run time (its CSS variables, responsive
 * style props); a nonce would make index.html different on every answer, so it could no longer be revalidated with
 * its ETag, and an injected style cannot run code. The bank-linking widget and the online wallet page are framed
 * (frame-src 'self'); nothing frames the portal.
 */
export function contentSecurityPolicy(hsts: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for the favicon in index.html; blob: for a downloaded document's object URL.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    ...(hsts ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Browser features the portal never uses are off, for it and anything it frames (no Payment Request either). */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), display-capture=(), screen-wake-lock=(), xr-spatial-tracking=()';

/** helmet's options for the portal (the policy above, same-origin isolation, HSTS only behind TLS). */
export function helmetOptions(hsts: boolean): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(hsts) },
    // Same-origin popups (the cash and union pay pages) still talk to the portal window.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  };
}

/** The headers helmet sets with these options, read once by running its middleware on a stand-in response. */
export function securityHeaderSet(hsts: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failed: unknown = null;
  helmet(helmetOptions(hsts))({} as IncomingMessage, res, (err?: unknown) => {
    failed = err ?? null;
  });
  if (failed) throw failed;
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

export default fp(
  async function securityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions) {
    const headers = securityHeaderSet(opts.hsts === true);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    // API answers carry personal data or state: kept by no browser or proxy. Only the web app's files say otherwise
    // (plugins/web-app.ts), so any answer that sets no cache-control of its own (every /api answer, errors, 404s,
    // the sandbox pages) is no-store.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
