// Documents (docs/api-contract.md "Documents"): upload judged by content, download, delete, history.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, insurancePolicies } from '../src/db/schema.ts';
import { tinyPng } from '../src/db/seed.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
let admin: string;

beforeAll(async () => {
  ({ app, tenant, tenantUs, admin } = await signedInApp());
});
afterAll(() => app.close());

const PNG = tinyPng();
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0xff, 0xd9,
]);
const CSV = Buffer.from('date,amount,note\n2025-01-01,1850.00,"Rent, January"\n', 'utf8');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]), Buffer.alloc(64)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const TEXT_WITH_NUL = Buffer.from('name,amount\nRent,\u00001850\n', 'utf8');

function multipart(filename: string, bytes: Buffer, opts: { field?: string; contentType?: string } = {}) {
  const boundary = `----portal${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${filename}"\r\n` +
      `Content-Type: ${opts.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  token: string,
  filename: string,
  bytes: Buffer,
  opts: { target?: string; id?: string; field?: string; contentType?: string } = {},
) {
  const body = multipart(filename, bytes, opts);
  return app.inject({
    method: 'POST',
    url: `/api/${opts.target ?? 'PROPERTY_LEASE'}/${opts.id ?? DEMO_IDS.leaseActive}/upload`,
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
}

const download = (token: string, id: string, suffix = '') =>
  app.inject({ method: 'GET', url: `/api/document/${id}/download${suffix}`, headers: auth(token) });

function storedFiles(): number {
  const dir = app.ctx.config.storageDir;
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}
async function documentRows(): Promise<number> {
  return (await app.ctx.db.select({ id: documents.id }).from(documents)).length;
}
async function expectNothingStored(run: () => Promise<unknown>) {
  const [rows, files] = [await documentRows(), storedFiles()];
  await run();
  expect(await documentRows()).toBe(rows);
  expect(storedFiles()).toBe(files);
}
async function searchDoc(token: string, id: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/document/search',
    headers: auth(token),
    payload: { conditions: [{ field: 'id', operator: 'EQUALS', value: id }] },
  });
  return res.json().records[0];
}

describe('POST /PROPERTY_LEASE/{id}/upload', () => {
  it.each([
    ['lease.png', PNG, 'image/png'],
    ['scan.jpg', JPEG, 'image/jpeg'],
    ['costs.csv', CSV, 'text/csv'],
  ])('accepts %s, stores it and lists it for the tenant', async (name, bytes, mime) => {
    const res = await upload(tenant, name, bytes);
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await searchDoc(tenant, id)).toMatchObject({
      id,
      name,
      size: bytes.length,
      ownerType: 'TYPE_CUSTOMER',
      recordType: 'PROPERTY_LEASE',
      recordId: DEMO_IDS.leaseActive,
      url: `/api/document/${id}/download/${DEMO_IDS.tenant}/${name}`,
    });
    const file = await download(tenant, id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(mime);
    expect(file.rawPayload.equals(bytes)).toBe(true);
  });

  it('judges by content, never by the claimed type; the name must agree with it (issue 9: a PNG named .csv is refused)', async () => {
    const res = await upload(tenant, 'report.png', PNG, { contentType: 'text/csv' });
    expect(res.statusCode).toBe(200);
    const file = await download(tenant, res.json().id);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toContain('filename="report.png"');
    await expectNothingStored(async () => {
      const named = await upload(tenant, 'report.csv', PNG, { contentType: 'text/csv' });
      expect(named.statusCode).toBe(400);
      expect(named.json()).toMatchObject({ errorCode: 'RM_ERROR_FILE_TYPE', fieldErrors: [{ field: 'file' }] });
    });
  });

  it.each([
    ['an executable renamed .png', 'photo.png', EXE, 'image/png'],
    ['a PDF renamed .png', 'lease.png', PDF, 'image/png'],
    ['text with a NUL renamed .png', 'notes.png', TEXT_WITH_NUL, 'image/png'],
    ['text with a NUL named .csv', 'notes.csv', TEXT_WITH_NUL, 'text/csv'],
  ])('refuses %s with RM_ERROR_FILE_TYPE and stores nothing', async (_label, name, bytes, contentType) => {
    await expectNothingStored(async () => {
      const res = await upload(tenant, name, bytes, { contentType });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'RM_ERROR_FILE_TYPE', fieldErrors: [{ field: 'file' }] });
    });
  });

  it('refuses 10 MB and more with 413 RM_ERROR_FILE_TOO_LARGE, storing neither row nor file', async () => {
    const tenMb = 10 * 1024 * 1024;
    for (const size of [tenMb, tenMb + 1, tenMb + 100_000]) {
      const big = Buffer.alloc(size, 0x61); // 'aaaa…' would be a valid one-column CSV
      await expectNothingStored(async () => {
        const res = await upload(tenant, 'big.csv', big);
        expect(res.statusCode, `${size} bytes`).toBe(413);
        expect(res.json().errorCode).toBe('RM_ERROR_FILE_TOO_LARGE');
      });
    }
    const justUnder = await upload(tenant, 'big.csv', Buffer.alloc(tenMb - 1, 0x61));
    expect(justUnder.statusCode).toBe(200);
  });

  it('refuses a name of 50 characters with RM_ERROR_FILE_NAME_TOO_LONG; 49 is fine', async () => {
    const fifty = `${'n'.repeat(46)}.csv`;
    await expectNothingStored(async () => {
      const res = await upload(tenant, fifty, CSV);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'RM_ERROR_FILE_NAME_TOO_LONG',
        fieldErrors: [{ field: 'file', fieldValue: fifty }],
      });
    });
    expect((await upload(tenant, `${'n'.repeat(45)}.csv`, CSV)).statusCode).toBe(200);
  });

  it('keeps only the last path component of the name and drops control characters', async () => {
    const res = await upload(tenant, '..\\..\\secret\u0007\\../../etc/ba\u001bil.csv', CSV);
    expect(res.statusCode, res.body).toBe(200);
    expect((await searchDoc(tenant, res.json().id)).name).toBe('bail.csv');
  });

  it('refuses an empty file, a missing name, a missing file part and a non-multipart body', async () => {
    await expectNothingStored(async () => {
      const empty = await upload(tenant, 'empty.csv', Buffer.alloc(0));
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ errorCode: 'RM_ERROR_RECORD_VALIDATION', fieldErrors: [{ field: 'file' }] });
      const noName = await upload(tenant, '../', CSV);
      expect(noName.statusCode).toBe(400);
      expect(noName.json().fieldErrors[0].field).toBe('file');
      const wrongField = await upload(tenant, 'a.csv', CSV, { field: 'document' });
      expect(wrongField.statusCode).toBe(400);
      const json = await app.inject({
        method: 'POST',
        url: `/api/PROPERTY_LEASE/${DEMO_IDS.leaseActive}/upload`,
        headers: auth(tenant),
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
    });
  });

  it('answers 404 for a foreign lease exactly as for a random id, storing nothing', async () => {
    await expectNothingStored(async () => {
      const foreign = await upload(tenantUs, 'a.csv', CSV, { id: DEMO_IDS.leaseActive });
      const random = await upload(tenantUs, 'a.csv', CSV, { id: randomUUID() });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
      expect(foreign.body).toBe(random.body);
    });
  });

  it('lets an admin attach a document to a tenant lease (owner TYPE_ADMIN)', async () => {
    const res = await upload(admin, 'notice.csv', CSV, { target: 'property_lease', id: DEMO_IDS.leaseUs });
    expect(res.statusCode).toBe(200);
    expect(await searchDoc(tenantUs, res.json().id)).toMatchObject({ ownerType: 'TYPE_ADMIN', name: 'notice.csv' });
  });
});

describe('POST /INSURANCE_POLICY/{id}/upload', () => {
  const policyId = randomUUID();
  beforeAll(async () => {
    await app.ctx.db.insert(insurancePolicies).values({
      id: policyId,
      userId: DEMO_IDS.tenant,
      leaseId: DEMO_IDS.leaseActive,
      policyIdentifier: 'POL-1',
      policyProvider: 'TENANT_UPLOAD',
    });
  });

  it('stores the proof on the caller policy; a new upload replaces the old one', async () => {
    const first = await upload(tenant, 'proof.png', PNG, { target: 'INSURANCE_POLICY', id: policyId });
    expect(first.statusCode, first.body).toBe(200);
    const second = await upload(tenant, 'proof2.jpg', JPEG, { target: 'INSURANCE_POLICY', id: policyId });
    expect(second.statusCode).toBe(200);
    const policy = await app.inject({ method: 'GET', url: `/api/insurance_policy/${policyId}`, headers: auth(tenant) });
    expect(policy.json().documents).toEqual([
      { id: second.json().id, name: 'proof2.jpg', size: JPEG.length, url: expect.stringContaining(second.json().id) },
    ]);
    expect((await download(tenant, first.json().id)).statusCode).toBe(404);
    expect((await download(tenant, second.json().id)).rawPayload.equals(JPEG)).toBe(true);
  });

  it('refuses a foreign policy and wrong files', async () => {
    expect((await upload(tenantUs, 'proof.png', PNG, { target: 'INSURANCE_POLICY', id: policyId })).statusCode).toBe(404);
    expect((await upload(tenant, 'proof.png', EXE, { target: 'INSURANCE_POLICY', id: policyId })).json().errorCode).toBe(
      'RM_ERROR_FILE_TYPE',
    );
  });
});

describe('GET /document/{id}/download', () => {
  it('sends the original bytes as an attachment with both file names and nosniff', async () => {
    const name = "Reçu d'été (2025).csv";
    const res = await upload(tenant, name, CSV);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id;
    const doc = await searchDoc(tenant, id);
    expect(doc.name).toBe(name);
    // The document url (trailing customer id and name) downloads the same file.
    for (const file of [await download(tenant, id), await app.inject({ method: 'GET', url: doc.url, headers: auth(tenant) })]) {
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(CSV)).toBe(true);
      expect(file.headers['content-type']).toBe('text/csv');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-disposition']).toBe(
        "attachment; filename=\"Recu d'ete (2025).csv\"; filename*=UTF-8''Re%C3%A7u%20d%27%C3%A9t%C3%A9%20%282025%29.csv",
      );
    }
  });

  it('streams a large CSV compressed as the browser allows (issue 21: @fastify/compress), an image as it is', async () => {
    const rows = Array.from({ length: 800 }, (_, i) => `2025-01-${String((i % 28) + 1).padStart(2, '0')},1850.00,rent ${i}`);
    const csv = Buffer.from(`date,amount,note\n${rows.join('\n')}\n`, 'utf8');
    const { id } = (await upload(tenant, 'ledger.csv', csv)).json();
    const br = await app.inject({
      method: 'GET',
      url: `/api/document/${id}/download`,
      headers: { ...auth(tenant), 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(csv.length / 3);
    expect(brotliDecompressSync(br.rawPayload).equals(csv)).toBe(true);
    const png = (await upload(tenant, 'plan.png', PNG)).json().id;
    const image = await app.inject({
      method: 'GET',
      url: `/api/document/${png}/download`,
      headers: { ...auth(tenant), 'accept-encoding': 'br' },
    });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('serves the manager document about the tenant, never another tenant document', async () => {
    const manager = await download(tenant, DEMO_IDS.docManager, `/${DEMO_IDS.tenant}/Signed%20lease%20agreement.png`);
    expect(manager.statusCode).toBe(200);
    expect(manager.headers['content-type']).toBe('image/png');
    expect(manager.rawPayload.equals(PNG)).toBe(true);
    const foreign = await download(tenantUs, DEMO_IDS.docTenant);
    const random = await download(tenantUs, randomUUID());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(random.body);
    expect((await app.inject({ method: 'GET', url: `/api/document/${DEMO_IDS.docTenant}/download` })).statusCode).toBe(401);
  });
});

describe('DELETE /document/{id}/delete and the history', () => {
  it('deletes the row and the file; download then answers 404; history shows CREATE then DELETE', async () => {
    const created = await upload(tenant, 'to-delete.csv', CSV);
    const id = created.json().id as string;
    const [row] = await app.ctx.db.select().from(documents).where(eq(documents.id, id));
    const history1 = await app.inject({ method: 'GET', url: `/api/document/${id}/history`, headers: auth(tenant) });
    expect(history1.json().records.map((e: { action: string }) => e.action)).toEqual(['CREATE']);
    expect(history1.json().records[0]).toMatchObject({
      actorId: DEMO_IDS.tenant,
      actorType: 'TYPE_CUSTOMER',
      changes: { name: { from: null, to: 'to-delete.csv' }, customerId: { from: null, to: DEMO_IDS.tenant } },
    });

    const foreignDelete = await app.inject({ method: 'DELETE', url: `/api/document/${id}/delete`, headers: auth(tenantUs) });
    expect(foreignDelete.statusCode).toBe(404);
    expect((await download(tenant, id)).statusCode).toBe(200);

    const del = await app.inject({ method: 'DELETE', url: `/api/DOCUMENT/${id}/delete`, headers: auth(tenant) });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ id, outcome: 'DELETED' });
    expect((await download(tenant, id)).statusCode).toBe(404);
    await expect(app.ctx.storage.read(row.storageKey)).rejects.toThrow();
    expect(await searchDoc(tenant, id)).toBeUndefined();
    const again = await app.inject({ method: 'DELETE', url: `/api/document/${id}/delete`, headers: auth(tenant) });
    expect(again.statusCode).toBe(404);

    const history2 = await app.inject({ method: 'GET', url: `/api/document/${id}/history`, headers: auth(tenant) });
    expect(history2.statusCode).toBe(200);
    expect(history2.json().records.map((e: { action: string }) => e.action)).toEqual(['CREATE', 'DELETE']);
    expect(history2.json().records[1].changes.name).toEqual({ from: 'to-delete.csv', to: null });
    const foreignHistory = await app.inject({ method: 'GET', url: `/api/document/${id}/history`, headers: auth(tenantUs) });
    expect(foreignHistory.statusCode).toBe(404);
  });

  it('lets the tenant delete a manager document about them', async () => {
    const res = await app.inject({ method: 'DELETE', url: `/api/document/${DEMO_IDS.docManager}/delete`, headers: auth(tenant) });
    expect(res.statusCode).toBe(200);
    expect((await download(tenant, DEMO_IDS.docManager)).statusCode).toBe(404);
  });

  it('answers a foreign document like a missing one and keeps it', async () => {
    const foreign = await app.inject({ method: 'DELETE', url: `/api/document/${DEMO_IDS.docUs}/delete`, headers: auth(tenant) });
    const random = await app.inject({ method: 'DELETE', url: `/api/document/${randomUUID()}/delete`, headers: auth(tenant) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(random.body);
    expect((await download(tenantUs, DEMO_IDS.docUs)).statusCode).toBe(200);
  });
});
