// Sign-in throttle (issue 21 §1, OWASP Authentication / Credential Stuffing): growing delays per (account, address) pair,
// per address and per account (the ceiling against distributed guessing), never a lock anyone can trigger: an address
// that signed in before gets in with the right password whatever others guess; the owner is told; an unknown e-mail
// answers alike. State in the database, shared by two API processes. Also: same timing for unknown e-mails, argon2id.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, notifications, signInKnownAddresses } from '../src/db/schema.ts';
import { hashPasswordScrypt, verifyPassword } from '../src/lib/password.ts';
import { delayAfterFailures, SIGN_IN_LIMIT_DEFAULTS as L } from '../src/services/auth/sign-in-limits.ts';
import { addressOf, pruneSignInThrottle } from '../src/services/auth/sign-in-throttle.ts';
import { dispatchMail } from '../src/services/mail/dispatch.ts';
import type { OutgoingMail } from '../src/services/mail/transport.ts';
import { ADMIN, auth, buildTestApp, DEMO_IDS, DEMO_PASSWORD, TENANT, TENANT_US } from './helpers.ts';
import { authorize, movableClock, twinApp } from './session-helpers.ts';

const clock = movableClock();
let app: FastifyInstance;
let twin: FastifyInstance;
let ipCount = 0;
/** A new address per call where a test is about the account alone. */
const freshIp = () => `10.9.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;
const MANAGER = 'manager@demo.test';

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  twin = await twinApp(app);
});
afterAll(async () => {
  await twin.close();
  await app.close();
});

/** Lets every count of the earlier tests run out (a window without failures), so each test starts clean. */
function quietHour() {
  clock.advance(L.windowMs + 1000);
}

/** Wrong passwords from one address, each waiting the Retry-After it is told (as a patient attacker would). */
async function guess(email: string, ip: string, times: number) {
  const codes: number[] = [];
  while (codes.filter((c) => c === 401).length < times) {
    const res = await authorize(codes.length % 2 ? twin : app, email, `Wrong-${codes.length}`, ip);
    codes.push(res.statusCode);
    if (res.statusCode === 429) clock.advance(Number(res.headers['retry-after']) * 1000);
    else expect(res.statusCode).toBe(401);
  }
  return codes;
}

async function throttleNotices(userId: string) {
  return app.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'SIGN_IN_THROTTLED')));
}

describe('the delay rule', () => {
  it('is free for the first few failures, then doubles from 1 s up to its cap', () => {
    const at = (n: number) => delayAfterFailures(n, 3, 1000, 15 * 60_000);
    expect([0, 1, 2].map(at)).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6, 12, 13, 14, 100, 10_000].map(at)).toEqual([
      1000, 2000, 4000, 8000, 512_000, 900_000, 900_000, 900_000, 900_000,
    ]);
  });

  it('counts an IPv6 address by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(addressOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressOf('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressOf('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressOf('203.0.113.5')).toBe('203.0.113.5');
  });
});

describe('per (account, address) pair: growing delays, not a lock', () => {
  it('after 3 failures from one address each further attempt waits 1 s, 2 s, 4 s, 8 s (Retry-After, message en + fr)', async () => {
    quietHour();
    const ip = '198.51.100.10';
    for (let i = 0; i < L.pairFreeFailures; i++) expect((await authorize(app, TENANT, `Wrong-${i}`, ip)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      // Even the right password waits its turn from this address (a throttle that let it through would be an oracle).
      const res = await authorize(i % 2 ? twin : app, TENANT, DEMO_PASSWORD, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().errorCode).toBe('RM_ERROR_TOO_MANY_REQUESTS');
      waits.push(Number(res.headers['retry-after']));
      clock.advance(waits[i] * 1000 - 1);
      // Not a millisecond early.
      expect((await authorize(app, TENANT, 'Wrong-x', ip)).statusCode).toBe(429);
      clock.advance(1);
      expect((await authorize(app, TENANT, 'Wrong-x', ip)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    const res = await authorize(app, TENANT, 'Wrong-x', ip);
    expect(res.json()).toEqual({
      errorCode: 'RM_ERROR_TOO_MANY_REQUESTS',
      message: 'Too many failed sign-in attempts. For your security, try again in 16 seconds.',
    });
    const fr = await authorize(app, TENANT, DEMO_PASSWORD, ip, 'fr-CA');
    expect(fr.json().message).toBe('Trop de tentatives de connexion échouées. Pour votre sécurité, réessayez dans 16 secondes.');
    // Past a minute the message says minutes.
    clock.advance(16_000);
    await guess(TENANT, ip, 3);
    const long = await authorize(app, TENANT, DEMO_PASSWORD, ip);
    expect(Number(long.headers['retry-after'])).toBe(128);
    expect(long.json().message).toBe('Too many failed sign-in attempts. For your security, try again in 3 minutes.');
    // The delay is the pair's: the same e-mail from another address, another e-mail from this one, are not held back.
    expect((await authorize(app, TENANT, DEMO_PASSWORD, freshIp())).statusCode).toBe(200);
    expect((await authorize(app, TENANT_US, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    // Whatever the case of the e-mail.
    expect((await authorize(app, TENANT.toUpperCase(), DEMO_PASSWORD, ip)).statusCode).toBe(429);
    // The right password once the delay is over starts the pair over.
    clock.advance(128_000);
    expect((await authorize(twin, TENANT, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < L.pairFreeFailures; i++) expect((await authorize(app, TENANT, 'Wrong-y', ip)).statusCode).toBe(401);
  });

  it("an attacker's 50 wrong passwords from address A do not stop the owner: from known address B at once, from a new address C too", async () => {
    quietHour();
    const b = '198.51.100.20';
    const c = '198.51.100.30';
    const a = '203.0.113.66';
    expect((await authorize(app, TENANT, DEMO_PASSWORD, b)).statusCode).toBe(200); // B becomes known
    const codes = await guess(TENANT, a, 50);
    expect(codes.filter((x) => x === 401)).toHaveLength(50);
    // A is slowed down to the cap…
    const atA = await authorize(app, TENANT, DEMO_PASSWORD, a);
    expect(atA.statusCode).toBe(429);
    expect(Number(atA.headers['retry-after'])).toBe(L.pairMaxDelayMs / 1000);
    // …while the owner signs in from B, and from C: one address feeds the account's ceiling with its first 3 only.
    for (const on of [app, twin]) expect((await authorize(on, TENANT, DEMO_PASSWORD, b)).statusCode).toBe(200);
    expect((await authorize(twin, TENANT, DEMO_PASSWORD, c)).statusCode).toBe(200);
  });

  it('counts parallel guesses: 12 at once from one address over two processes get at most 3 password checks', async () => {
    quietHour();
    const ip = '198.51.100.40';
    const codes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => authorize(i % 2 ? twin : app, TENANT_US, `Guess-${i}`, ip)),
    ).then((all) => all.map((r) => r.statusCode));
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(L.pairFreeFailures);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(12 - L.pairFreeFailures);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
  });
});

describe("the account's ceiling (distributed guessing)", () => {
  it('many addresses guessing engage it for unknown addresses only: known B signs in at once, new C after its Retry-After', async () => {
    quietHour();
    const b = '198.51.100.50';
    expect((await authorize(app, TENANT_US, DEMO_PASSWORD, b)).statusCode).toBe(200);
    // 4 addresses × 3 failures = 12 > 10: the ceiling engages.
    for (let i = 0; i < 4; i++) await guess(TENANT_US, `192.0.2.${i + 1}`, 3);
    const c = '198.51.100.60';
    const atC = await authorize(app, TENANT_US, DEMO_PASSWORD, c);
    expect(atC.statusCode).toBe(429);
    const wait = Number(atC.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(L.accountMaxDelayMs / 1000);
    // Another fresh address of the attacker waits too: the ceiling holds distributed guessing back.
    expect((await authorize(twin, TENANT_US, 'Wrong-z', '192.0.2.99')).statusCode).toBe(429);
    // The known address is never held back by it.
    expect((await authorize(twin, TENANT_US, DEMO_PASSWORD, b)).statusCode).toBe(200);
    clock.advance(wait * 1000);
    expect((await authorize(app, TENANT_US, DEMO_PASSWORD, c)).statusCode).toBe(200);
  });

  it('the admin account has the same rules: guesses from A and from many addresses never keep the admin out of a known address', async () => {
    quietHour();
    const home = '198.51.100.70';
    expect((await authorize(app, ADMIN, DEMO_PASSWORD, home)).statusCode).toBe(200);
    await guess(ADMIN, '203.0.113.77', 30);
    for (let i = 0; i < 6; i++) await guess(ADMIN, `192.0.2.${100 + i}`, 3);
    expect((await authorize(app, ADMIN, DEMO_PASSWORD, freshIp())).statusCode).toBe(429);
    expect((await authorize(twin, ADMIN, DEMO_PASSWORD, home)).statusCode).toBe(200);
    const notices = await throttleNotices(DEMO_IDS.admin);
    expect(notices).toHaveLength(1);
    expect(notices[0].userType).toBe('TYPE_ADMIN');
  });
});

describe('per address (one address spraying many accounts)', () => {
  it('after 20 failures over any accounts, attempts from it wait; other addresses and known pairs are not held back', async () => {
    quietHour();
    const ip = '203.0.113.7';
    expect((await authorize(app, MANAGER, DEMO_PASSWORD, ip)).statusCode).toBe(200); // the manager's office
    for (let i = 0; i < L.addressFreeFailures; i++) {
      expect((await authorize(i % 2 ? twin : app, `someone-${i}@demo.test`, 'Wrong-x', ip)).statusCode).toBe(401);
    }
    for (const on of [app, twin]) {
      const res = await authorize(on, TENANT_US, DEMO_PASSWORD, ip);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBe(1);
    }
    expect((await authorize(app, TENANT_US, DEMO_PASSWORD, '203.0.113.8')).statusCode).toBe(200);
    expect((await authorize(app, MANAGER, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    // The known pair's success does not lift the delay the address's failures earned.
    const after = await authorize(twin, TENANT_US, DEMO_PASSWORD, ip);
    expect(after.statusCode).toBe(429);
    expect(Number(after.headers['retry-after'])).toBe(1);
  });

  it('successful sign-ins from an address do not use up its failures', async () => {
    quietHour();
    const ip = '203.0.113.9';
    for (let i = 0; i < L.addressFreeFailures + 10; i++) {
      expect((await authorize(app, TENANT_US, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    }
  });
});

describe('an unknown e-mail', () => {
  it('gets the same answers, delays and messages as an account that exists', async () => {
    quietHour();
    const run = async (email: string, ip: string) => {
      const out: [number, string | undefined, string][] = [];
      for (let i = 0; i < 6; i++) {
        const res = await authorize(app, email, 'Wrong-x', ip);
        out.push([res.statusCode, res.headers['retry-after'] as string | undefined, res.json().message]);
        if (i === 4) clock.advance(1000);
      }
      return out;
    };
    const known = await run(TENANT, '198.51.100.90');
    const unknown = await run('nobody-here@demo.test', '198.51.100.91');
    expect(unknown).toEqual(known);
    expect(known.map(([c]) => c)).toEqual([401, 401, 401, 429, 429, 401]);
    expect(known[3][2]).toBe('Too many failed sign-in attempts. For your security, try again in 1 second.');
  });
});

describe('the owner is told', () => {
  it('one notice per window when sign-ins to the account start to be slowed down, in the portal and by e-mail, in their language', async () => {
    quietHour();
    await app.ctx.db.update(customers).set({ languageCode: 'fr' }).where(eq(customers.id, DEMO_IDS.tenant));
    await app.ctx.db
      .delete(notifications)
      .where(and(eq(notifications.userId, DEMO_IDS.tenant), eq(notifications.kind, 'SIGN_IN_THROTTLED')));
    const home = '198.51.100.110';
    expect((await authorize(app, TENANT, DEMO_PASSWORD, home)).statusCode).toBe(200);
    await guess(TENANT, '203.0.113.100', 2);
    expect(await throttleNotices(DEMO_IDS.tenant)).toHaveLength(0); // a typo or two says nothing
    await guess(TENANT, '203.0.113.100', 20);
    for (let i = 0; i < 5; i++) await guess(TENANT, `192.0.2.${200 + i}`, 3);
    expect(await throttleNotices(DEMO_IDS.tenant)).toHaveLength(1);

    // The ceiling is engaged now, and the owner still gets in from home to read the notice.
    expect((await authorize(app, TENANT, DEMO_PASSWORD, freshIp())).statusCode).toBe(429);
    const token = (await authorize(app, TENANT, DEMO_PASSWORD, home)).json().access_token;
    const list = await app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { ...auth(token), 'accept-language': 'fr' },
    });
    const notice = list.json().records.find((n: { kind: string }) => n.kind === 'SIGN_IN_THROTTLED');
    expect(notice.title).toBe('Connexions échouées à votre compte');
    expect(notice.body).toContain('personne n’est entré');
    const mails: OutgoingMail[] = [];
    await dispatchMail({ ...app.ctx, mail: { name: 'test', send: async (m) => void mails.push(m) } });
    expect(mails.find((m) => m.subject === 'Connexions échouées à votre compte')?.to).toBe(TENANT);
    // The admin's notice of the test above goes to the admin's e-mail, in English.
    expect(mails.filter((m) => m.subject === 'Failed sign-ins on your account').map((m) => m.to)).toContain(ADMIN);

    // Past the window, a new wave of guessing tells again.
    quietHour();
    await guess(TENANT, '203.0.113.101', 4);
    expect(await throttleNotices(DEMO_IDS.tenant)).toHaveLength(2);
    await app.ctx.db.update(customers).set({ languageCode: 'en' }).where(eq(customers.id, DEMO_IDS.tenant));
  });
});

describe('known addresses', () => {
  it('are kept as keyed hashes, the 10 most recent per account', async () => {
    quietHour();
    const ips = Array.from({ length: 12 }, (_, i) => `100.64.0.${i + 1}`);
    for (const ip of ips) {
      clock.advance(1000);
      expect((await authorize(app, TENANT_US, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    }
    const rows = await app.ctx.db.select().from(signInKnownAddresses).where(eq(signInKnownAddresses.userId, DEMO_IDS.tenantUs));
    expect(rows).toHaveLength(L.knownAddresses);
    expect(rows.some((r) => r.addressHash.includes('100.64'))).toBe(false);
    // The oldest is forgotten: from it, the account's ceiling applies again (engaged by many addresses).
    for (let i = 0; i < 4; i++) await guess(TENANT_US, `192.0.2.${50 + i}`, 3);
    expect((await authorize(app, TENANT_US, DEMO_PASSWORD, ips[0])).statusCode).toBe(429);
    expect((await authorize(app, TENANT_US, DEMO_PASSWORD, ips[11])).statusCode).toBe(200);
  });

  it('old counts are pruned once their window is over', async () => {
    quietHour();
    await pruneSignInThrottle(app.ctx);
    const left = await app.ctx.database.raw('SELECT count(*)::int AS n FROM sign_in_throttle', []);
    expect((left.rows[0] as { n: number }).n).toBe(0);
  });
});

describe('unknown and known e-mails take the same time', () => {
  it('the medians of a wrong password and of an unknown e-mail are within a few milliseconds', async () => {
    quietHour();
    // Dozens of wrong passwords from many addresses would engage the account's ceiling: this process counts without it.
    const relaxed = await twinApp(app, { signInLimits: { accountFreeFailures: 1000 } });
    const timed = async (email: string) => {
      const t0 = performance.now();
      const res = await authorize(relaxed, email, 'Wrong-x', freshIp());
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
        if (i % 3 === 2) expect((await authorize(relaxed, TENANT, DEMO_PASSWORD, freshIp())).statusCode).toBe(200);
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
    await relaxed.close();
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
