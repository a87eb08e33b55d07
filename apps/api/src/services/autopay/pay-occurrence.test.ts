// The autopay job charges only what an autopay may be saved with (issue 20 §3: one AUTOPAY_METHOD_TYPES in
// packages/domain, spec 2 §9): a schedule left on a device wallet or a PayPal account is skipped METHOD_BLOCKED, never
// charged (the job once accepted any method the processor charges, wallets included).
import { describe, expect, it } from 'vitest';
import { type OccurrenceContext, type OccurrenceMethod, planOccurrence } from './pay-occurrence.ts';
import type { RecurringPaymentRow } from './upcoming.ts';

const TODAY = '2026-03-05';
const method = (type: string): OccurrenceMethod => ({
  id: `m-${type}`,
  type,
  processorToken: `tok_${type}`,
  brand: type === 'TYPE_CREDIT_CARD' ? 'VISA' : null,
  last4: '4242',
  // a wallet still reusable (spec 1 §4), so only its type decides
  expireIn: '2027-01-01T00:00:00.000Z',
  country: 'CA',
  cardType: type === 'TYPE_CREDIT_CARD' ? 'CREDIT' : null,
  walletType: type === 'TYPE_WALLET' ? 'APPLE_PAY' : null,
});

// Only the fields planOccurrence reads (schedule state, lease status and payment settings, the method, its pricing).
const context = (type: string) =>
  ({
    schedule: { active: true },
    lease: {
      status: 'ACTIVE',
      acceptedTypes: new Set(['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT', 'TYPE_WALLET', 'TYPE_PAY_PAL']),
      blockPayments: null,
      companyCountry: 'CA',
      province: 'BC',
    },
    method: method(type),
    pricing: { feeProfile: null, international: false },
  }) as unknown as OccurrenceContext;
const row = { transactionId: null, scheduledDate: TODAY } as unknown as RecurringPaymentRow;

describe('the autopay job charges the method types an autopay accepts', () => {
  it.each([
    ['a card', 'TYPE_CREDIT_CARD', 'pay'],
    ['a bank account', 'TYPE_BANK_ACCOUNT', 'pay'],
    ['a device wallet', 'TYPE_WALLET', 'METHOD_BLOCKED'],
    ['a PayPal account', 'TYPE_PAY_PAL', 'METHOD_BLOCKED'],
  ])('%s: %s → %s', (_name, type, expected) => {
    const plan = planOccurrence(row, context(type), { today: TODAY, now: new Date(`${TODAY}T12:00:00Z`) });
    expect(plan.kind === 'end' ? plan.outcome : plan.kind).toEqual(
      expected === 'pay' ? 'pay' : { kind: 'skipped', reason: expected },
    );
  });
});
