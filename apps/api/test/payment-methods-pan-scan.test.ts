// ARCHITECTURE "Providers" / issue 7: the API never stores or logs a full card or account number or a CVV. The real
// app runs on an embedded database in a folder on disk with a trace-level log; a tenant adds a card (with an unusual
// CVV) and a bank account over HTTP, including refused attempts; then every file of the data folder and the whole
// log are searched for the numbers (also spaced or dashed) and for the CVV as a field value.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed.ts';
import { CA_BILLING_ADDRESS } from './helpers.ts';

const PAN = '4242424242424242';
const CVV = '7391';
const ACCOUNT = '000987654321';

const dir = mkdtempSync(join(tmpdir(), 'portal-pan-scan-'));
const logChunks: Buffer[] = [];
const answers: { status: number; body: string }[] = [];
let logLevel = '';

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

beforeAll(async () => {
  const database = await openDatabase({ dataDir: join(dir, 'pglite') });
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    jwtSecret: 'pan-scan-secret-pan-scan-secret-0000',
    storageDir: join(dir, 'files'),
    authorizeRateLimit: { max: 100, timeWindowMs: 60_000 },
    logLevel: 'trace',
  };
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logChunks.push(Buffer.from(chunk));
      done();
    },
  });
  const app = await buildApp({ database, config, logger: { level: 'trace', stream } });
  logLevel = app.log.level;
  app.log.trace('pan scan: the stream takes trace lines');
  try {
    await seedDemo(app.ctx);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const basic = Buffer.from(`tenant@demo.test:${DEMO_PASSWORD}`).toString('base64');
    const { access_token: token } = (await (
      await fetch(`${base}/api/authorize`, { headers: { authorization: `Basic ${basic}` } })
    ).json()) as { access_token: string };
    const post = async (body: Record<string, unknown>) => {
      const res = await fetch(`${base}/api/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'session-id': 'scan-device' },
        body: JSON.stringify(body),
      });
      answers.push({ status: res.status, body: await res.text() });
    };
    const card = { type: 'TYPE_CREDIT_CARD', expiryMonth: 11, expiryYear: 39, nameOnCard: 'Camille Tremblay', country: 'CA' };
    await post({ ...card, cardNumber: PAN, cvv: CVV, billingAddress: CA_BILLING_ADDRESS });
    await post({ ...card, cardNumber: PAN, cvv: CVV, billingAddress: CA_BILLING_ADDRESS }); // paysafe.7503
    await post({ ...card, cardNumber: PAN, securityCode: '000', billingAddress: CA_BILLING_ADDRESS }); // paysafe.5068 card.cvv
    await post({ ...card, cardNumber: `${PAN}9`, cvv: CVV, billingAddress: CA_BILLING_ADDRESS }); // validation
    await post({
      type: 'TYPE_BANK_ACCOUNT',
      country: 'CA',
      accountHolder: 'Camille Tremblay',
      bankAccountNumber: ACCOUNT,
      institutionNumber: '003',
      transitNumber: '54321',
      billingAddress: CA_BILLING_ADDRESS,
    });
    await fetch(`${base}/api/customer/00000000-0000-4000-8000-000000000001/paymentmethods`, {
      headers: { authorization: `Bearer ${token}` },
    });
  } finally {
    await app.close();
    await database.close();
  }
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const spellings = (digits: string) => {
  const groups = digits.match(/.{1,4}/g) ?? [];
  return [digits, groups.join(' '), groups.join('-')];
};
const cvvAsField = new RegExp(`(cvv|securityCode|cvc)\\W{0,4}${CVV}`, 'i');

describe('no card number, account number or CVV at rest or in the log', () => {
  it('the requests did what they should', () => {
    expect(answers.map((a) => a.status)).toEqual([201, 409, 400, 400, 201]);
    for (const a of answers) expect(a.body).not.toContain(PAN);
  });

  it('the log was written at trace level and holds none of them', () => {
    const log = Buffer.concat(logChunks).toString('utf8');
    expect(logLevel).toBe('trace');
    expect(log).toMatch(/"level":10,.*pan scan/);
    expect(log).toContain('/api/create');
    for (const secret of [...spellings(PAN), ACCOUNT]) expect(log).not.toContain(secret);
    expect(log).not.toMatch(cvvAsField);
  });

  it('no file of the data folder holds them', () => {
    const files = filesUnder(dir);
    expect(files.some((f) => f.includes('pglite'))).toBe(true);
    // The scan can see what the database stores: the method's name on card is there in plain text.
    expect(files.some((f) => readFileSync(f).includes('Camille Tremblay'))).toBe(true);
    for (const file of files) {
      const bytes = readFileSync(file);
      const text = bytes.toString('latin1');
      for (const secret of [...spellings(PAN), ACCOUNT]) {
        expect(text.includes(secret), `${secret} in ${file}`).toBe(false);
        expect(bytes.includes(Buffer.from(secret, 'utf16le')), `${secret} (UTF-16) in ${file}`).toBe(false);
      }
      expect(cvvAsField.test(text), `CVV in ${file}`).toBe(false);
    }
  });
});
