// Helpers of the session and sign-in tests: a movable clock, and a second API process on the same database.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';

/** A clock the test moves: `now` for buildTestApp, `advance(ms)` to move it. */
export function movableClock(start = Date.now()) {
  let t = start;
  return {
    now: () => new Date(t),
    advance: (ms: number) => {
      t += ms;
    },
    get ms() {
      return t;
    },
  };
}

/**
 * Another app on the database of `app` (as a second API process on one PostgreSQL would be): its own caches, its own
 * in-memory rate limits; the sessions and sign-in counts are the database's. Closing it leaves the database open.
 */
export async function twinApp(
  app: FastifyInstance,
  overrides: Partial<Pick<AppConfig, 'sessions' | 'signInLimits'>> = {},
): Promise<FastifyInstance> {
  const twin = await buildApp({ database: app.ctx.database, config: { ...app.ctx.config, ...overrides }, now: app.ctx.now });
  await twin.ready();
  return twin;
}

export const basic = (email: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
});

export const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

/** GET /api/authorize from an address; answers the inject response. */
export function authorize(app: FastifyInstance, email: string, password: string, ip = '127.0.0.1', lang?: string) {
  return app.inject({
    method: 'GET',
    url: '/api/authorize',
    headers: { ...basic(email, password), ...(lang ? { 'accept-language': lang } : {}) },
    remoteAddress: ip,
  });
}
