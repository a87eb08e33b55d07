// Uploads under issue 9: a file's name and content agree, PDF is accepted (sniffed), the bytes stream to storage with
// nothing left behind on a refusal, each customer's documents stay under a quota, uploads per user are rate limited,
// and the sweep at start leaves no orphan file and no row without its file.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema.ts';
import { tinyPng } from '../src/db/seed.ts';
import { sweepStorage } from '../src/services/documents/sweep-storage.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

// This file's limits (config.uploadLimits): a 1 MB quota per customer and 40 uploads per window (the rate test builds its own app).
const limits = { quotaBytes: 1024 * 1024, rateMax: 40 };

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;

beforeAll(async () => {
  ({ app, tenant, tenantUs } = await signedInApp({ config: { uploadLimits: limits } }));
});
afterAll(() => app.close());

const PNG = tinyPng();
const CSV = Buffer.from('date,amount\n2025-01-01,1850.00\n', 'utf8');
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const MB = 1024 * 1024;

function multipart(filename: string, bytes: Buffer) {
  const boundary = `----portal${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(on: FastifyInstance, token: string, filename: string, bytes: Buffer, lang = 'en') {
  const body = multipart(filename, bytes);
  return on.inject({
    method: 'POST',
    url: `/api/PROPERTY_LEASE/${token === tenantUs ? DEMO_IDS.leaseUs : DEMO_IDS.leaseActive}/upload`,
    headers: { ...auth(token), ...body.headers, 'accept-language': lang },
    payload: body.payload,
  });
}

/** Every file under the storage folder, temporary ones included. */
function storedFiles(on: FastifyInstance = app): string[] {
  const dir = on.ctx.config.storageDir;
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}
async function rowsOf(customerId: string) {
  return app.ctx.db.select().from(documents).where(eq(documents.customerId, customerId));
}
async function expectNothingStored(run: () => Promise<unknown>) {
  const [rows, files] = [(await app.ctx.db.select().from(documents)).length, storedFiles()];
  await run();
  expect((await app.ctx.db.select().from(documents)).length).toBe(rows);
  expect(storedFiles()).toEqual(files);
}

describe('a file name and its content agree (issue 9)', () => {
  it('refuses a text file named .png, saying so in English and French, storing nothing', async () => {
    await expectNothingStored(async () => {
      const en = await upload(app, tenant, 'notes.png', CSV);
      expect(en.statusCode).toBe(400);
      expect(en.json()).toMatchObject({
        errorCode: 'RM_ERROR_FILE_TYPE',
        message: 'This file holds CSV content but its name ends in .png: choose the right file or rename it',
        fieldErrors: [{ field: 'file', errorCode: 'RM_ERROR_FILE_TYPE' }],
      });
      const fr = await upload(app, tenant, 'notes.png', CSV, 'fr');
      expect(fr.json().message).toBe(
        'Ce fichier contient des données CSV, mais son nom se termine par .png\u202f: choisissez le bon fichier ou renommez-le',
      );
    });
  });

  it('refuses a PNG named .csv, a PDF named .jpg and a PNG under a name of no accepted type', async () => {
    await expectNothingStored(async () => {
      for (const [name, bytes] of [
        ['report.csv', PNG],
        ['lease.jpg', PDF],
        ['scan.bin', PNG],
      ] as const) {
        const res = await upload(app, tenant, name, bytes);
        expect(res.statusCode, name).toBe(400);
        expect(res.json().errorCode, name).toBe('RM_ERROR_FILE_TYPE');
      }
    });
  });

  it.each([
    ['lease.png', PNG, 'image/png'],
    ['LEASE.PNG', PNG, 'image/png'],
    ['Bail signé.pdf', PDF, 'application/pdf'],
  ])('accepts %s, stored as %s and downloaded as it was sent', async (name, bytes, mime) => {
    const res = await upload(app, tenant, name, bytes);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await app.ctx.db.select().from(documents).where(eq(documents.id, res.json().id));
    expect(row).toMatchObject({ name, mimeType: mime, size: bytes.length });
    const file = await app.inject({ method: 'GET', url: `/api/document/${row.id}/download`, headers: auth(tenant) });
    expect(file.headers['content-type']).toBe(mime);
    expect(file.headers['content-length']).toBe(String(bytes.length));
    expect(file.rawPayload.equals(bytes)).toBe(true);
    await app.inject({ method: 'DELETE', url: `/api/document/${row.id}/delete`, headers: auth(tenant) });
  });
});

describe('streamed to storage, nothing left behind (issue 9)', () => {
  it('refuses 10 MB and more with 413, whether the declared size or the stream says so, leaving no file', async () => {
    await expectNothingStored(async () => {
      // Exactly 10 MB streams through the parser (its cut is after 10 MB) and is refused on the count;
      // 10 MB + 1 KB is cut by the parser; 11 MB is refused from its declared length before any byte is read.
      for (const size of [10 * MB, 10 * MB + 1024, 11 * MB]) {
        const res = await upload(app, tenant, 'big.csv', Buffer.alloc(size, 0x61));
        expect(res.statusCode, `${size}`).toBe(413);
        expect(res.json()).toMatchObject({ errorCode: 'RM_ERROR_FILE_TOO_LARGE', message: 'The file must be under 10 MB' });
      }
    });
  });

  it('refuses a file whose content turns out not to be a document partway, leaving no file', async () => {
    await expectNothingStored(async () => {
      const csvThenBinary = Buffer.concat([Buffer.from('a,b\n'.repeat(50_000)), Buffer.from([0, 1, 2, 3])]);
      const res = await upload(app, tenant, 'table.csv', csvThenBinary);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('RM_ERROR_FILE_TYPE');
    });
  });
});

describe('a storage quota per customer (issue 9, here 1 MB)', () => {
  it('refuses an upload that would take the documents over the quota, in English and French; a delete makes room', async () => {
    const used = (await rowsOf(DEMO_IDS.tenant)).reduce((t, r) => t + r.size, 0);
    const first = await upload(app, tenant, 'half.csv', Buffer.alloc(MB - used - 1000, 0x61));
    expect(first.statusCode, first.body).toBe(200);
    await expectNothingStored(async () => {
      const over = await upload(app, tenant, 'more.csv', Buffer.alloc(2000, 0x62));
      expect(over.statusCode).toBe(413);
      expect(over.json()).toMatchObject({
        errorCode: 'RM_ERROR_STORAGE_QUOTA_EXCEEDED',
        message:
          'With this file, your documents would take more than 1 MB of storage. Delete documents you no longer need, then try again',
        fieldErrors: [{ field: 'file', errorCode: 'RM_ERROR_STORAGE_QUOTA_EXCEEDED' }],
      });
      const fr = await upload(app, tenant, 'more.csv', Buffer.alloc(2000, 0x62), 'fr');
      expect(fr.json().message).toBe(
        'Avec ce fichier, vos documents occuperaient plus de 1 Mo. Supprimez les documents dont vous n’avez plus besoin, puis réessayez',
      );
    });
    // Another customer's quota is their own.
    expect((await upload(app, tenantUs, 'mine.csv', Buffer.alloc(2000, 0x62))).statusCode).toBe(200);
    // Room again once a document is deleted.
    await app.inject({ method: 'DELETE', url: `/api/document/${first.json().id}/delete`, headers: auth(tenant) });
    expect((await upload(app, tenant, 'more.csv', Buffer.alloc(2000, 0x62))).statusCode).toBe(200);
  });

  it('counts two uploads sent at once: they cannot both fit', async () => {
    const used = (await rowsOf(DEMO_IDS.tenant)).reduce((t, r) => t + r.size, 0);
    const size = Math.floor((MB - used) * 0.6);
    const answers = await Promise.all([
      upload(app, tenant, 'a.csv', Buffer.alloc(size, 0x61)),
      upload(app, tenant, 'b.csv', Buffer.alloc(size, 0x61)),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 413]);
    const accepted = answers.find((a) => a.statusCode === 200)?.json().id;
    await app.inject({ method: 'DELETE', url: `/api/document/${accepted}/delete`, headers: auth(tenant) });
  });
});

describe('an upload rate limit per user (issue 9)', () => {
  it('answers 429 with Retry-After past the limit, in the caller language; other users are not affected', async () => {
    const limited = await signedInApp({ config: { uploadLimits: { ...limits, rateMax: 3 } } });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await upload(limited.app, limited.tenant, `r${i}.csv`, CSV)).statusCode).toBe(200);
      }
      const files = storedFiles(limited.app);
      const refused = await upload(limited.app, limited.tenant, 'r3.csv', CSV);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500); // the 10-minute window
      expect(refused.json()).toEqual({
        errorCode: 'RM_ERROR_TOO_MANY_REQUESTS',
        message: 'Too many uploads in a short time: please try again in 10 min',
      });
      const fr = await upload(limited.app, limited.tenant, 'r3.csv', CSV, 'fr');
      expect(fr.json().message).toBe('Trop de téléversements en peu de temps\u202f: veuillez réessayer dans 10\u202fmin');
      expect(storedFiles(limited.app)).toEqual(files);
      const bodyUs = multipart('us.csv', CSV);
      const other = await limited.app.inject({
        method: 'POST',
        url: `/api/PROPERTY_LEASE/${DEMO_IDS.leaseUs}/upload`,
        headers: { ...auth(limited.tenantUs), ...bodyUs.headers },
        payload: bodyUs.payload,
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });
});

describe('the sweep at start (issue 9: a crash leaves no orphan upload file)', () => {
  it('moves a committed upload into place, removes temporary and unnamed files, keeps every named one', async () => {
    const dir = app.ctx.config.storageDir;
    const committed = randomUUID(); // crash after the commit, before the move: a row names the temporary file
    const uncommitted = randomUUID(); // crash before the commit
    const deleted = randomUUID(); // crash after a delete's commit, before the file was removed
    mkdirSync(join(dir, 'tmp'), { recursive: true });
    writeFileSync(join(dir, 'tmp', `${committed}.part`), CSV);
    writeFileSync(join(dir, 'tmp', `${uncommitted}.part`), CSV);
    mkdirSync(join(dir, deleted.slice(0, 2)), { recursive: true });
    writeFileSync(join(dir, deleted.slice(0, 2), deleted), CSV);
    const id = randomUUID();
    await app.ctx.db.insert(documents).values({
      id,
      ownerType: 'TYPE_CUSTOMER',
      ownerId: DEMO_IDS.tenant,
      customerId: DEMO_IDS.tenant,
      recordType: 'PROPERTY_LEASE',
      recordId: DEMO_IDS.leaseActive,
      name: 'crashed.csv',
      url: `/api/document/${id}/download/${DEMO_IDS.tenant}/crashed.csv`,
      size: CSV.length,
      mimeType: 'text/csv',
      storageKey: committed,
    });
    const before = storedFiles().length;

    expect(await sweepStorage(app.ctx, { graceMs: 0 })).toEqual({ placed: 1, removed: 2 });
    expect(storedFiles().length).toBe(before - 2);
    expect(existsSync(join(dir, 'tmp', `${uncommitted}.part`))).toBe(false);
    expect(existsSync(join(dir, deleted.slice(0, 2), deleted))).toBe(false);
    const file = await app.inject({ method: 'GET', url: `/api/document/${id}/download`, headers: auth(tenant) });
    expect(file.rawPayload.equals(CSV)).toBe(true);
    // Every row still has its file: the demo documents too.
    for (const row of await app.ctx.db.select().from(documents)) {
      expect((await app.ctx.storage.read(row.storageKey)).length, row.name).toBe(row.size);
    }
    // Files younger than the grace (another process mid-upload on a shared PostgreSQL) are left alone.
    writeFileSync(join(dir, 'tmp', `${uncommitted}.part`), CSV);
    expect(await sweepStorage(app.ctx, { graceMs: 3_600_000 })).toEqual({ placed: 0, removed: 0 });
  });
});
