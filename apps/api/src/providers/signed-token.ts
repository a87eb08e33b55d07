// Signed sandbox tokens (bank-linking link and public tokens, online wallet agreements, wallet sessions): an HMAC-SHA256
// over a small JSON payload with an expiry, keyed per purpose from the app's JWT secret, so a token minted for one use
// cannot be replayed as another and a forged or stale one is refused. They carry ids only, never anything secret.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface SignedTokenService<P extends Record<string, unknown>> {
  /** A token for `payload`, valid for `ttlSeconds`; `jti` is a fresh random id. */
  sign(payload: P, ttlSeconds: number): { token: string; jti: string; expiresAt: Date };
  /** The payload of a genuine, unexpired token of this purpose, else null. */
  verify(token: string): (P & { jti: string; exp: number }) | null;
}

/** A key for one purpose, derived from the app secret (never the secret itself). */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`portal-sandbox:${purpose}`).digest();
}

export function createSignedTokens<P extends Record<string, unknown>>(
  secret: string,
  purpose: string,
  now: () => Date,
): SignedTokenService<P> {
  const key = deriveKey(secret, `token:${purpose}`);
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    sign(payload, ttlSeconds) {
      const jti = randomBytes(12).toString('base64url');
      const exp = Math.floor(now().getTime() / 1000) + ttlSeconds;
      const body = Buffer.from(JSON.stringify({ ...payload, p: purpose, jti, exp })).toString('base64url');
      return { token: `${body}.${mac(body).toString('base64url')}`, jti, expiresAt: new Date(exp * 1000) };
    },
    verify(token) {
      if (typeof token !== 'string' || token.length > 4096) return null;
      const [body, sig, extra] = token.split('.');
      if (!body || !sig || extra !== undefined) return null;
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let data: unknown;
      try {
        data = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!data || typeof data !== 'object') return null;
      const claims = data as P & { p?: unknown; jti: string; exp: number };
      if (claims.p !== purpose || typeof claims.exp !== 'number' || typeof claims.jti !== 'string') return null;
      if (claims.exp * 1000 <= now().getTime()) return null;
      return claims;
    },
  };
}

/** An opaque random id with a prefix (tokens, agreement and order ids). */
export function randomId(prefix: string, bytes = 12): string {
  return `${prefix}${randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x')}`;
}
