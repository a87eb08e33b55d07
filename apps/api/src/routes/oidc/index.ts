// issue 24 "Access for Google accounts" (spec 2 §7 /authorizeoauth): the browser's way in through the OpenID Connect
// issuer (Google, or the sandbox issuer when OIDC_ISSUER_URL is not set). docs/api-contract.md "Sign-in with Google".
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createOidcRelyingParty, OIDC_FLOW_COOKIE, OidcSignInError, safeNext } from '../../services/oidc/oidc-sign-in.ts';
import { OIDC_CALLBACK_PATH } from '../../services/oidc/sandbox-issuer.ts';
import { errorResponses } from '../schemas.ts';

const tags = ['auth'];
/** Starts and callbacks per address: a person signs in now and then; a loop is refused. */
const OIDC_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

export default async function oidcRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const settings = app.ctx.config.oidc ?? {};
  const rp = createOidcRelyingParty(app.ctx, settings);
  app.addHook('onClose', async () => rp.close());

  const origin = (request: FastifyRequest) => settings.publicOrigin ?? `${request.protocol}://${request.host}`;
  const flowCookie = (request: FastifyRequest, value: string, maxAge: number) =>
    [
      `${OIDC_FLOW_COOKIE}=${value}`,
      'Path=/api/authorizeoauth',
      'HttpOnly',
      // Lax: the cookie comes back on the issuer's top-level redirect to the callback, never on a cross-site POST.
      'SameSite=Lax',
      `Max-Age=${maxAge}`,
      ...(request.protocol === 'https' || app.ctx.config.hsts ? ['Secure'] : []),
    ].join('; ');

  app.get(
    '/authorizeoauth',
    {
      config: { public: true, rateLimit: OIDC_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Sign in with Google: redirects (302) to the OpenID Connect issuer (authorization code, PKCE, state, nonce)',
        description:
          'The issuer is OIDC_ISSUER_URL (with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET), else the sandbox issuer. `next`: a ' +
          "path of the portal to open after signing in; `lang`: the issuer's page language and a new account's language.",
        security: [],
        querystring: z.object({
          next: z.string().max(500).optional(),
          lang: z.enum(['en', 'fr']).optional(),
        }),
        response: {
          302: z.null().describe('To the issuer'),
          303: z.null().describe('Issuer unreachable: back to /signin'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      try {
        const { url, cookie } = await rp.begin({
          redirectUri: `${origin(request)}${OIDC_CALLBACK_PATH}`,
          next: safeNext(request.query.next),
          lang: request.query.lang ?? 'en',
        });
        return reply.header('set-cookie', flowCookie(request, cookie, 600)).redirect(url, 302);
      } catch (err) {
        if (!(err instanceof OidcSignInError)) throw err;
        request.log.warn({ reason: err.reason }, 'OpenID Connect sign-in could not start');
        return reply.redirect(`/signin?oauthError=${err.reason}`, 303);
      }
    },
  );

  app.get(
    '/authorizeoauth/callback',
    {
      config: { public: true, rateLimit: OIDC_RATE_LIMIT },
      schema: {
        tags,
        summary: "The issuer's answer: a session as GET /authorize starts one, handed to the sign-in page (303)",
        description:
          'Success: 303 to `/signin[?next=…]#access_token=…` (in the fragment: never sent to a server or in a Referer). ' +
          'Refusal: 303 to `/signin?oauthError=state|expired|denied|unverified|corporate|failed|unavailable`. The tenant ' +
          "is found by the issuer's subject, or an existing tenant linked when the issuer says the e-mail is verified, or " +
          'a TYPE_GOOGLE_OAUTH_ACCOUNT tenant created (no password).',
        security: [],
        querystring: z.record(z.string(), z.string().max(4096)),
        response: { 303: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('set-cookie', flowCookie(request, '', 0));
      const query = new URLSearchParams(request.query);
      try {
        const done = await rp.complete({
          cookie: cookieOf(request, OIDC_FLOW_COOKIE),
          query,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        const search = done.next ? `?next=${encodeURIComponent(done.next)}` : '';
        return reply.redirect(`/signin${search}#access_token=${encodeURIComponent(done.token)}`, 303);
      } catch (err) {
        if (!(err instanceof OidcSignInError)) throw err;
        request.log.warn(
          { reason: err.reason, cause: (err.cause as Error | undefined)?.message },
          'OpenID Connect sign-in refused',
        );
        return reply.redirect(`/signin?oauthError=${err.reason}`, 303);
      }
    },
  );
}
