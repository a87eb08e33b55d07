// Idempotency-Key (issue 8): one run per (user, key), identical answers, conflicts refused, unexpected failures free the key.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error.ts';
import {
  findUnfinishedKeys,
  idempotencyKeyOf,
  localizeStoredError,
  requestHash,
  runIdempotent,
} from '../src/services/payments/idempotency.ts';
import { buildTestApp, DEMO_IDS } from './helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const user = DEMO_IDS.tenant;

describe('runIdempotent', () => {
  it('runs the work once for 50 concurrent requests and answers them all the same', async () => {
    let runs = 0;
    const work = async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 50));
      return { statusCode: 201, body: { id: `tx-${runs}`, amount: 10 } };
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => runIdempotent(app.ctx, { userId: user, key: 'k-50', scope: 'pay', body: { a: 1 } }, work)),
    );
    expect(runs).toBe(1);
    for (const a of answers) expect(a).toEqual({ statusCode: 201, body: { id: 'tx-1', amount: 10 } });
    // A later retry too.
    expect(await runIdempotent(app.ctx, { userId: user, key: 'k-50', scope: 'pay', body: { a: 1 } }, work)).toEqual(answers[0]);
    expect(runs).toBe(1);
  });

  it('keys are per user', async () => {
    let runs = 0;
    const work = async () => ({ statusCode: 200, body: { n: ++runs } });
    await runIdempotent(app.ctx, { userId: user, key: 'shared', scope: 'pay', body: {} }, work);
    await runIdempotent(app.ctx, { userId: DEMO_IDS.tenantUs, key: 'shared', scope: 'pay', body: {} }, work);
    expect(runs).toBe(2);
  });

  it('refuses the same key with another body, whatever the key order of the same body', async () => {
    const work = async () => ({ statusCode: 200, body: { ok: true } });
    await runIdempotent(app.ctx, { userId: user, key: 'k-body', scope: 'pay', body: { a: 1, b: { c: 2, d: 3 } } }, work);
    await expect(
      runIdempotent(app.ctx, { userId: user, key: 'k-body', scope: 'pay', body: { b: { d: 3, c: 2 }, a: 1 } }, work),
    ).resolves.toEqual({ statusCode: 200, body: { ok: true } });
    await expect(
      runIdempotent(app.ctx, { userId: user, key: 'k-body', scope: 'pay', body: { a: 2, b: { c: 2, d: 3 } } }, work),
    ).rejects.toMatchObject({ errorCode: 'RM_ERROR_IDEMPOTENCY_CONFLICT' });
    expect(requestHash('pay', { a: 1 })).not.toBe(requestHash('other', { a: 1 }));
  });

  it('never keeps "still running, ask again" as the answer: the retry runs the work and gets its outcome', async () => {
    let runs = 0;
    const work = async () => {
      runs += 1;
      if (runs === 1) throw new AppError('RM_ERROR_IDEMPOTENCY_CONFLICT', 'server.payments.idempotencyInProgress');
      return { statusCode: 200, body: { paid: true } };
    };
    const claim = { userId: user, key: 'k-ask-again', scope: 'pay', body: {} };
    await expect(runIdempotent(app.ctx, claim, work)).rejects.toMatchObject({ errorCode: 'RM_ERROR_IDEMPOTENCY_CONFLICT' });
    expect(await runIdempotent(app.ctx, claim, work)).toEqual({ statusCode: 200, body: { paid: true } });
    expect(runs).toBe(2);
  });

  it('keeps a refusal (4xx) as the answer; after an unexpected failure the retry takes the key over', async () => {
    let runs = 0;
    const refuse = async () => {
      runs += 1;
      throw new AppError('RM_ERROR_PAYMENT_DECLINED', 'server.payments.idempotencyConflict', {
        extra: { transaction: { id: 't' } },
      });
    };
    const first = await runIdempotent(app.ctx, { userId: user, key: 'k-refused', scope: 'pay', body: {} }, refuse);
    const again = await runIdempotent(app.ctx, { userId: user, key: 'k-refused', scope: 'pay', body: {} }, refuse);
    expect(runs).toBe(1);
    expect(first).toEqual(again);
    expect(first.statusCode).toBe(402);
    expect(first.body).toMatchObject({ errorCode: 'RM_ERROR_PAYMENT_DECLINED', transaction: { id: 't' } });
    expect(localizeStoredError('fr', first.body)).toMatchObject({ message: expect.stringContaining('Idempotency-Key') });

    const crash = async () => {
      throw new Error('boom');
    };
    await expect(runIdempotent(app.ctx, { userId: user, key: 'k-crash', scope: 'pay', body: {} }, crash)).rejects.toThrow('boom');
    // issue 20: the key is kept (never freed: the work may have charged), released for the retry to take over
    expect((await findUnfinishedKeys(app.ctx)).map((k) => k.key)).toContain('k-crash');
    const ok = await runIdempotent(app.ctx, { userId: user, key: 'k-crash', scope: 'pay', body: {} }, async () => ({
      statusCode: 200,
      body: { fine: true },
    }));
    expect(ok.body).toEqual({ fine: true });
    expect(await findUnfinishedKeys(app.ctx)).toEqual([]);
  });

  it('requires a well-formed key', () => {
    expect(idempotencyKeyOf('abc-123')).toBe('abc-123');
    for (const bad of [undefined, '', 'has space', 'x'.repeat(256), 'é']) {
      expect(() => idempotencyKeyOf(bad)).toThrow(AppError);
    }
  });
});
