// issue 24 "Access for machines" (spec 2 §7 /authorizeapi): a company's API keys for a property-management system or an
// accounting export. A key is created and revoked by the admin (any company) or a manager (their company only), shown
// once, and kept as a keyed hash: HMAC-SHA256 with a server secret. The key is 256 random bits, so nobody can guess it
// back from a leaked hash and a slow password hash (argon2) would only spend CPU on every exchange; the server secret
// makes a copied table useless on its own. A key is exchanged for a short-lived token whose session is the key's: a
// revoked key ends its sessions, so tokens already issued are refused at once (plugins/auth.ts runs apiKeyGate).
import { createHmac, randomBytes } from 'node:crypto';
import { API_KEY_SCOPE_NAMES, type ApiKeyRecord, type ApiKeyScope } from '@portal/domain/api-key-shapes';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { apiKeys, companies, corporateUsers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { SessionClaims, VerifiedClaims } from '../../lib/jwt.ts';
import { type ConsoleCaller, requireCompanyScope } from '../search/caller.ts';

/** What a key may read, each scope the routes it opens (Fastify's route url, under /api). Nothing else is open to a key. */
export const API_KEY_SCOPES = {
  // The company's ledger: the properties, the ledger page and its CSV (an accounting export).
  'ledger:read': ['GET /api/ledger/properties', 'POST /api/ledger/search', 'GET /api/ledger/download'],
  // The company's properties and leases (a property-management system's sync).
  'properties:read': [
    'GET /api/company/:id/property/list',
    'GET /api/property/:id',
    'GET /api/property_lease/properties',
    'GET /api/property_lease/:id/details',
  ],
} as const satisfies Record<ApiKeyScope, readonly string[]>;

export { API_KEY_SCOPE_NAMES, type ApiKeyRecord, type ApiKeyScope };

const SCOPE_OF_ROUTE = new Map<string, ApiKeyScope>(
  Object.entries(API_KEY_SCOPES).flatMap(([scope, routes]) => routes.map((r) => [r, scope as ApiKeyScope] as const)),
);

/** The session type of a key's token: no route but the scoped ones knows it, so every other route refuses it (403). */
export const API_KEY_USER_TYPE = 'TYPE_API_KEY';

/** Exchanges per key (and per address without a key) and calls per key: a machine polls, it does not hammer. */
export const API_KEY_RATE_LIMIT_DEFAULT = { max: 120, timeWindowMs: 60_000 };

const KEY_PATTERN = /^rpk_([A-Za-z0-9_-]{12})_([A-Za-z0-9_-]{43})$/;

export type ApiKeyRow = typeof apiKeys.$inferSelect;

function hashSecret(ctx: AppContext): string {
  // A secret of its own (API_KEY_SECRET), so rotating the token secret does not void every key; tests derive one.
  return ctx.config.apiKeySecret ?? createHmac('sha256', ctx.config.jwtSecret).update('api-key-hash').digest('base64url');
}

export function hashApiKey(ctx: AppContext, key: string): string {
  return createHmac('sha256', hashSecret(ctx)).update(key).digest('hex');
}

const invalidKey = () => new AppError('RM_ERROR_INVALID_CREDENTIALS', 'server.apiKeys.invalidKey');

async function recordOf(ctx: AppContext, where: ReturnType<typeof eq>): Promise<ApiKeyRecord[]> {
  const rows = await ctx.db
    .select({
      key: apiKeys,
      companyName: companies.name,
      creatorName: sql<string | null>`${corporateUsers.firstName} || ' ' || ${corporateUsers.lastName}`,
    })
    .from(apiKeys)
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .leftJoin(corporateUsers, eq(corporateUsers.id, apiKeys.createdById))
    .where(where)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(500);
  return rows.map(({ key, companyName, creatorName }) => ({
    id: key.id,
    companyId: key.companyId,
    companyName,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes as ApiKeyScope[],
    status: key.revokedAt ? 'REVOKED' : 'ACTIVE',
    createdAt: new Date(key.createdAt).toISOString(),
    createdBy: { id: key.createdById, type: key.createdByType, name: creatorName },
    lastUsedAt: key.lastUsedAt ? new Date(key.lastUsedAt).toISOString() : null,
    lastUsedIp: key.lastUsedIp,
    revokedAt: key.revokedAt ? new Date(key.revokedAt).toISOString() : null,
  }));
}

/** POST /api_key/create: a new key of the caller's company (the admin names one); the key itself is in this answer only. */
export async function createApiKey(
  ctx: AppContext,
  caller: ConsoleCaller,
  input: { companyId?: string; name: string; scopes: ApiKeyScope[] },
  actor: Actor,
): Promise<ApiKeyRecord & { key: string }> {
  const companyId = input.companyId ?? (caller.role === 'manager' ? caller.companyId : undefined);
  if (!companyId) throw AppError.onField('companyId', 'server.apiKeys.companyRequired');
  requireCompanyScope(caller, companyId, 'Company');
  const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw AppError.notFound('Company');
  const publicId = randomBytes(9).toString('base64url');
  const key = `rpk_${publicId}_${randomBytes(32).toString('base64url')}`;
  const scopes = [...new Set(input.scopes)];
  const [row] = await ctx.db
    .insert(apiKeys)
    .values({
      companyId,
      name: input.name,
      prefix: `rpk_${publicId}`,
      keyHash: hashApiKey(ctx, key),
      scopes,
      createdById: caller.id,
      createdByType: caller.role === 'admin' ? 'TYPE_ADMIN' : 'TYPE_MANAGER',
    })
    .returning();
  // Never the key or its hash in the trail.
  await recordAudit(ctx.db, {
    recordType: 'ApiKey',
    recordId: row.id,
    action: 'CREATE',
    changes: {
      companyId: { from: null, to: companyId },
      name: { from: null, to: input.name },
      scopes: { from: null, to: scopes },
    },
    actor,
  });
  const [record] = await recordOf(ctx, eq(apiKeys.id, row.id));
  return { ...record, key };
}

/** GET /api_key/list: the keys of the manager's company; the admin's of one company (companyId) or of all. */
export async function listApiKeys(ctx: AppContext, caller: ConsoleCaller, companyId?: string): Promise<ApiKeyRecord[]> {
  if (caller.role === 'manager') {
    if (companyId) requireCompanyScope(caller, companyId, 'Company');
    return recordOf(ctx, eq(apiKeys.companyId, caller.companyId));
  }
  return recordOf(ctx, companyId ? eq(apiKeys.companyId, companyId) : (sql`true` as unknown as ReturnType<typeof eq>));
}

/** POST /api_key/{id}/revoke: the key stops at once, with every token issued from it. Revoking twice answers the same. */
export async function revokeApiKey(ctx: AppContext, caller: ConsoleCaller, id: string, actor: Actor): Promise<ApiKeyRecord> {
  const [key] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  if (!key) throw AppError.notFound('API key');
  requireCompanyScope(caller, key.companyId, 'API key');
  if (!key.revokedAt) {
    const t = ctx.now().toISOString();
    const [done] = await ctx.db
      .update(apiKeys)
      .set({ revokedAt: t, revokedById: caller.id })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    if (done) {
      await recordAudit(ctx.db, {
        recordType: 'ApiKey',
        recordId: id,
        action: 'REVOKE',
        changes: { revokedAt: { from: null, to: t } },
        actor,
      });
    }
  }
  // Every session of the key (no session has this id: all of them end).
  await ctx.sessions.revokeOthers(id, API_KEY_USER_TYPE, '00000000-0000-0000-0000-000000000000');
  const [record] = await recordOf(ctx, eq(apiKeys.id, id));
  return record;
}

/** The key's public id, for the exchange's rate limit (a malformed key counts against its address). */
export function apiKeyRateKey(key: string | undefined, ip: string): string {
  const m = key ? KEY_PATTERN.exec(key.trim()) : null;
  return m ? `key:${m[1]}` : `ip:${ip}`;
}

/** POST /authorizeapi: a live key's short-lived token (the token service's 15 minutes at most). */
export async function exchangeApiKey(
  ctx: AppContext,
  key: string,
  meta: { ip: string; userAgent?: string | null },
): Promise<{ access_token: string; token_type: 'Bearer'; expires_in: number; scopes: ApiKeyScope[]; companyId: string }> {
  if (!KEY_PATTERN.test(key.trim())) throw invalidKey();
  const [row] = await ctx.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, hashApiKey(ctx, key.trim())))
    .limit(1);
  if (!row || row.revokedAt) throw invalidKey();
  const t = ctx.now();
  await ctx.db.update(apiKeys).set({ lastUsedAt: t.toISOString(), lastUsedIp: meta.ip }).where(eq(apiKeys.id, row.id));
  await recordAudit(ctx.db, {
    recordType: 'ApiKey',
    recordId: row.id,
    action: 'TOKEN',
    changes: { ip: meta.ip },
    actor: { id: row.id, type: API_KEY_USER_TYPE },
  });
  const session = await ctx.sessions.create({
    userId: row.id,
    userType: API_KEY_USER_TYPE,
    userAgent: meta.userAgent,
    ip: meta.ip,
  });
  const claims: SessionClaims = {
    sessionRole: { id: row.id, firstName: row.name, lastName: '', type: API_KEY_USER_TYPE, companyId: row.companyId },
    apiKey: { id: row.id, scopes: row.scopes },
  };
  const access_token = await ctx.tokens.sign(claims, session.id, session.expiresAt.getTime());
  const exp = Math.min(t.getTime() + ctx.tokens.ttlSeconds * 1000, session.expiresAt.getTime());
  return {
    access_token,
    token_type: 'Bearer',
    expires_in: Math.max(0, Math.floor((exp - t.getTime()) / 1000)),
    scopes: row.scopes as ApiKeyScope[],
    companyId: row.companyId,
  };
}

/**
 * The gate of a key's token on every protected route (plugins/auth.ts): only the routes of the key's scopes (403 for
 * the rest), the key still live (read fresh: a revoke in another process counts at once), the per-key rate limit, each
 * call audited; then the route sees a manager of the key's company (read-only: no write route is in any scope).
 */
export function createApiKeyGate(app: FastifyInstance) {
  const limit = app.ctx.config.apiKeyRateLimit ?? API_KEY_RATE_LIMIT_DEFAULT;
  const limiter = app.rateLimit({
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    keyGenerator: (req) => `api-key-calls:${req.session?.sessionRole.id ?? req.ip}`,
  });
  return async function apiKeyGate(
    request: FastifyRequest,
    reply: FastifyReply,
    claims: VerifiedClaims,
  ): Promise<VerifiedClaims> {
    const route = `${request.method} ${request.routeOptions.url}`;
    const scope = SCOPE_OF_ROUTE.get(route);
    const scopes = claims.apiKey?.scopes ?? [];
    if (!scope || !scopes.includes(scope)) throw AppError.forbidden('server.apiKeys.routeNotAllowed');
    await app.ctx.sessions.check(claims.sid, { fresh: true });
    const keyId = claims.sessionRole.id;
    request.session = claims;
    await limiter.call(app, request, reply);
    await app.ctx.db
      .update(apiKeys)
      .set({ lastUsedAt: app.ctx.now().toISOString(), lastUsedIp: request.ip })
      .where(eq(apiKeys.id, keyId));
    await recordAudit(app.ctx.db, {
      recordType: 'ApiKey',
      recordId: keyId,
      action: 'USE',
      changes: { route, path: request.url.split('?')[0], ip: request.ip },
      actor: { id: keyId, type: API_KEY_USER_TYPE },
    });
    const companyId = claims.sessionRole.companyId;
    if (!companyId) throw AppError.forbidden('server.apiKeys.routeNotAllowed');
    return { ...claims, sessionRole: { ...claims.sessionRole, type: 'TYPE_MANAGER', companyId } };
  };
}
