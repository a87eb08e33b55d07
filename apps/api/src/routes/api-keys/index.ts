// issue 24 "Access for machines" (spec 2 §7 /authorizeapi): API keys of a company, created and revoked in the console,
// exchanged for a short-lived token. docs/api-contract.md "API keys and /authorizeapi (issue 24)".
import type { ApiKeyRecord } from '@portal/domain/api-key-shapes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { actorOf } from '../../lib/audit.ts';
import { requireSession } from '../../plugins/auth.ts';
import {
  API_KEY_RATE_LIMIT_DEFAULT,
  API_KEY_SCOPE_NAMES,
  apiKeyRateKey,
  createApiKey,
  exchangeApiKey,
  listApiKeys,
  revokeApiKey,
} from '../../services/api-keys/api-keys.ts';
import { consoleCallerOf } from '../../services/search/caller.ts';
import { errorResponses, idParams } from '../schemas.ts';

const tags = ['api-keys'];
const roles =
  "Console: the admin (any company) or a manager (their company only: another company's key answers 404); a tenant " +
  '403; no token 401.';

const scopeSchema = z.enum(API_KEY_SCOPE_NAMES);

const apiKeySchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the key (rpk_ and its public id): how lists tell keys apart'),
  scopes: z.array(scopeSchema),
  status: z.enum(['ACTIVE', 'REVOKED']),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), type: z.string(), name: z.string().nullable() }),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
}) satisfies z.ZodType<ApiKeyRecord>;

const createBodySchema = z.object({
  companyId: z.string().min(1).max(64).optional().describe("Required for the admin; a manager's own company by default"),
  name: z
    .string()
    .trim()
    .min(1, 'server.apiKeys.nameRequired')
    .max(100, 'server.apiKeys.nameTooLong')
    .describe('What the key is for, e.g. "Accounting export"'),
  scopes: z
    .array(scopeSchema, { error: 'server.apiKeys.scopesInvalid' })
    .min(1, 'server.apiKeys.scopesInvalid')
    .max(API_KEY_SCOPE_NAMES.length, 'server.apiKeys.scopesInvalid'),
});

const keyHeaders = z.object({
  'x-api-key': z.string().max(200).optional().describe('The API key (rpk_…)'),
});

export default async function apiKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limit = app.ctx.config.apiKeyRateLimit ?? API_KEY_RATE_LIMIT_DEFAULT;

  app.post(
    '/api_key/create',
    {
      schema: {
        tags,
        summary: 'Create an API key of a company; the key is in this answer only (it is stored as a keyed hash)',
        description: `${roles} Scopes: ${API_KEY_SCOPE_NAMES.join(', ')} (read-only).`,
        body: createBodySchema,
        response: { 200: apiKeySchema.extend({ key: z.string().describe('Shown once') }), ...errorResponses },
      },
    },
    async (request) => createApiKey(app.ctx, consoleCallerOf(requireSession(request)), request.body, actorOf(request)),
  );

  app.get(
    '/api_key/list',
    {
      schema: {
        tags,
        summary: "The API keys of the manager's company (the admin: of companyId, or of every company), newest first",
        description: roles,
        querystring: z.object({ companyId: z.string().min(1).max(64).optional() }),
        response: { 200: z.object({ records: z.array(apiKeySchema) }), ...errorResponses },
      },
    },
    async (request) => ({
      records: await listApiKeys(app.ctx, consoleCallerOf(requireSession(request)), request.query.companyId),
    }),
  );

  app.post(
    '/api_key/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke an API key: refused at once, tokens already issued from it included (idempotent)',
        description: roles,
        params: idParams,
        response: { 200: apiKeySchema, ...errorResponses },
      },
    },
    async (request) => revokeApiKey(app.ctx, consoleCallerOf(requireSession(request)), request.params.id, actorOf(request)),
  );

  app.post(
    '/authorizeapi',
    {
      config: {
        public: true,
        rateLimit: {
          max: limit.max,
          timeWindow: limit.timeWindowMs,
          // Per key (a malformed or missing key: per address).
          keyGenerator: (req) => `api-key-exchange:${apiKeyRateKey(req.headers['x-api-key'] as string | undefined, req.ip)}`,
        },
      },
      schema: {
        tags: ['auth', ...tags],
        summary: "Exchange an API key (header X-API-Key) for a short-lived bearer token of the key's company and scopes",
        description:
          "The token opens only the routes of the key's scopes, on the key's company (anything else 403), and dies with " +
          'the key. 401 for an unknown or revoked key; 429 with Retry-After past the per-key limit.',
        security: [],
        headers: keyHeaders,
        response: {
          200: z.object({
            access_token: z.string(),
            token_type: z.literal('Bearer'),
            expires_in: z.number().int(),
            scopes: z.array(scopeSchema),
            companyId: z.string(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const key = request.headers['x-api-key'];
      if (!key) throw AppError.onField('x-api-key', 'server.apiKeys.keyRequired');
      return exchangeApiKey(app.ctx, key, { ip: request.ip, userAgent: request.headers['user-agent'] });
    },
  );
}
