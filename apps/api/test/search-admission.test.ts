// Fair use (issue 21 §1): a caller's searches are read four at a time; a turn is given back however the request ends,
// so clients that hang up mid-search (a timeout, a closed tab) never leave the caller locked out of searching.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let port: number;

beforeAll(async () => {
  ({ app, tenant } = await signedInApp());
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app?.close());

const body = JSON.stringify({ conditions: [{ field: 'billingAccountId', operator: 'EQUALS', value: DEMO_IDS.leaseActive }] });

/** Sends a search and hangs up `afterMs` later (0: as soon as it is sent), whatever the server is doing. */
function hangUp(afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/open_charge/search',
      headers: { authorization: `Bearer ${tenant}`, 'content-type': 'application/json' },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.end(body, () => setTimeout(() => req.destroy(), afterMs));
  });
}

describe('search turns', () => {
  it('are given back when clients hang up while waiting, while read or while answered', async () => {
    for (let round = 0; round < 3; round++) {
      await Promise.all(Array.from({ length: 24 }, (_, i) => hangUp(i % 4)));
    }
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        fetch(`http://127.0.0.1:${port}/api/open_charge/search`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tenant}`, 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(10_000),
        }).then((r) => r.status),
      ),
    );
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
