// Sign-in (issue 9): failures limited per account and per address in the database (shared by API processes),
// unknown and known e-mails answer in the same time, and passwords are hashed with argon2id (old hashes replaced).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, signInThrottle } from '../src/db/schema.ts';
import { hashPasswordScrypt, verifyPassword } from '../src/lib/password.ts';
import { SIGN_IN_LIMIT_DEFAULTS } from '../src/services/auth/sign-in-throttle.ts';
import { ADMIN, buildTestApp, DEMO_IDS, DEMO_PASSWORD, TENANT, TENANT_US } from './helpers.ts';
import { authorize, movableClock, twinApp } from './session-helpers.ts';

const clock = movableClock();
let app: FastifyInstance;
let twin: FastifyInstance;
let ipCount = 0;
/** A new address per call where a test is about the account alone. */
const freshIp = () => `10.9.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  twin = await twinApp(app);
});
afterAll(async () => {
  await twin.close();
  await app.close();
});

describe('per-account limit, in the database', () => {
  it('locks an account after 5 failures spread over two API processes and addresses; the right password waits too', async () => {
    const { accountFailures, lockMs } = SIGN_IN_LIMIT_DEFAULTS;
    expect(accountFailures).toBe(5);
    for (let i = 0; i < accountFailures; i++) {
      const res = await authorize(i % 2 ? twin : app, TENANT, `Wrong-${i}`, freshIp());
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe('RM_ERROR_INVALID_CREDENTIALS');
    }
    for (const on of [app, twin]) {
      const res = await authorize(on, TENANT, DEMO_PASSWORD, freshIp());
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        errorCode: 'RM_ERROR_TOO_MANY_REQUESTS',
        message: 'Too many failed sign-ins for this account or from this address. Try again in 15 min.',
      });
      expect(Number(res.headers['retry-after'])).toBe(lockMs / 1000);
    }
    const fr = await authorize(app, TENANT, DEMO_PASSWORD, freshIp(), 'fr-CA');
    expect(fr.json().message).toBe(
      'Trop de tentatives de connexion échouées pour ce compte ou depuis cette adresse. Réessayez dans 15 min.',
    );
    // Whatever the case of the e-mail.
    expect((await authorize(app, TENANT.toUpperCase(), DEMO_PASSWORD, freshIp())).statusCode).toBe(429);
    // Other accounts are not affected.
    expect((await authorize(app, TENANT_US, DEMO_PASSWORD, freshIp())).statusCode).toBe(200);

    clock.advance(lockMs / 2);
    const waiting = await authorize(twin, TENANT, DEMO_PASSWORD, freshIp());
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBe(lockMs / 2000);
    clock.advance(lockMs / 2);
    expect((await authorize(twin, TENANT, DEMO_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('a success starts the count over', async () => {
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < SIGN_IN_LIMIT_DEFAULTS.accountFailures - 1; i++) {
        expect((await authorize(app, TENANT, 'Wrong-x', freshIp())).statusCode).toBe(401);
      }
      expect((await authorize(twin, TENANT, DEMO_PASSWORD, freshIp())).statusCode).toBe(200);
    }
  });

  it('counts an unknown e-mail the same way (a lock says nothing about whether the account exists)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await authorize(app, 'nobody-here@demo.test', 'Wrong-x', freshIp())).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('counts parallel guesses: 12 at once get at most 5 answers that checked the password', async () => {
    const codes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => authorize(i % 2 ? twin : app, ADMIN, `Guess-${i}`, freshIp())),
    ).then((all) => all.map((r) => r.statusCode));
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(SIGN_IN_LIMIT_DEFAULTS.accountFailures);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(12 - SIGN_IN_LIMIT_DEFAULTS.accountFailures);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
  });

  it('keeps a real account locked however many junk e-mails fail meanwhile (nothing to evict)', async () => {
    const victim = 'tenant.us@demo.test';
    const [row] = await app.ctx.db.select().from(signInThrottle).where(eq(signInThrottle.key, victim));
    expect(row?.lockedUntil ?? null).toBeNull();
    for (let i = 0; i < 5; i++) await authorize(app, victim, 'Wrong-x', freshIp());
    // 300 junk accounts from 300 addresses, straight into the store as a flood would leave it.
    await app.ctx.db.insert(signInThrottle).values(
      Array.from({ length: 300 }, (_, i) => ({
        scope: 'account',
        key: `junk-${i}@example.test`,
        failures: 1,
        windowStartedAt: clock.now(),
      })),
    );
    for (let i = 0; i < 30; i++) await authorize(i % 2 ? twin : app, `junk-${i}@example.test`, 'x', freshIp());
    expect((await authorize(app, victim, DEMO_PASSWORD, freshIp())).statusCode).toBe(429);
    clock.advance(SIGN_IN_LIMIT_DEFAULTS.lockMs);
  });
});

describe('per-address limit, in the database', () => {
  it('locks an address after 30 failures over any accounts, in both processes; other addresses sign in', async () => {
    const ip = '203.0.113.7';
    const { addressFailures } = SIGN_IN_LIMIT_DEFAULTS;
    for (let i = 0; i < addressFailures; i++) {
      const res = await authorize(i % 2 ? twin : app, `someone-${i}@demo.test`, 'Wrong-x', ip);
      expect(res.statusCode).toBe(401);
    }
    for (const on of [app, twin]) {
      const res = await authorize(on, TENANT_US, DEMO_PASSWORD, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().errorCode).toBe('RM_ERROR_TOO_MANY_REQUESTS');
    }
    expect((await authorize(app, TENANT_US, DEMO_PASSWORD, '203.0.113.8')).statusCode).toBe(200);
    clock.advance(SIGN_IN_LIMIT_DEFAULTS.lockMs);
    expect((await authorize(app, TENANT_US, DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('successful sign-ins from an address do not use up its failures', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < SIGN_IN_LIMIT_DEFAULTS.addressFailures + 10; i++) {
      expect((await authorize(app, TENANT_US, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    }
  });
});

describe('unknown and known e-mails take the same time', () => {
  it('the medians of a wrong password and of an unknown e-mail are within a few milliseconds', async () => {
    const timed = async (email: string) => {
      const t0 = performance.now();
      const res = await authorize(app, email, 'Wrong-x', freshIp());
      const ms = performance.now() - t0;
      expect(res.statusCode).toBe(401);
      return ms;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    /** One round: 15 alternated pairs, so the machine's load falls on both alike; the known account signs in between. */
    const round = async () => {
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 15; i++) {
        known.push(await timed(TENANT));
        unknown.push(await timed(`nobody-${i}@demo.test`));
        if (i % 3 === 2) expect((await authorize(app, TENANT, DEMO_PASSWORD, freshIp())).statusCode).toBe(200);
      }
      return { known: median(known), unknown: median(unknown) };
    };
    // One argon2id verification (about 20 ms) each: before, an unknown e-mail answered without hashing at all (under
    // 1 ms), which every round shows. A machine busy with other work (npm test runs the browser journeys beside this)
    // can skew one round: up to three are measured, and the property must hold in one of them.
    const same = ({ known: k, unknown: u }: { known: number; unknown: number }) =>
      u > k * 0.6 && Math.abs(k - u) < Math.max(8, k * 0.4);
    await timed('warm-up@demo.test');
    const rounds: { known: number; unknown: number }[] = [];
    for (let r = 0; r < 3 && !rounds.some(same); r++) rounds.push(await round());
    if (process.env.SHOW_TIMINGS) console.info(rounds);
    expect(rounds.some(same), JSON.stringify(rounds)).toBe(true);
  });
});

describe('password hashing', () => {
  it('hashes with argon2id at OWASP parameters', async () => {
    const [row] = await app.ctx.db.select().from(customers).where(eq(customers.id, DEMO_IDS.tenant));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('replaces an old scrypt (N=16384) hash at sign-in, and the new one works', async () => {
    const old = await hashPasswordScrypt(DEMO_PASSWORD, 16384);
    await app.ctx.db.update(customers).set({ passwordHash: old }).where(eq(customers.id, DEMO_IDS.tenantUs));
    expect((await authorize(app, TENANT_US, 'Wrong-x', freshIp())).statusCode).toBe(401);
    const [still] = await app.ctx.db.select().from(customers).where(eq(customers.id, DEMO_IDS.tenantUs));
    expect(still.passwordHash).toBe(old); // a wrong password changes nothing

    expect((await authorize(app, TENANT_US, DEMO_PASSWORD, freshIp())).statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(customers).where(eq(customers.id, DEMO_IDS.tenantUs));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(DEMO_PASSWORD, row.passwordHash)).toBe(true);
    expect((await authorize(twin, TENANT_US, DEMO_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('refuses an account without a password like a wrong one', async () => {
    await app.ctx.db.update(customers).set({ passwordHash: null }).where(eq(customers.id, DEMO_IDS.tenantUs));
    const res = await authorize(app, TENANT_US, DEMO_PASSWORD, freshIp());
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('RM_ERROR_INVALID_CREDENTIALS');
  });
});
