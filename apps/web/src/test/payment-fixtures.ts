// Fixtures of the payment page tests: payment methods, addresses, leases (with property and company, built on the
// shared src/test/fixtures.ts), fee profiles and the answer of a payment.
import type { AddressRecord, FeeProfileRecord, PaymentMethodRecord } from '@portal/domain/api-shapes';
import type { PaymentResult } from '@portal/domain/payment-shapes';
import type { CompanyJoin, PropertyJoin, PropertyLease } from '../api/types';
import type { SessionUser } from '../lib/session';
import { CUSTOMER_ID, companyFixture, leaseFixture, propertyFixture } from './fixtures';

export { CUSTOMER_ID };

export const sessionUser: SessionUser = {
  id: CUSTOMER_ID,
  firstName: 'Camille',
  lastName: 'Tremblay',
  type: 'TYPE_CUSTOMER',
  accountType: null,
  exp: Math.floor(Date.now() / 1000) + 900,
};

const blank: PaymentMethodRecord = {
  id: '',
  userId: CUSTOMER_ID,
  type: 'TYPE_CREDIT_CARD',
  label: '',
  country: null,
  brand: null,
  cardType: null,
  last4: null,
  expiryMonth: null,
  expiryYear: null,
  nameOnCard: null,
  billingAddressId: null,
  accountHolder: null,
  bankName: null,
  routingNumber: null,
  institutionNumber: null,
  transitNumber: null,
  walletType: null,
  expireIn: null,
  email: null,
  createDate: '2026-01-05T10:00:00Z',
};

export function card(over: Partial<PaymentMethodRecord> = {}): PaymentMethodRecord {
  return {
    ...blank,
    id: 'pm-visa',
    type: 'TYPE_CREDIT_CARD',
    label: 'Visa 4242',
    country: 'CA',
    brand: 'VISA',
    cardType: 'CREDIT',
    last4: '4242',
    expiryMonth: 4,
    expiryYear: 2031,
    nameOnCard: 'Camille Tremblay',
    billingAddressId: 'addr-1',
    ...over,
  };
}

export function bankAccount(over: Partial<PaymentMethodRecord> = {}): PaymentMethodRecord {
  return {
    ...blank,
    id: 'pm-bank',
    type: 'TYPE_BANK_ACCOUNT',
    label: 'Bank Account 6789',
    country: 'CA',
    last4: '6789',
    accountHolder: 'Camille Tremblay',
    bankName: 'Banque Laurentienne',
    routingNumber: '00312345',
    institutionNumber: '003',
    transitNumber: '12345',
    billingAddressId: 'addr-1',
    ...over,
  };
}

export function method(over: Partial<PaymentMethodRecord>): PaymentMethodRecord {
  return { ...blank, ...over };
}

export const address: AddressRecord = {
  id: 'addr-1',
  userId: CUSTOMER_ID,
  userType: 'TYPE_CUSTOMER',
  addressType: 'BILLING',
  suite: 'N/A',
  street1: '1250 Granville Street',
  street2: null,
  city: 'Vancouver',
  province: 'BC',
  postalCode: 'V6Z 1M6',
  country: 'CA',
  createDate: '2026-01-05T10:00:00Z',
};

export function company(over: Partial<CompanyJoin> = {}): CompanyJoin {
  return companyFixture(over);
}

export function property(propertyName: string, over: Partial<PropertyJoin> = {}): PropertyJoin {
  return propertyFixture({ id: `p-${propertyName}`, propertyName, ...over });
}

export function lease(
  id: string,
  propertyName: string,
  over: Partial<PropertyLease> = {},
  companyOver: Partial<CompanyJoin> = {},
): PropertyLease {
  const co = company(companyOver);
  return leaseFixture({
    id,
    propertyId: `p-${propertyName}`,
    companyId: co.id,
    joins: { property: property(propertyName, { companyId: co.id }), company: co },
    ...over,
  });
}

/** Every payment type a company can accept (spec 1 §4 "Method selector"). */
export const ALL_PAYMENT_TYPES = [
  'TYPE_CREDIT_CARD',
  'TYPE_BANK_ACCOUNT',
  'TYPE_PAY_PAL',
  'TYPE_WALLET',
  'TYPE_CASH',
  'TYPE_INSTALLMENT_PAY',
  'TYPE_UNION_PAY',
];

/** The lease with its property in `country` and `province`, with or without the PayPal Credit integration. */
export function withPropertyIn(
  l: PropertyLease,
  { country, province, payPalCredit }: { country: 'CA' | 'US'; province: string; payPalCredit: boolean },
): PropertyLease {
  const placed = property(l.joins.property?.propertyName ?? '', {
    country,
    province,
    paypalCreditIntegration: payPalCredit ? { enabled: true } : null,
  });
  return { ...l, joins: { ...l.joins, property: placed } };
}

export function feeProfile(over: Partial<FeeProfileRecord>): FeeProfileRecord {
  return {
    id: 'fp',
    companyId: 'co-1',
    country: 'CA',
    paymentType: 'TYPE_CREDIT_CARD',
    cardType: null,
    cardBrand: null,
    walletType: null,
    processor: null,
    padSchedule: null,
    feeRate: 0,
    rateType: 'PERCENT',
    feeType: 'ADD',
    internationalFeeRate: null,
    internationalRateType: null,
    paidByCompany: false,
    ...over,
  };
}

/** A completed 1000.00 card payment (Visa 4242, no fee) on lease-1, as POST /pay answers it. */
export function paymentResult(over: Partial<PaymentResult> = {}): PaymentResult {
  return {
    id: 'tx-901',
    userId: CUSTOMER_ID,
    billingAccountId: 'lease-1',
    billingAccountType: 'TYPE_PROPERTY_LEASE',
    propertyId: 'p-Harbourview Residences',
    amount: 1000,
    currency: 'CAD',
    status: 'COMPLETE',
    transactionType: 'PAYMENT',
    source: null,
    paymentProviderId: 'sbx_1',
    createDate: '2026-11-19T15:12:00.000Z',
    confirmationId: 'RL-8K3P2Q',
    paymentMethodType: 'TYPE_CREDIT_CARD',
    paymentMethodId: 'pm-visa',
    cardBrand: 'VISA',
    last4: '4242',
    feeAmount: 0,
    feeType: 'ADD',
    feePaidByCompany: false,
    charges: [],
    note: null,
    hostedPaymentPageId: null,
    error: null,
    total: 1000,
    ...over,
  };
}
