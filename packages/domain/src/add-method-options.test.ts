import { describe, expect, it } from 'vitest';
import {
  type AddMethodLease,
  addMethodTypesForLeases,
  bankLinkingCompany,
  leaseAcceptedPaymentTypes,
} from './add-method-options.ts';

const ALL = ['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT', 'TYPE_PAY_PAL', 'TYPE_WALLET', 'TYPE_CASH'];
const lease = (
  company: string[] | null,
  property: string[] | Record<string, unknown> | null,
  status = 'ACTIVE',
  plaid: boolean | 'YES' | 'NO' = false,
): AddMethodLease => ({
  status,
  joins: {
    property: { acceptedPaymentTypes: property },
    company: { id: `co-${status}`, country: 'CA', acceptedPaymentTypes: company, createBankAccountFromPlaidRequired: plaid },
  },
});

describe('leaseAcceptedPaymentTypes (spec 1 §3)', () => {
  it.each([
    ['company list when the property has none', lease(['TYPE_CREDIT_CARD'], null), ['TYPE_CREDIT_CARD']],
    ['property list when set', lease(ALL, ['TYPE_BANK_ACCOUNT']), ['TYPE_BANK_ACCOUNT']],
    ['property map of flags', lease(ALL, { TYPE_PAY_PAL: true, TYPE_WALLET: 'NO' }), ['TYPE_PAY_PAL']],
    ['an empty property list is a setting too', lease(ALL, []), []],
    ['no joins', { status: 'ACTIVE' }, []],
    ['no company', { joins: { company: null } }, []],
  ] as const)('%s', (_name, l, expected) => {
    expect([...leaseAcceptedPaymentTypes(l as AddMethodLease)]).toEqual(expected);
  });
});

describe('addMethodTypesForLeases (spec 1 §2, spec 2 §9)', () => {
  it.each([
    [
      'everything, wallets included',
      [lease(ALL, null)],
      false,
      ['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT', 'TYPE_PAY_PAL', 'TYPE_WALLET'],
    ],
    ['wallets excluded', [lease(ALL, null)], true, ['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT', 'TYPE_PAY_PAL']],
    [
      'union over leases',
      [lease(['TYPE_BANK_ACCOUNT'], null), lease(['TYPE_CREDIT_CARD'], null)],
      true,
      ['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT'],
    ],
    [
      'a terminated lease does not count',
      [lease(ALL, null, 'TERMINATED'), lease(['TYPE_PAY_PAL'], null)],
      false,
      ['TYPE_PAY_PAL'],
    ],
    ['cash only → nothing to add', [lease(['TYPE_CASH'], null)], false, []],
    ['no leases', [], false, []],
  ] as const)('%s', (_name, leases, excludeWallets, expected) => {
    expect(addMethodTypesForLeases(leases as readonly AddMethodLease[], { excludeWallets })).toEqual(expected);
  });

  it('defaults to wallets included', () => {
    expect(addMethodTypesForLeases([lease(['TYPE_WALLET'], null)])).toEqual(['TYPE_WALLET']);
  });
});

describe('bankLinkingCompany (spec 1 §2)', () => {
  it.each([
    ['none required', [lease(ALL, null)], null],
    ['required (boolean)', [lease(ALL, null), lease(ALL, null, 'PENDING', true)], 'co-PENDING'],
    ['required (YES)', [lease(ALL, null, 'ACTIVE', 'YES')], 'co-ACTIVE'],
    ['only on a terminated lease', [lease(ALL, null, 'TERMINATED', true)], null],
    ['a lease without a company', [{ status: 'ACTIVE', joins: {} }], null],
  ] as const)('%s', (_name, leases, expected) => {
    expect(bankLinkingCompany(leases as readonly AddMethodLease[])?.id ?? null).toBe(expected);
  });
});
