// The sandbox providers on their own (docs/sandbox-providers.md): the test inputs, charges and their idempotency, bank
// debits settling over time, refunds, the records every process shares in the database, and the signed tokens.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectCardBrand, validateCardNumber } from '@portal/domain/input-fields';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { createSandboxBankLinking } from '../src/providers/bank-linking/bank-linking.ts';
import { SANDBOX_INSTITUTIONS } from '../src/providers/bank-linking/sandbox-institutions.ts';
import { createSandboxOnlineWallet } from '../src/providers/online-wallet/online-wallet.ts';
import type { CardInput, Charge, PaymentProcessor } from '../src/providers/processor/processor.ts';
import { createDatabaseProcessorStore } from '../src/providers/processor/processor-store.ts';
import {
  createSandboxProcessor,
  isAbaRoutingNumber,
  SANDBOX_TEST_BANK_ACCOUNTS,
  SANDBOX_TEST_CARDS,
} from '../src/providers/processor/sandbox-processor.ts';
import { createSignedTokens } from '../src/providers/signed-token.ts';
import { createSandboxWallet } from '../src/providers/wallet/wallet.ts';

const SECRET = 'sandbox-test-secret';
let clock = new Date('2030-03-10T12:00:00Z');
const now = () => clock;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const cardInput = (cardNumber: string, extra: Partial<CardInput> = {}): CardInput => ({
  cardNumber,
  cvv: '123',
  expiryMonth: 12,
  expiryYear: 2031,
  nameOnCard: 'Camille Tremblay',
  country: 'CA',
  ...extra,
});

const processor = (): PaymentProcessor => createSandboxProcessor({ secret: SECRET, now });

describe('test cards', () => {
  it('are all valid card numbers of the brand they claim', () => {
    for (const card of SANDBOX_TEST_CARDS) {
      // issue 21 §2: the international ones (8 to 19 digits) are valid for a country outside CA/US only
      const country = card.number.length === 16 || card.brand === 'AMERICAN_EXPRESS' ? 'CA' : 'GB';
      expect(validateCardNumber(card.number, country), card.number).toEqual({ ok: true });
      expect(detectCardBrand(card.number), card.number).toBe(card.brand);
    }
  });

  it.each([
    ['4000000000000002', 'RM_ERROR_PAYMENT_DECLINED', 'DECLINED', 402],
    ['4000000000000069', 'RM_ERROR_PAYMENT_DECLINED', 'EXPIRED_CARD', 402],
    ['4000000000075038', 'paysafe.7503', 'CARD_EXISTS', 409],
    ['4000000000005068', 'paysafe.5068', 'INVALID_COUNTRY', 400],
    ['4000000000000127', 'paysafe.5068', 'INVALID_CVV', 400],
    ['4242424242424241', 'paysafe.5068', 'INVALID_CARD_NUMBER', 400],
  ])('%s is refused at tokenization with %s', async (number, code, reason, httpStatus) => {
    await expect(processor().tokenizeCard(cardInput(number))).rejects.toMatchObject({ code, reason, httpStatus });
  });

  it("refuses CVV 000 with 'card.cvv:' and keeps the processor's words", async () => {
    const err = await processor()
      .tokenizeCard(cardInput('4242424242424242', { cvv: '000' }))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'paysafe.5068', reason: 'INVALID_CVV' });
    expect((err as Error).message).toContain('card.cvv:');
  });

  it('answers a token that encodes nothing secret, and the same fingerprint for the same number only', async () => {
    const p = processor();
    const a = await p.tokenizeCard(cardInput('4242424242424242'));
    const b = await p.tokenizeCard(cardInput('4242 4242 4242 4242', { cvv: '999' }));
    const c = await p.tokenizeCard(cardInput('5555555555554444'));
    expect(a.token).toMatch(/^tok_sbx_card_[A-Za-z0-9]{20,}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.token).not.toContain('4242');
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.fingerprint).not.toBe(c.fingerprint);
    expect(a.fingerprint).not.toContain('4242424242424242');
    expect(await createSandboxProcessor({ secret: 'other', now }).tokenizeCard(cardInput('4242424242424242'))).not.toMatchObject({
      fingerprint: a.fingerprint,
    });
    expect(a).toMatchObject({ brand: 'VISA', cardType: 'CREDIT', last4: '4242', country: 'CA' });
  });
});

describe('charges', () => {
  it('approves a card, answers a retry with the same charge, refuses the key for another charge', async () => {
    const p = processor();
    const { token } = await p.tokenizeCard(cardInput('4242424242424242'));
    const first = await p.charge({ amountCents: 192_500, currency: 'CAD', token, idempotencyKey: 'k1' });
    expect(first).toMatchObject({ status: 'APPROVED', amountCents: 192_500, refundedCents: 0 });
    expect(await p.charge({ amountCents: 192_500, currency: 'CAD', token, idempotencyKey: 'k1' })).toEqual(first);
    await expect(p.charge({ amountCents: 100, currency: 'CAD', token, idempotencyKey: 'k1' })).rejects.toMatchObject({
      reason: 'IDEMPOTENCY_CONFLICT',
    });
    await expect(p.charge({ amountCents: 0, currency: 'CAD', token, idempotencyKey: 'k0' })).rejects.toMatchObject({
      reason: 'INVALID_AMOUNT',
    });
    expect(await p.getCharge('k1')).toEqual(first);
    expect(await p.getCharge('never')).toBeNull();
  });

  it('answers insufficient funds for 4000000000009995, recorded for recovery', async () => {
    const p = processor();
    const { token } = await p.tokenizeCard(cardInput('4000000000009995'));
    const charge = { amountCents: 5_000, currency: 'CAD' as const, token, idempotencyKey: 'nsf-card' };
    await expect(p.charge(charge)).rejects.toMatchObject({ code: 'RM_ERROR_INSUFFICIENT_FUNDS', reason: 'INSUFFICIENT_FUNDS' });
    await expect(p.charge(charge)).rejects.toMatchObject({ reason: 'INSUFFICIENT_FUNDS' });
    expect(await p.getCharge('nsf-card')).toMatchObject({
      status: 'INSUFFICIENT_FUNDS',
      errorCode: 'RM_ERROR_INSUFFICIENT_FUNDS',
    });
  });

  it('keeps bank debits pending until they settle, bounce (NSF) or are returned', async () => {
    const p = processor();
    const bank = (accountNumber: string) =>
      p.tokenizeBankAccount({ country: 'US', accountNumber, routingNumber: '110000000', accountHolder: 'Jordan Miller' });
    const tokens = {
      ok: (await bank('000123456789')).token,
      nsf: (await bank('000222222227')).token,
      ret: (await bank('000333333335')).token,
    };
    for (const [key, token] of Object.entries(tokens)) {
      expect(await p.charge({ amountCents: 240_000, currency: 'USD', token, idempotencyKey: key })).toMatchObject({
        status: 'PENDING',
      });
    }
    const start = clock;
    clock = new Date(start.getTime() + 25 * 60 * 60 * 1000);
    try {
      expect((await p.getCharge('ok'))?.status).toBe('SETTLED');
      expect((await p.getCharge('nsf'))?.status).toBe('NSF');
      expect((await p.getCharge('ret'))?.status).toBe('RETURNED');
      expect((await p.getCharge('ok'))?.settledAt).toBe(new Date(start.getTime() + 24 * 60 * 60 * 1000).toISOString());
    } finally {
      clock = start;
    }
  });

  it('refunds up to what was charged, once per key', async () => {
    const p = processor();
    const { token } = await p.tokenizeCard(cardInput('5555555555554444'));
    const charge = await p.charge({ amountCents: 10_000, currency: 'CAD', token, idempotencyKey: 'r-charge' });
    const refund = await p.refund({ chargeId: charge.id, amountCents: 4_000, idempotencyKey: 'r1' });
    expect(refund).toMatchObject({ status: 'APPROVED', amountCents: 4_000 });
    expect(await p.refund({ chargeId: charge.id, amountCents: 4_000, idempotencyKey: 'r1' })).toEqual(refund);
    await expect(p.refund({ chargeId: charge.id, amountCents: 6_001, idempotencyKey: 'r2' })).rejects.toMatchObject({
      reason: 'INVALID_AMOUNT',
    });
    expect((await p.getCharge('r-charge'))?.refundedCents).toBe(4_000);
  });

  it('refuses removed and unknown tokens, and accepts the demo seed’s tokens', async () => {
    const p = processor();
    const { token } = await p.tokenizeCard(cardInput('4242424242424242'));
    await p.deleteToken(token);
    await expect(p.charge({ amountCents: 100, currency: 'CAD', token, idempotencyKey: 'd1' })).rejects.toMatchObject({
      reason: 'TOKEN_NOT_FOUND',
    });
    await expect(
      p.charge({ amountCents: 100, currency: 'CAD', token: 'tok_live_x', idempotencyKey: 'd2' }),
    ).rejects.toMatchObject({
      reason: 'TOKEN_NOT_FOUND',
    });
    expect(
      (await p.charge({ amountCents: 100, currency: 'CAD', token: 'tok_sandbox_visa_4242', idempotencyKey: 'd3' })).status,
    ).toBe('APPROVED');
    expect(
      (await p.charge({ amountCents: 100, currency: 'CAD', token: 'tok_sandbox_bank_6789', idempotencyKey: 'd4' })).status,
    ).toBe('PENDING');
  });
});

describe('bank accounts', () => {
  it('checks US routing numbers with the ABA checksum and CA institution/transit numbers', async () => {
    expect(['110000000', '021000021', '011000015', '026009593'].every(isAbaRoutingNumber)).toBe(true);
    expect(isAbaRoutingNumber('123456789')).toBe(false);
    const p = processor();
    const us = { country: 'US' as const, accountNumber: '000123456789', accountHolder: 'J M' };
    await expect(p.tokenizeBankAccount({ ...us, routingNumber: '110000001' })).rejects.toMatchObject({
      code: 'paysafe.5068',
      reason: 'INVALID_ROUTING_NUMBER',
      message: expect.stringContaining('routingNumber'),
    });
    const ca = { country: 'CA' as const, accountNumber: '1234567', accountHolder: 'C T' };
    expect(
      await p.tokenizeBankAccount({ ...ca, routingNumber: '00412345', institutionNumber: '004', transitNumber: '12345' }),
    ).toMatchObject({
      bankName: 'TD Canada Trust',
      last4: '4567',
    });
    await expect(
      p.tokenizeBankAccount({ ...ca, routingNumber: '00000000', institutionNumber: '000', transitNumber: '00000' }),
    ).rejects.toMatchObject({ reason: 'INVALID_ROUTING_NUMBER' });
    await expect(
      p.tokenizeBankAccount({ ...us, routingNumber: '110000000', accountNumber: '000111111116' }),
    ).rejects.toMatchObject({
      reason: 'INVALID_ACCOUNT_NUMBER',
      message: expect.stringContaining('accountNumber'),
    });
    expect(Object.keys(SANDBOX_TEST_BANK_ACCOUNTS).every((n) => /^\d{4,17}$/.test(n))).toBe(true);
  });

  it('stamps a debit with the caller’s clock and settles it by the instant asked (npm run jobs -- --now)', async () => {
    const p = processor();
    const { token } = await p.tokenizeBankAccount({
      country: 'US',
      accountNumber: '000123456789',
      accountHolder: 'J M',
      routingNumber: '110000000',
    });
    const at = new Date(now().getTime() + 40 * 86_400_000);
    const charged = await p.charge({ amountCents: 5_000, currency: 'USD', token, idempotencyKey: 'job-clock-1', at });
    expect(charged).toMatchObject({ status: 'PENDING', createdAt: at.toISOString() });
    // As of the real clock (before the job's instant) and a minute after the charge: still pending
    expect(await p.getCharge('job-clock-1')).toMatchObject({ status: 'PENDING' });
    expect(await p.getCharge('job-clock-1', new Date(at.getTime() + 60_000))).toMatchObject({ status: 'PENDING' });
    // Two days after the job's instant: settled
    expect(await p.getCharge('job-clock-1', new Date(at.getTime() + 2 * 86_400_000))).toMatchObject({
      status: 'SETTLED',
    });
  });
});

describe('the records in the database', () => {
  it('answer one charge per key to every process, keep refunds and removed tokens, and import an earlier log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-log-'));
    dirs.push(dir);
    const database = await openDatabase({ dataDir: 'memory' });
    try {
      // An earlier version's log (one charge, a torn last line) is imported at the first call.
      const legacy = join(dir, 'processor-log.jsonl');
      const old: Charge = {
        id: 'ch_sbx_old',
        idempotencyKey: 'txn-old',
        token: 'tok_sbx_card_oldtoken',
        amountCents: 4_200,
        currency: 'CAD',
        status: 'APPROVED',
        createdAt: clock.toISOString(),
        settledAt: null,
        refundedCents: 0,
        errorCode: null,
        errorMessage: null,
      };
      writeFileSync(legacy, `\n${JSON.stringify({ t: 'charge', charge: old })}\n{"t":"charge","charge":{"id":"ch_torn"`);
      // Two processes: two processors, each with its own store on the one database.
      const one = createSandboxProcessor({
        secret: SECRET,
        now,
        store: createDatabaseProcessorStore(database.db, { legacyLog: legacy }),
      });
      const two = createSandboxProcessor({ secret: SECRET, now, store: createDatabaseProcessorStore(database.db) });
      expect(await one.getCharge('txn-old')).toMatchObject({ id: 'ch_sbx_old', amountCents: 4_200 });
      expect(existsSync(legacy)).toBe(false);

      const { token } = await one.tokenizeCard(cardInput('4242424242424242'));
      // The same key charged by both at once: one charge.
      const [a, b] = await Promise.all([
        one.charge({ amountCents: 7_500, currency: 'CAD', token, idempotencyKey: 'txn-1' }),
        two.charge({ amountCents: 7_500, currency: 'CAD', token, idempotencyKey: 'txn-1' }),
      ]);
      expect(a.id).toBe(b.id);
      const [{ count }] = (await database.raw(`SELECT count(*)::int AS count FROM sandbox_processor_charges`)).rows;
      expect(count).toBe(2);
      // Another amount under the key is a conflict, wherever it is asked.
      await expect(two.charge({ amountCents: 7_501, currency: 'CAD', token, idempotencyKey: 'txn-1' })).rejects.toMatchObject({
        reason: 'IDEMPOTENCY_CONFLICT',
      });
      // A refund by one is seen by the other; more than is left is refused.
      await one.refund({ chargeId: a.id, amountCents: 500, idempotencyKey: 'ref-1' });
      expect(await two.getCharge('txn-1')).toMatchObject({ refundedCents: 500 });
      await expect(two.refund({ chargeId: a.id, amountCents: 7_001, idempotencyKey: 'ref-2' })).rejects.toMatchObject({
        reason: 'INVALID_AMOUNT',
      });
      // A token removed by one is refused by the other.
      await one.deleteToken(token);
      await expect(two.charge({ amountCents: 100, currency: 'CAD', token, idempotencyKey: 'txn-2' })).rejects.toMatchObject({
        reason: 'TOKEN_NOT_FOUND',
      });
      // Nothing but tokens and ids is kept.
      const all = JSON.stringify((await database.raw(`SELECT * FROM sandbox_processor_charges`)).rows);
      expect(all).not.toContain('4242424242424242');
    } finally {
      await database.close();
    }
  });
});

describe('signed tokens and the other sandboxes', () => {
  it('refuses forged, expired and other-purpose tokens', () => {
    const a = createSignedTokens<{ customerId: string }>(SECRET, 'a', now);
    const b = createSignedTokens<{ customerId: string }>(SECRET, 'b', now);
    const { token } = a.sign({ customerId: 'c1' }, 60);
    expect(a.verify(token)).toMatchObject({ customerId: 'c1' });
    expect(b.verify(token)).toBeNull();
    expect(a.verify(`${token}x`)).toBeNull();
    expect(a.verify('garbage')).toBeNull();
    const [body, sig] = token.split('.');
    const tampered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), customerId: 'c2' }));
    expect(a.verify(`${tampered.toString('base64url')}.${sig}`)).toBeNull();
    const later = createSignedTokens<{ customerId: string }>(SECRET, 'a', () => new Date(clock.getTime() + 61_000));
    expect(later.verify(token)).toBeNull();
  });

  it('bank linking: a public token is for one customer and one account', async () => {
    const linking = createSandboxBankLinking({ secret: SECRET, now });
    const { token } = await linking.createLinkToken({ customerId: 'c1', country: 'US' });
    expect(linking.verifyLinkToken(token)).toEqual({ customerId: 'c1', country: 'US' });
    expect(await linking.createPublicToken(token, 'acc_ca_nl_chequing')).toBeNull();
    const picked = await linking.createPublicToken(token, 'acc_us_tt_checking');
    expect(picked?.country).toBe('US');
    const account = await linking.exchangePublicToken(picked?.publicToken ?? '', 'acc_us_tt_checking');
    expect(account).toMatchObject({ customerId: 'c1', routingNumber: '110000000', accountNumber: '000123456789' });
    expect(await linking.exchangePublicToken(picked?.publicToken ?? '', 'acc_us_tt_savings')).toBeNull();
    for (const institutions of Object.values(SANDBOX_INSTITUTIONS))
      for (const i of institutions) for (const acc of i.accounts) expect(acc.mask).toBe(acc.accountNumber.slice(-4));
  });

  it('online wallet: agreements verify; orders and captures are idempotent', async () => {
    const wallet = createSandboxOnlineWallet({ secret: SECRET, now });
    const agreement = await wallet.createAgreement({ customerId: 'c1', email: 'a@b.test', currency: 'USD' });
    expect(agreement.merchantId).toBe('SANDBOX-MERCHANT-US');
    expect(wallet.verifyAgreement(agreement.token)).toMatchObject({ customerId: 'c1', agreementId: agreement.orderId });
    const order = await wallet.createOrder({ amountCents: 1_000, currency: 'USD', idempotencyKey: 'o1' });
    expect(await wallet.createOrder({ amountCents: 1_000, currency: 'USD', idempotencyKey: 'o1' })).toEqual(order);
    const capture = await wallet.captureOrder({ orderId: order.orderId });
    expect(capture).toMatchObject({ status: 'COMPLETED', amountCents: 1_000 });
    expect(await wallet.captureOrder({ orderId: order.orderId })).toEqual(capture);
  });

  it('wallet: a session token carries a chargeable network token', async () => {
    const wallet = createSandboxWallet({ secret: SECRET, now });
    const session = await wallet.createSession({ customerId: 'c1', walletType: 'GOOGLE_PAY', currency: 'CAD' });
    const verified = wallet.verifyToken(session.walletToken);
    expect(verified).toMatchObject({ customerId: 'c1', walletType: 'GOOGLE_PAY', currency: 'CAD' });
    const charged = await processor().charge({
      amountCents: 100,
      currency: 'CAD',
      token: verified?.paymentToken ?? '',
      idempotencyKey: 'w1',
    });
    expect(charged.status).toBe('APPROVED');
  });
});
