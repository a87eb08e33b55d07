// Fixtures of the payment page tests: payment methods, addresses, leases (with property and company) and fee profiles.
import type { AddressRecord, FeeProfileRecord, PaymentMethodRecord } from '@portal/domain/api-shapes';
import type { CompanyJoin, PropertyJoin, PropertyLease } from '../../../api/types';
import type { SessionUser } from '../../../lib/session';

export const CUSTOMER_ID = 'c0000000-0000-4000-8000-000000000001';

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
  return {
    id: 'co-1',
    name: 'Maple Leaf Property Management',
    country: 'CA',
    manageBalance: 'YES',
    overpaymentAllowed: 'YES',
    onlyPMPaymentAllowed: 'NO',
    conciergeEnabled: false,
    parentId: null,
    landlordId: null,
    blockPartialPayments: false,
    enforceCustomAmount: false,
    displayChargeCodes: false,
    chargeCodes: [],
    softMaximumPaymentAmount: null,
    acceptedPaymentTypes: ['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT'],
    createBankAccountFromPlaidRequired: false,
    serviceCreditReporting: {},
    customCard: null,
    integrationId: null,
    ...over,
  };
}

export function property(propertyName: string, over: Partial<PropertyJoin> = {}): PropertyJoin {
  return {
    id: `p-${propertyName}`,
    companyId: 'co-1',
    propertyName,
    street1: '1250 Granville Street',
    street2: null,
    city: 'Vancouver',
    province: 'BC',
    country: 'CA',
    postalCode: 'V6Z 1M6',
    category: 'RESIDENTIAL',
    propertyIdentifier: null,
    customCard: null,
    acceptedPaymentTypes: null,
    monevoIntegration: null,
    paypalCreditIntegration: null,
    insuranceIntegration: null,
    service_urcsi: null,
    service_neofinancial: null,
    payByTextEnabled: false,
    ...over,
  };
}

export function lease(
  id: string,
  propertyName: string,
  over: Partial<PropertyLease> = {},
  companyOver: Partial<CompanyJoin> = {},
): PropertyLease {
  const co = company(companyOver);
  return {
    id,
    billingAccountType: 'TYPE_PROPERTY_LEASE',
    status: 'ACTIVE',
    unit: '804',
    userId: CUSTOMER_ID,
    userType: 'TYPE_CUSTOMER',
    propertyId: `p-${propertyName}`,
    companyId: co.id,
    startDate: '2024-01-01',
    endDate: null,
    tenantNotes: null,
    monthlyPaymentDueDay: 1,
    requireAutoPay: false,
    charges: [],
    services: [],
    blockPayments: {},
    blockPartialPayments: false,
    acceptInstallmentPay: false,
    openCharges: [],
    balance: 0,
    recurringSchedule: null,
    recurringScheduleStatus: null,
    recurringScheduleUpcomingPayment: null,
    recurringScheduleUpcomingPaymentDate: null,
    joins: { property: property(propertyName, { companyId: co.id }), company: co },
    ...over,
  };
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
