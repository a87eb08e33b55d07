// Browser hardening (issue 9): security headers on every answer (SPA page, asset, API, 404, sandbox page), the cache
// rules (API no-store, index.html revalidated, hashed assets immutable), HEAD answering as GET, and the precompressed
// copies of the build served per Accept-Encoding. The SPA is a tiny fake build made here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildTestApp, DEMO_IDS, login, TENANT } from './helpers.ts';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><script type="module" src="/assets/index-Abc123.js"></script></head><body><div id="root"></div></body></html>';
const APPLY_HTML = INDEX_HTML.replace('</head>', '<link rel="modulepreload" href="/assets/apply-X.js"></head>');
const ACCOUNT_HTML = INDEX_HTML.replace(
  '</head>',
  '<link rel="modulepreload" crossorigin href="/assets/account-Ghi789.js"></head>',
);
const SCRIPT = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `rent line ${i}`))};\n`;

let dist: string;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(INDEX_HTML));
  writeFileSync(join(dist, 'assets/index-Abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets/index-Abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets/index-Abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dist, 'assets/tiny-Def456.css'), 'a{}');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(join(dist, '.vite/manifest.json'), '{}');
  // The web build's first-load pages (apps/web/first-load-chunks.ts): index.html naming a screen's chunks.
  mkdirSync(join(dist, 'first-load'));
  writeFileSync(
    join(dist, 'first-load/pages.json'),
    JSON.stringify({
      '/customer/account': 'customer-account.html',
      '/customer/missing': 'gone.html',
      '/x': '../index.html',
      '/apply/*': 'apply-any.html',
    }),
  );
  writeFileSync(join(dist, 'first-load/apply-any.html'), APPLY_HTML);
  writeFileSync(join(dist, 'first-load/customer-account.html'), ACCOUNT_HTML);
  writeFileSync(join(dist, 'first-load/customer-account.html.br'), brotliCompressSync(ACCOUNT_HTML));
  app = await buildTestApp({ config: { webDist: dist } });
  token = await login(app, TENANT);
});

afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url, headers });

/** The policy's directives by name. */
function csp(res: LightMyRequestResponse): Map<string, string> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name, values.join(' ')] as [string, string];
      }),
  );
}

/** What every answer carries, whatever it is. */
function expectHardened(res: LightMyRequestResponse, framedBy: 'none' | 'self' = 'none') {
  const policy = csp(res);
  expect(policy.get('script-src'), 'script-src').toBe("'self'");
  expect(policy.get('default-src') ?? '').not.toMatch(/unsafe|\*/);
  expect(policy.get('object-src') ?? policy.get('default-src')).toMatch(/'none'|'self'/);
  expect(policy.get('frame-ancestors')).toBe(`'${framedBy}'`);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(res.headers['x-frame-options']).toBe(framedBy === 'none' ? 'DENY' : 'SAMEORIGIN');
  const permissions = String(res.headers['permissions-policy'] ?? '');
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) expect(permissions).toContain(feature);
  // Plain http here: HSTS only when configured behind TLS.
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('on an SPA page: the app shell is index.html, revalidated with its ETag', async () => {
    const res = await get('/customer/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX_HTML);
    expectHardened(res);
    expect(res.headers['cache-control']).toBe('no-cache');
    const etag = String(res.headers.etag);
    expect(etag).toBeTruthy();
    const again = await get('/customer/dashboard', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    for (const url of ['/', '/index.html', '/signin']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expectHardened(page);
    }
  });

  it('on a hashed asset: immutable for a year; other files of the build are revalidated', async () => {
    const res = await get('/assets/index-Abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectHardened(res);
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
  });

  it('on API answers: no-store, for data, errors and the public calls alike', async () => {
    const customer = await get(`/api/customer/${DEMO_IDS.tenant}`, auth(token));
    expect(customer.statusCode).toBe(200);
    expectHardened(customer);
    expect(customer.headers['cache-control']).toBe('no-store');
    const unauthorized = await get(`/api/customer/${DEMO_IDS.tenant}`);
    expect(unauthorized.statusCode).toBe(401);
    expectHardened(unauthorized);
    expect(unauthorized.headers['cache-control']).toBe('no-store');
    const badJson = await app.inject({
      method: 'POST',
      url: `/api/customer/${DEMO_IDS.tenant}/update`,
      headers: { ...auth(token), 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(badJson.statusCode).toBe(400);
    expectHardened(badJson);
    expect(badJson.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/ping', '/API/ping']) {
      const ping = await get(url);
      expect(ping.statusCode, url).toBe(200);
      expectHardened(ping);
      expect(ping.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('on a 404: unknown API route, missing file, compressed copy or dot folder asked by name', async () => {
    for (const url of ['/api/no-such-route', '/assets/missing-Zzz999.js', '/assets/index-Abc123.js.br', '/.vite/manifest.json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errorCode, url).toBe('RM_ERROR_RECORD_NOT_FOUND');
      expectHardened(res);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('on a sandbox page: framed by the portal only, never stored', async () => {
    for (const url of ['/sandbox/bank-link?token=not-a-token', '/sandbox/paypal/approve?token=not-a-token']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectHardened(res, 'self');
      expect(res.headers['cache-control'], url).toBe('no-store');
      // No inline script or style on these pages: the policy allows neither.
      expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      expect(res.body).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
      expect(csp(res).get('style-src')).toBe("'self'");
    }
  });

  it('sends HSTS and upgrades subresources only when configured behind TLS', async () => {
    const tls = await buildTestApp({ seed: false, config: { webDist: dist, hsts: true } });
    try {
      for (const url of ['/signin', '/api/ping']) {
        const res = await tls.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toMatch(/max-age=31536000/);
        expect(csp(res).has('upgrade-insecure-requests'), url).toBe(true);
      }
    } finally {
      await tls.close();
    }
  });
});

describe('HEAD answers as GET', () => {
  const withoutDate = (headers: LightMyRequestResponse['headers']) => {
    const { date: _date, ...rest } = headers;
    return rest;
  };
  it.each([
    ['an SPA page', '/customer/account', {}],
    ['the root', '/', { 'accept-encoding': 'br' }],
    ['a compressed asset', '/assets/index-Abc123.js', { 'accept-encoding': 'gzip, deflate, br' }],
    ['an asset', '/assets/tiny-Def456.css', {}],
    ['a public API call', '/api/ping', {}],
    ['a 404', '/api/no-such-route', {}],
  ])('%s', async (_what, url, headers: Record<string, string>) => {
    const [getRes, headRes] = [await get(url, headers), await get(url, headers, 'HEAD')];
    expect(headRes.statusCode).toBe(getRes.statusCode);
    expect(withoutDate(headRes.headers)).toEqual(withoutDate(getRes.headers));
    expect(headRes.body).toBe('');
  });

  it('an API call with personal data', async () => {
    const url = `/api/customer/${DEMO_IDS.tenant}`;
    const [getRes, headRes] = [await get(url, auth(token)), await get(url, auth(token), 'HEAD')];
    expect(getRes.statusCode).toBe(200);
    expect(headRes.statusCode).toBe(200);
    expect(withoutDate(headRes.headers)).toEqual(withoutDate(getRes.headers));
    expect(headRes.body).toBe('');
  });
});

describe('precompressed static files', () => {
  it('sends the brotli copy, the gzip copy or the file itself as Accept-Encoding allows', async () => {
    const url = '/assets/index-Abc123.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 2);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves index.html compressed on SPA routes, and a file without copies as it is', async () => {
    const page = await app.inject({ method: 'GET', url: '/customer/dashboard', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX_HTML);
    const css = await app.inject({ method: 'GET', url: '/assets/tiny-Def456.css', headers: { 'accept-encoding': 'br' } });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('a{}');
  });

  it("serves an address's first-load page (its screen's chunks named) where the build wrote one, else index.html", async () => {
    for (const url of ['/customer/account', '/customer/account/', '/customer/account?token=abc']) {
      const page = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers.etag, url).toBeTruthy();
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(ACCOUNT_HTML);
    }
    // issue 21 §4: `/apply/*` serves any one segment after /apply/ (the application form of any sign-up page)
    for (const url of ['/apply/harbourview', '/apply/maple-leaf?applicationId=1', '/apply/harbourview/']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(APPLY_HTML);
    }
    // A page the index names but the build lacks, a name outside the folder, any other address: index.html.
    for (const url of ['/customer/missing', '/x', '/customer/payment', '/customer/account/more', '/apply', '/apply/a/b']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(INDEX_HTML);
    }
    const head = await app.inject({ method: 'HEAD', url: '/customer/account' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});

describe('the build answered from memory', () => {
  it('revalidates each encoding with its own ETag: 304 without a body, 200 with the other copy', async () => {
    const url = '/assets/index-Abc123.js';
    const br = await get(url, { 'accept-encoding': 'br' });
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    const plain = await get(url);
    const tags = [br, gz, plain].map((res) => String(res.headers.etag));
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': `W/"other", ${tags[0]}` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tags[0]);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(again.headers['content-encoding']).toBeUndefined();
    // the brotli copy's tag does not validate the gzip answer
    const other = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': tags[0] });
    expect(other.statusCode).toBe(200);
    expect(gunzipSync(other.rawPayload).toString()).toBe(SCRIPT);
    // the same bytes, the same tag: a restarted server (or another one) validates what the browser holds
    const second = await buildTestApp({ seed: false, config: { webDist: dist } });
    try {
      const res = await second.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': tags[0] } });
      expect(res.statusCode).toBe(304);
    } finally {
      await second.close();
    }
  });

  it('answers 404 for a file gone from the folder since the start, and never serves a file added after it', async () => {
    writeFileSync(join(dist, 'assets/late-Zzz111.js'), SCRIPT);
    writeFileSync(join(dist, 'assets/going-Yyy222.js'), SCRIPT);
    const later = await buildTestApp({ seed: false, config: { webDist: dist } });
    try {
      rmSync(join(dist, 'assets/going-Yyy222.js'));
      writeFileSync(join(dist, 'assets/added-Xxx333.js'), SCRIPT);
      for (const url of ['/assets/going-Yyy222.js', '/assets/added-Xxx333.js']) {
        const res = await later.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().errorCode, url).toBe('RM_ERROR_RECORD_NOT_FOUND');
      }
      expect((await later.inject({ method: 'GET', url: '/assets/late-Zzz111.js' })).body).toBe(SCRIPT);
    } finally {
      await later.close();
      rmSync(join(dist, 'assets/late-Zzz111.js'));
      rmSync(join(dist, 'assets/added-Xxx333.js'));
    }
  });
});
