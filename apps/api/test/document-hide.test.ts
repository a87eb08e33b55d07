// Issue 21 §1: a tenant could permanently delete the signed lease the manager shared, for the manager too. Now a tenant's
// delete of a manager's document hides it from the tenant only (docs/api-contract.md "Documents"): the manager keeps the
// record and the file; the tenant's own documents are still really deleted.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema.ts';
import { tinyPng } from '../src/db/seed.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let admin: string;

beforeAll(async () => {
  ({ app, tenant, admin } = await signedInApp());
});
afterAll(() => app.close());

const remove = (token: string, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/document/${id}/delete`, headers: auth(token) });
const download = (token: string, id: string) =>
  app.inject({ method: 'GET', url: `/api/document/${id}/download`, headers: auth(token) });
async function listed(token: string): Promise<string[]> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/document/search',
    headers: auth(token),
    payload: { conditions: [{ field: 'customerId', operator: 'EQUALS', value: DEMO_IDS.tenant }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().records as { id: string }[]).map((r) => r.id);
}
const row = async (id: string) => (await app.ctx.db.select().from(documents).where(eq(documents.id, id)))[0];

describe("a tenant's delete of a manager's document", () => {
  it('hides it from the tenant only: the manager keeps the record and the file', async () => {
    const id = DEMO_IDS.docManager;
    const before = await row(id);
    expect(before.ownerType).toBe('TYPE_MANAGER');
    expect(await listed(tenant)).toContain(id);

    const res = await remove(tenant, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, outcome: 'HIDDEN' });

    // The tenant no longer sees it: not listed, not downloadable, a second delete answers like a missing document.
    expect(await listed(tenant)).not.toContain(id);
    expect((await download(tenant, id)).statusCode).toBe(404);
    expect((await remove(tenant, id)).statusCode).toBe(404);

    // The manager's copy: the row and the stored file are intact, and the manager's side still lists and serves it.
    const after = await row(id);
    expect(after).toMatchObject({ id, ownerType: 'TYPE_MANAGER', storageKey: before.storageKey, size: before.size });
    expect(after.hiddenForCustomerAt).not.toBeNull();
    expect((await app.ctx.storage.read(before.storageKey)).equals(tinyPng())).toBe(true);
    expect(await listed(admin)).toContain(id);
    const served = await download(admin, id);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(tinyPng())).toBe(true);

    const history = await app.inject({ method: 'GET', url: `/api/document/${id}/history`, headers: auth(admin) });
    expect(history.json().records.map((e: { action: string }) => e.action)).toContain('HIDE_FOR_CUSTOMER');
  });

  it("still really deletes the tenant's own documents (row and file)", async () => {
    const boundary = `----portal${randomUUID()}`;
    const up = await app.inject({
      method: 'POST',
      url: `/api/PROPERTY_LEASE/${DEMO_IDS.leaseActive}/upload`,
      headers: { ...auth(tenant), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="mine.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        tinyPng(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(up.statusCode, up.body).toBe(200);
    const id = up.json().id as string;
    const { storageKey } = await row(id);
    const res = await remove(tenant, id);
    expect(res.json()).toEqual({ id, outcome: 'DELETED' });
    expect(await row(id)).toBeUndefined();
    await expect(app.ctx.storage.read(storageKey)).rejects.toThrow();
    expect(await listed(admin)).not.toContain(id);
  });

  it('an admin (the manager side) deleting a manager document really deletes it', async () => {
    const [doc] = await app.ctx.db.select().from(documents).where(eq(documents.ownerType, 'TYPE_MANAGER'));
    expect(doc).toBeDefined();
    const res = await remove(admin, doc.id);
    expect(res.json()).toEqual({ id: doc.id, outcome: 'DELETED' });
    expect(await row(doc.id)).toBeUndefined();
  });
});
