// issue 9 "Languages": every message the API can send a tenant is in their language. The server catalogue (the locale
// files' server.* section) has every text in English and French, and every message the code writes is a message key
// or an English text of that catalogue (lib/i18n.ts translates both per Accept-Language), except the few texts a
// client matches verbatim.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MSG } from '@portal/domain/message-keys';
import enTexts from '@portal/i18n/locales/en.json';
import frTexts from '@portal/i18n/locales/fr.json';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localize, messageKeyOf, translate } from '../src/lib/i18n.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

type Tree = { [key: string]: string | Tree };
const en = enTexts as Tree;
const fr = frTexts as Tree;

function flatten(tree: Tree, prefix: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(`${prefix}${k}`, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const SRC = new URL('../src/', import.meta.url).pathname;
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

// Where the code writes a message: an AppError's text, a field error's or an envelope's `message:`, the AppError
// helpers (their defaults too), and the constants the services name *_MESSAGE.
const MESSAGE_SITES: [RegExp, (m: RegExpExecArray) => string][] = [
  [/AppError\.notFound\(\s*'([^']+)'\s*\)/g, (m) => `${m[1]} not found`],
  [/AppError\.forbidden\(\s*'([^']+)'\s*\)/g, (m) => m[1]],
  [/new AppError\(\s*'[A-Z_]+',\s*'([^']+)'/g, (m) => m[1]],
  [/\bmessage:\s*'([^']+)'/g, (m) => m[1]],
  [/\bmessage = '([^']+)'/g, (m) => m[1]],
  [/\binvalidFile\(\s*'([^']+)'\s*\)/g, (m) => m[1]],
  [/\b[A-Z][A-Z_]*MESSAGE\s*=\s*'([^']+)'/g, (m) => m[1]],
  [/\b(?:message|err\.message) (?:\?\?|\|\|) '([^']+)'/g, (m) => m[1]],
];

// Sent as written, on purpose: spec 1 §8 has the client match these texts (session end, the in-use reasons), or no
// tenant ever reads them (the text-message provider's webhook).
const VERBATIM = new Set([
  'Access token expired',
  'Access token invalid',
  'Payment method is used by an active recurring schedule',
  'Payment method is used by a credit reporting subscription',
  'Unknown text-message provider',
]);

function writtenMessages(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  for (const file of sourceFiles(SRC)) {
    // Not answers a tenant reads: the e2e-only routes, and the search language's diagnostics for API programmers
    // (the portal builds its searches itself; they name fields and operators, so they stay in English).
    if (file.endsWith('test-support.ts') || file.endsWith('search/conditions.ts')) continue;
    const code = readFileSync(file, 'utf8');
    for (const [pattern, textOf] of MESSAGE_SITES) {
      for (const m of code.matchAll(pattern)) {
        found.push({ file: file.slice(SRC.length), text: textOf(m as RegExpExecArray) });
      }
    }
  }
  return found;
}

describe('the server message catalogue', () => {
  const enServer = flatten(en.server as Tree, 'server.');
  const frServer = flatten(fr.server as Tree, 'server.');

  it('has every key in English and French, with the same placeholders, and French that is not the English', () => {
    expect(enServer.size).toBeGreaterThan(50);
    expect([...frServer.keys()].sort()).toEqual([...enServer.keys()].sort());
    for (const [key, text] of enServer) {
      const french = frServer.get(key) as string;
      expect(french.trim(), key).not.toBe('');
      expect(placeholders(french), key).toEqual(placeholders(text));
      // Brand and code names may stay as they are; a sentence may not.
      if (text.split(' ').length > 2) expect(french, key).not.toBe(text);
    }
  });

  it('never holds a text the client matches verbatim (it would be translated away)', () => {
    for (const text of enServer.values()) expect(VERBATIM.has(text), text).toBe(false);
  });

  it('has no English text twice (each text names one key)', () => {
    const seen = new Map<string, string>();
    for (const [key, text] of enServer) {
      if (text.includes('{{')) continue;
      expect(seen.get(text), `${key} repeats ${seen.get(text)}`).toBeUndefined();
      seen.set(text, key);
    }
  });

  it('knows every message the API code writes: a message key, or an English text it translates', () => {
    const written = writtenMessages();
    expect(written.length).toBeGreaterThan(40);
    const unknown = written.filter(({ text }) => !VERBATIM.has(text) && messageKeyOf(text) === null);
    expect(unknown.map(({ file, text }) => `${file}: ${text}`)).toEqual([]);
    for (const { text } of written) {
      if (VERBATIM.has(text)) continue;
      expect(localize('fr', text), text).not.toBe(localize('en', text));
    }
  });

  it('has every server.* key the code names', () => {
    const named = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/'(server\.[A-Za-z0-9.]+)'/g)) named.add(m[1]);
    }
    expect(named.size).toBeGreaterThan(10);
    for (const key of named) {
      expect(enServer.has(key), `en ${key}`).toBe(true);
      expect(frServer.has(key), `fr ${key}`).toBe(true);
    }
  });

  it('translates the gettext-style English texts and leaves the verbatim ones alone', () => {
    expect(localize('fr', 'Payment method not found')).toBe('Moyen de paiement introuvable');
    expect(localize('en', 'Payment method not found')).toBe('Payment method not found');
    expect(localize('fr', 'Access token invalid')).toBe('Access token invalid');
    expect(localize('fr', MSG.nameTooLong, { params: { max: 32 } })).toContain('32');
  });
});

describe('server messages in the caller language (API)', () => {
  let app: FastifyInstance;
  let tenant: string;
  const CA = DEMO_IDS.tenant;
  const FR = { 'accept-language': 'fr-CA,fr;q=0.9' };
  const patch = (body: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'PATCH',
      url: `/api/customer/${CA}/update`,
      headers: { ...auth(tenant), 'content-type': 'application/json', ...headers },
      payload: body,
    });

  beforeAll(async () => {
    ({ app, tenant } = await signedInApp());
  });
  afterAll(() => app.close());

  it('answers in the language Accept-Language weighs highest (q-values, RFC 9110 §12.5.4)', async () => {
    // issue 20 §3: the first language named used to win whatever its weight.
    const english = 'This email address is already used by another account';
    const french = 'Cette adresse courriel est déjà utilisée par un autre compte';
    for (const [header, expected] of [
      ['fr;q=0.1, en;q=0.9', english],
      ['en;q=0.5, fr', french],
      ['fr-CA', french],
      ['*', english],
      ['de-DE', english],
    ]) {
      const res = await patch({ email: 'tenant.us@demo.test' }, { 'accept-language': header });
      expect(res.statusCode, header).toBe(409);
      expect(res.json().message, header).toBe(expected);
    }
  });

  it('answers "e-mail exists" in French to a French caller, in English otherwise', async () => {
    const french = await patch({ email: 'tenant.us@demo.test' }, FR);
    expect(french.statusCode).toBe(409);
    const body = french.json();
    expect(body.errorCode).toBe('RM_ERROR_RECORD_ALREADY_EXIST');
    expect(body.message).toBe('Cette adresse courriel est déjà utilisée par un autre compte');
    expect(body.fieldErrors[0]).toMatchObject({ field: 'email', message: body.message });
    expect((await patch({ email: 'tenant.us@demo.test' })).json().message).toBe(
      'This email address is already used by another account',
    );
  });

  it('answers the future birth date and the age limits in French', async () => {
    const future = (await patch({ birthDate: `${new Date().getUTCFullYear() + 1}-01-01` }, FR)).json();
    expect(future).toMatchObject({ errorCode: 'RM_ERROR_RECORD_VALIDATION', message: translate('fr', MSG.birthDateFuture) });
    expect(future.message).toBe('La date de naissance doit être dans le passé');
    expect(future.fieldErrors[0]).toMatchObject({ field: 'birthDate', message: future.message });

    const young = (await patch({ birthDate: `${new Date().getUTCFullYear() - 10}-01-01` }, FR)).json();
    expect(young.fieldErrors[0]).toMatchObject({ field: 'birthDate', message: 'Vous devez avoir au moins 18 ans' });
    const old = (await patch({ birthDate: '1880-01-01' }, FR)).json();
    expect(old.fieldErrors[0].message).toBe(translate('fr', MSG.birthDateTooOld, { max: 120 }));
    expect(old.fieldErrors[0].message).toContain('120');
  });

  it('fills the values of a route-schema rule message ("under {{max}} characters")', async () => {
    const res = (await patch({ firstName: 'x'.repeat(40) }, FR)).json();
    const fe = res.fieldErrors.find((f: { field: string }) => f.field === 'firstName');
    expect(fe.message).toBe(translate('fr', MSG.nameTooLong, { max: 32 }));
    expect(fe.message).toContain('32');
    expect(fe.message).not.toContain('{{');
  });

  it('answers a not-found in French', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/customer/${DEMO_IDS.tenantUs}`,
      headers: { ...auth(tenant), ...FR },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Client introuvable');
  });
});
