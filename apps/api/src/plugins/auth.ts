// An auth hook covers the whole /api subtree except routes marked config.public (sign-in, ping, docs). It is attached
// to each protected route as it is registered, so public routes, static files and 404s do not run it at all.
// A token is good only while its server-side session is live (services/auth/sessions.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { VerifiedClaims } from '../lib/jwt.ts';
import { API_KEY_USER_TYPE, createApiKeyGate } from '../services/api-keys/api-keys.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No bearer token needed. */
    public?: boolean;
  }
  interface FastifyRequest {
    session: VerifiedClaims | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The signed-in session; throws 401 when absent (routes behind the hook always have one). */
export function requireSession(request: FastifyRequest): VerifiedClaims {
  if (!request.session) throw new AppError('RM_ERROR_ACCESS_TOKEN_INVALID', 'Access token invalid');
  return request.session;
}

/** The tenant acting in this request (a customer session, or an admin mimicking one). */
export function requireCustomer(request: FastifyRequest): string {
  const s = requireSession(request);
  if (s.sessionRole.type !== 'TYPE_CUSTOMER') throw AppError.forbidden('Only tenants can do this');
  return s.sessionRole.id;
}

export function requireAdmin(request: FastifyRequest): string {
  const s = requireSession(request);
  if (s.sessionRole.type !== 'TYPE_ADMIN') throw AppError.forbidden('Only administrators can do this');
  return s.sessionRole.id;
}

export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('session', null);
  const apiKeyGate = createApiKeyGate(app);
  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('RM_ERROR_ACCESS_TOKEN_INVALID', 'Access token invalid');
    const claims = await app.ctx.tokens.verify(token);
    const { row } = await app.ctx.sessions.check(claims.sid);
    // A token names its session's user; anything else is not a token we issued for it.
    if (row.userId !== claims.sessionRole.id) throw new AppError('RM_ERROR_ACCESS_TOKEN_INVALID', 'Access token invalid');
    // issue 24: an API key's token opens its scopes' routes only (services/api-keys).
    request.session = claims.sessionRole.type === API_KEY_USER_TYPE ? await apiKeyGate(request, reply, claims) : claims;
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.config?.public) return;
    // First of the route's own hooks: rate limits and the rest may rely on request.session.
    route.onRequest = [authenticate, ...(route.onRequest ? [route.onRequest].flat() : [])];
  });
});
