// Compressed answers (issue 9; issue 21: @fastify/compress, plugins/compress.ts): a large JSON answer in brotli or gzip per Accept-Encoding, plain
// without it, still no-store and hardened; small answers plain; the web app's precompressed files not compressed twice.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../src/lib/accept-encoding.ts';
import { COMPRESS_MIN_BYTES } from '../src/plugins/compress.ts';
import { auth, buildTestApp, login, TENANT } from './helpers.ts';

const SCRIPT = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `rent line ${i}`))};\n`;

let dist: string;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, 'assets/index-Abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets/index-Abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets/plain-Def456.js'), SCRIPT);
  app = await buildTestApp({ config: { webDist: dist } });
  token = await login(app, TENANT);
});

afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The dashboard's largest first fetch: the tenant's payments with their property and company (~10 KB of JSON). */
const searchTransactions = (acceptEncoding?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payment_transaction/search?page=1&recordsPerPage=5',
    headers: { ...auth(token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    payload: { conditions: [], joins: ['property', 'company'] },
  });

describe('compressed answers', () => {
  it('a large JSON answer: brotli or gzip as asked, the same JSON once decoded, plain without Accept-Encoding', async () => {
    const plain = await searchTransactions();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-store'); // no cache keeps it, so it needs no Vary
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const records = plain.json();
    expect(records.records.length).toBeGreaterThan(0);

    const br = await searchTransactions('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['content-security-policy']).toContain("script-src 'self'");
    // Small answers are compressed in one call with their length; larger ones stream (chunked): either way exact.
    if (br.headers['content-length'] !== undefined) expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(records);

    const gzip = await searchTransactions('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(records);

    // Brotli refused: gzip; both refused, or only unknown encodings: plain.
    expect((await searchTransactions('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    for (const refused of ['identity', 'br;q=0, gzip;q=0', 'zstd']) {
      const res = await searchTransactions(refused);
      expect(res.headers['content-encoding'], refused).toBeUndefined();
      expect(res.json(), refused).toEqual(records);
    }
  });

  it('a small answer stays plain, and an error answer is compressed like any other when large', async () => {
    const ping = await app.inject({ method: 'GET', url: '/api/ping', headers: { 'accept-encoding': 'br, gzip' } });
    expect(ping.statusCode).toBe(200);
    expect(ping.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(ping.headers['content-encoding']).toBeUndefined();
    const unauthorized = await app.inject({
      method: 'POST',
      url: '/api/payment_transaction/search',
      headers: { 'accept-encoding': 'br' },
      payload: {},
    });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['content-encoding']).toBeUndefined();
    expect(unauthorized.json().errorCode).toBeTruthy();
  });

  it("the web app's files: the precompressed copy as it is on disk, never compressed again; a file without one plain", async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/index-Abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ method: 'GET', url: '/assets/plain-Def456.js', headers: { 'accept-encoding': 'br' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('chooses brotli before gzip, honours q=0 and the wildcard', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('GZIP;q=0.5, BR;q=0.8')).toBe('br');
    expect(chooseEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity, deflate')).toBeNull();
  });
});
