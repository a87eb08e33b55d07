// The sandbox card and bank processor: the embedded default, fully offline. It follows documented test inputs in the
// style of Stripe's (docs/sandbox-providers.md has the table): 4242424242424242 approves, 4000000000000002 declines,
// 4000000000009995 answers insufficient funds on a charge, other numbers produce each refusal of spec 1 §8.
// Tokens are `tok_sbx_<behaviour>_<random>`: the behaviour tag says how later charges go and nothing more.
import { createHmac } from 'node:crypto';
import type { CardBrand, CardType } from '@portal/domain/entities';
import { detectCardBrand, isLuhnValid, lastFour } from '@portal/domain/input-fields';
import { deriveKey, randomId } from '../signed-token.ts';
import {
  type BankAccountInput,
  type CardInput,
  type Charge,
  type ChargeInput,
  type ChargeReturn,
  type PaymentProcessor,
  ProcessorError,
  type Refund,
  type RefundInput,
  type TokenizedBankAccount,
  type TokenizedCard,
} from './processor.ts';
import { createMemoryProcessorStore, type ProcessorStore } from './processor-store.ts';

type CardOutcome = 'approve' | 'insufficientFunds' | 'decline' | 'expired' | 'exists' | 'invalidCountry' | 'invalidCvv';

export interface SandboxTestCard {
  number: string;
  brand: CardBrand;
  cardType: CardType;
  /** Issuing country; absent = the country the tenant gave. */
  country?: string;
  outcome: CardOutcome;
  description: string;
}

// docs/sandbox-providers.md "Cards": keep the two in step. Every number is Luhn-valid.
export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  { number: '4242424242424242', brand: 'VISA', cardType: 'CREDIT', outcome: 'approve', description: 'Visa credit: approves' },
  { number: '4000056655665556', brand: 'VISA', cardType: 'DEBIT', outcome: 'approve', description: 'Visa debit: approves' },
  { number: '5555555555554444', brand: 'MASTERCARD', cardType: 'CREDIT', outcome: 'approve', description: 'Mastercard credit' },
  { number: '5200828282828210', brand: 'MASTERCARD', cardType: 'DEBIT', outcome: 'approve', description: 'Mastercard debit' },
  {
    number: '378282246310005',
    brand: 'AMERICAN_EXPRESS',
    cardType: 'CREDIT',
    outcome: 'approve',
    description: 'Amex (15 digits)',
  },
  { number: '6011111111111117', brand: 'DISCOVER', cardType: 'CREDIT', outcome: 'approve', description: 'Discover credit' },
  { number: '5105105105105100', brand: 'MASTERCARD', cardType: 'PREPAID', outcome: 'approve', description: 'Mastercard prepaid' },
  {
    number: '4000008260000000',
    brand: 'VISA',
    cardType: 'CREDIT',
    country: 'GB',
    outcome: 'approve',
    description: 'Visa credit issued in the United Kingdom: an international card',
  },
  // issue 21 §2 (spec 2 §5): cards of a country outside CA/US have 8 to 19 digits; the tenant's country is kept
  {
    number: '6200000000000000000',
    brand: 'UNION_PAY',
    cardType: 'CREDIT',
    outcome: 'approve',
    description: 'UnionPay, 19 digits: an international card (country outside CA/US)',
  },
  {
    number: '67590000',
    brand: 'MAESTRO',
    cardType: 'DEBIT',
    outcome: 'approve',
    description: 'Maestro, 8 digits: an international card (country outside CA/US)',
  },
  {
    number: '4000000000000002',
    brand: 'VISA',
    cardType: 'CREDIT',
    outcome: 'decline',
    description: 'Declined (at add time too)',
  },
  { number: '4000000000000069', brand: 'VISA', cardType: 'CREDIT', outcome: 'expired', description: 'Declined: expired card' },
  {
    number: '4000000000009995',
    brand: 'VISA',
    cardType: 'CREDIT',
    outcome: 'insufficientFunds',
    description: 'Adds fine; every charge answers insufficient funds',
  },
  {
    number: '4000000000075038',
    brand: 'VISA',
    cardType: 'CREDIT',
    outcome: 'exists',
    description: 'paysafe.7503 card already exists',
  },
  {
    number: '4000000000005068',
    brand: 'VISA',
    cardType: 'CREDIT',
    outcome: 'invalidCountry',
    description: "paysafe.5068 'country:invalid value'",
  },
  {
    number: '4000000000000127',
    brand: 'VISA',
    cardType: 'CREDIT',
    outcome: 'invalidCvv',
    description: "paysafe.5068 'card.cvv:'",
  },
];

/** The CVV the issuer always refuses (paysafe.5068 'card.cvv:'), whatever the card. */
export const SANDBOX_REFUSED_CVV = '000';

type BankOutcome = 'approve' | 'nsf' | 'return' | 'invalidAccount';

// docs/sandbox-providers.md "Bank accounts": account numbers with a behaviour; any other valid number approves.
export const SANDBOX_TEST_BANK_ACCOUNTS: Readonly<Record<string, { outcome: BankOutcome; description: string }>> = {
  '000123456789': { outcome: 'approve', description: 'Adds; debits settle' },
  '000111111116': { outcome: 'invalidAccount', description: "paysafe.5068 'accountNumber' at add time" },
  '000222222227': { outcome: 'nsf', description: 'Adds; debits are pending, then bounce as NSF' },
  '000333333335': { outcome: 'return', description: 'Adds; debits are pending, then are RETURNED' },
};

// Bank names the sandbox knows by routing number (US) or institution number (CA).
export const SANDBOX_US_BANKS: Readonly<Record<string, string>> = {
  '110000000': 'Sandbox Test Bank',
  '021000021': 'JPMorgan Chase Bank',
  '011000015': 'Federal Reserve Bank of Boston',
  '026009593': 'Bank of America',
  '121000358': 'Bank of America California',
};
export const SANDBOX_CA_INSTITUTIONS: Readonly<Record<string, string>> = {
  '001': 'Bank of Montreal',
  '002': 'Scotiabank',
  '003': 'Royal Bank of Canada',
  '004': 'TD Canada Trust',
  '006': 'National Bank of Canada',
  '010': 'CIBC',
  '815': 'Desjardins',
};

/** ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])) % 10 === 0;
}

type TokenTag = 'card' | 'cardnsf' | 'wallet' | 'bank' | 'banknsf' | 'bankreturn';

/** The behaviour of a token: ours, or one of the demo seed's (tok_sandbox_visa_4242 …), which approve. */
function tagOf(token: string): TokenTag | null {
  const ours = /^tok_sbx_(card|cardnsf|wallet|bank|banknsf|bankreturn)_[A-Za-z0-9]+$/.exec(token);
  if (ours) return ours[1] as TokenTag;
  if (/^tok_sandbox_[a-z0-9_]+$/.test(token)) return token.includes('_bank_') ? 'bank' : 'card';
  return null;
}

const declined = (message: string) => new ProcessorError('RM_ERROR_PAYMENT_DECLINED', 'DECLINED', message, 402);
const invalidField = (field: string, reason: ProcessorError['reason']) =>
  new ProcessorError('paysafe.5068', reason, `Invalid field value [${field}: invalid value]`, 400);

export interface SandboxProcessorOptions {
  /** Key material for card fingerprints (the app derives it from its secret). */
  secret: string;
  now: () => Date;
  /** Where the processor keeps what it did (the database's tables for the server); memory by default. */
  store?: ProcessorStore;
  /** How long a bank debit stays PENDING before it settles, bounces or is returned. */
  bankSettlementMs?: number;
}

export function createSandboxProcessor(opts: SandboxProcessorOptions): PaymentProcessor {
  const fingerprintKey = deriveKey(opts.secret, 'processor:fingerprint');
  const fingerprint = (value: string) => createHmac('sha256', fingerprintKey).update(value).digest('base64url');
  const store = opts.store ?? createMemoryProcessorStore();
  const settlementMs = opts.bankSettlementMs ?? 24 * 60 * 60 * 1000;

  /** A charge as of `asOf`: a pending bank debit settles (or bounces) once the settlement time has passed. */
  const view = (charge: Charge, asOf: Date = opts.now()): Charge => {
    if (charge.status !== 'PENDING') return { ...charge };
    const settledAt = Date.parse(charge.createdAt) + settlementMs;
    if (asOf.getTime() < settledAt) return { ...charge };
    const tag = tagOf(charge.token);
    const status = tag === 'banknsf' ? 'NSF' : tag === 'bankreturn' ? 'RETURNED' : 'SETTLED';
    return { ...charge, status, settledAt: new Date(settledAt).toISOString() };
  };

  const refusalOf = (charge: Charge): ProcessorError | null => {
    if (charge.status === 'DECLINED') return declined(charge.errorMessage ?? 'The charge was declined');
    if (charge.status === 'INSUFFICIENT_FUNDS')
      return new ProcessorError(
        'RM_ERROR_INSUFFICIENT_FUNDS',
        'INSUFFICIENT_FUNDS',
        charge.errorMessage ?? 'Insufficient funds',
        402,
      );
    return null;
  };

  /** The answer to a charge request whose key was used before: the first charge, or a conflict for another charge. */
  const answerEarlier = (earlier: Charge, input: ChargeInput): Charge => {
    if (earlier.token !== input.token || earlier.amountCents !== input.amountCents || earlier.currency !== input.currency)
      throw new ProcessorError(
        'RM_ERROR_IDEMPOTENCY_CONFLICT',
        'IDEMPOTENCY_CONFLICT',
        'This idempotency key was used for another charge',
        409,
      );
    const refusal = refusalOf(earlier);
    if (refusal) throw refusal;
    return view(earlier, input.at);
  };

  return {
    async tokenizeCard(input: CardInput): Promise<TokenizedCard> {
      const number = input.cardNumber.replace(/\s/g, '');
      if (!/^\d{8,19}$/.test(number) || !isLuhnValid(number)) throw invalidField('card.cardNum', 'INVALID_CARD_NUMBER');
      const test = SANDBOX_TEST_CARDS.find((c) => c.number === number);
      const brand = test?.brand ?? detectCardBrand(number);
      if (!brand) throw declined('The card brand is not accepted');
      switch (test?.outcome) {
        case 'decline':
          throw declined('The card was declined by the issuer');
        case 'expired':
          throw new ProcessorError('RM_ERROR_PAYMENT_DECLINED', 'EXPIRED_CARD', 'The card has expired', 402);
        case 'exists':
          throw new ProcessorError('paysafe.7503', 'CARD_EXISTS', 'Card already exists', 409);
        case 'invalidCountry':
          throw new ProcessorError('paysafe.5068', 'INVALID_COUNTRY', 'Invalid field value [country:invalid value]', 400);
        case 'invalidCvv':
          throw invalidField('card.cvv', 'INVALID_CVV');
      }
      if (input.cvv === SANDBOX_REFUSED_CVV) throw invalidField('card.cvv', 'INVALID_CVV');
      const tag: TokenTag = test?.outcome === 'insufficientFunds' ? 'cardnsf' : 'card';
      return {
        token: randomId(`tok_sbx_${tag}_`, 16),
        fingerprint: fingerprint(`card:${number}`),
        brand,
        cardType: test?.cardType ?? 'CREDIT',
        last4: lastFour(number),
        expiryMonth: input.expiryMonth,
        expiryYear: input.expiryYear,
        country: test?.country ?? input.country,
      };
    },

    async tokenizeBankAccount(input: BankAccountInput): Promise<TokenizedBankAccount> {
      const routing = input.routingNumber.trim();
      let bankName: string | null;
      if (input.country === 'US') {
        if (!isAbaRoutingNumber(routing)) throw invalidField('routingNumber', 'INVALID_ROUTING_NUMBER');
        bankName = SANDBOX_US_BANKS[routing] ?? null;
      } else {
        const institution = input.institutionNumber ?? routing.slice(0, 3);
        const transit = input.transitNumber ?? routing.slice(3);
        if (!/^\d{3}$/.test(institution) || !/^\d{5}$/.test(transit) || institution === '000' || transit === '00000')
          throw invalidField('routingNumber', 'INVALID_ROUTING_NUMBER');
        bankName = SANDBOX_CA_INSTITUTIONS[institution] ?? null;
      }
      const account = input.accountNumber.trim();
      const test = SANDBOX_TEST_BANK_ACCOUNTS[account];
      if (!/^\d{4,17}$/.test(account) || test?.outcome === 'invalidAccount')
        throw invalidField('accountNumber', 'INVALID_ACCOUNT_NUMBER');
      const tag: TokenTag = test?.outcome === 'nsf' ? 'banknsf' : test?.outcome === 'return' ? 'bankreturn' : 'bank';
      return {
        token: randomId(`tok_sbx_${tag}_`, 16),
        fingerprint: fingerprint(`bank:${input.country}:${routing}:${account}`),
        last4: lastFour(account),
        bankName,
      };
    },

    async charge(input: ChargeInput): Promise<Charge> {
      const earlier = await store.findCharge(input.idempotencyKey);
      if (earlier) return answerEarlier(earlier, input);
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
        throw new ProcessorError(
          'RM_ERROR_INVALID_AMOUNT',
          'INVALID_AMOUNT',
          'The amount must be a positive number of cents',
          400,
        );
      const tag = tagOf(input.token);
      if (!tag || (await store.isTokenDeleted(input.token)))
        throw new ProcessorError('RM_ERROR_PAYMENT_DECLINED', 'TOKEN_NOT_FOUND', 'Unknown or removed payment token', 402);
      const status = tag === 'cardnsf' ? 'INSUFFICIENT_FUNDS' : tag.startsWith('bank') ? 'PENDING' : 'APPROVED';
      const charge: Charge = {
        id: randomId('ch_sbx_'),
        idempotencyKey: input.idempotencyKey,
        token: input.token,
        amountCents: input.amountCents,
        currency: input.currency,
        status,
        createdAt: (input.at ?? opts.now()).toISOString(),
        settledAt: null,
        refundedCents: 0,
        errorCode: status === 'INSUFFICIENT_FUNDS' ? 'RM_ERROR_INSUFFICIENT_FUNDS' : null,
        errorMessage: status === 'INSUFFICIENT_FUNDS' ? 'Insufficient funds' : null,
      };
      // Recorded once per key whatever the processes: a request that lost the race answers the first charge.
      const recorded = await store.recordCharge(charge);
      return answerEarlier(recorded, input);
    },

    async refund(input: RefundInput): Promise<Refund> {
      const conflict = () =>
        new ProcessorError(
          'RM_ERROR_IDEMPOTENCY_CONFLICT',
          'IDEMPOTENCY_CONFLICT',
          'This idempotency key was used for another refund',
          409,
        );
      const earlier = await store.findRefund(input.idempotencyKey);
      if (earlier) {
        if (earlier.chargeId !== input.chargeId || earlier.amountCents !== input.amountCents) throw conflict();
        return earlier;
      }
      const stored = await store.findChargeById(input.chargeId);
      if (!stored) throw new ProcessorError('RM_ERROR_RECORD_NOT_FOUND', 'INVALID_AMOUNT', 'No such charge', 404);
      const charge = view(stored);
      const tooMuch = () =>
        new ProcessorError('RM_ERROR_INVALID_AMOUNT', 'INVALID_AMOUNT', 'This charge cannot be refunded by that amount', 400);
      if (
        (charge.status !== 'APPROVED' && charge.status !== 'SETTLED') ||
        !Number.isInteger(input.amountCents) ||
        input.amountCents <= 0 ||
        input.amountCents > charge.amountCents - charge.refundedCents
      )
        throw tooMuch();
      const recorded = await store.recordRefund({
        id: randomId('re_sbx_'),
        chargeId: charge.id,
        idempotencyKey: input.idempotencyKey,
        amountCents: input.amountCents,
        status: 'APPROVED',
        createdAt: opts.now().toISOString(),
      });
      if (!recorded) throw tooMuch();
      if (recorded.chargeId !== input.chargeId || recorded.amountCents !== input.amountCents) throw conflict();
      return recorded;
    },

    async getCharge(idempotencyKey: string, asOf?: Date): Promise<Charge | null> {
      const charge = await store.findCharge(idempotencyKey);
      return charge ? view(charge, asOf) : null;
    },

    async deleteToken(token: string): Promise<void> {
      await store.deleteToken(token, opts.now().toISOString());
    },

    // issue 23: returns of settled bank charges (the sandbox's own page marks them; a real processor reports them).
    async listReturns(since: Date): Promise<ChargeReturn[]> {
      return store.listReturns(since.toISOString());
    },

    async simulateReturn(chargeId: string, returnCode: string): Promise<ChargeReturn | null> {
      const stored = await store.findChargeById(chargeId);
      // Only a bank debit that settled can come back (a card charge is disputed, not returned).
      if (!stored || !tagOf(stored.token)?.startsWith('bank') || view(stored).status !== 'SETTLED') return null;
      return store.markReturned(chargeId, returnCode, opts.now().toISOString());
    },
  };
}
