// Fixtures of the dashboard tests, and of the sign-up popups shown over it: a lease with three open charges (built on
// the shared src/test/fixtures.ts), transactions and applications.
import type { CompanyJoin, LeaseApplication, PaymentTransaction, PropertyJoin, PropertyLease } from '../api/types';
import { companyFixture, leaseFixture, propertyFixture } from './fixtures';

export const property: PropertyJoin = propertyFixture({ id: 'p1', companyId: 'c1' });

export const company: CompanyJoin = companyFixture({ id: 'c1', conciergeEnabled: true, acceptedPaymentTypes: [] });

export function lease(overrides: Partial<PropertyLease> = {}, joins: Partial<PropertyLease['joins']> = {}): PropertyLease {
  return leaseFixture({
    id: 'l1',
    userId: 'u1',
    propertyId: 'p1',
    companyId: 'c1',
    tenantNotes: 'Parking stall P2-14 is included with this lease.',
    openCharges: [
      { id: 'oc1', name: 'Rent', code: 'Rent', dueDate: '2026-10-01', balance: 1850, amount: 1850, postMonth: null },
      { id: 'oc2', name: 'Parking', code: 'parking', dueDate: '2026-10-01', balance: 75, amount: 75, postMonth: null },
      { id: 'oc3', name: 'Rent', code: 'Rent', dueDate: '2026-12-01', balance: 1850, amount: 1850, postMonth: null },
    ],
    balance: 3775,
    joins: { property, company, ...joins },
    ...overrides,
  });
}

export function transaction(overrides: Partial<PaymentTransaction> = {}): PaymentTransaction {
  return {
    id: 'tx-1',
    userId: 'u1',
    billingAccountId: 'l1',
    billingAccountType: 'TYPE_PROPERTY_LEASE',
    propertyId: 'p1',
    amount: 500,
    currency: 'CAD',
    status: 'COMPLETE',
    transactionType: 'PAYMENT',
    source: null,
    paymentProviderId: 'sbx_1000',
    createDate: '2026-11-19T15:12:00.000Z',
    confirmationId: 'RL-7Q2M9X',
    paymentMethodType: 'TYPE_CREDIT_CARD',
    paymentMethodId: 'pm1',
    cardBrand: 'VISA',
    last4: '4242',
    feeAmount: 14.5,
    feeType: 'ADD',
    feePaidByCompany: false,
    charges: [{ code: 'Rent', name: 'Rent', amount: 500 }],
    note: 'Partial rent payment',
    hostedPaymentPageId: null,
    error: null,
    joins: { property, company },
    ...overrides,
  };
}

export function application(overrides: Partial<LeaseApplication> = {}): LeaseApplication {
  return {
    id: 'app-1',
    type: 'TYPE_LEASE_APPLICATION',
    status: 'IN_PROGRESS',
    propertyId: 'p1',
    companyId: 'c1',
    pageName: 'harbourview',
    existingTenant: false,
    acknowledgedTerms: true,
    phone: '+16045550142',
    firstName: 'Camille',
    middleName: null,
    lastName: 'Tremblay',
    email: 'tenant@demo.test',
    birthDate: null,
    sinLast3: null,
    otherInfo: null,
    customFields: null,
    currentStep: null,
    feeAmount: null,
    feeTransactionId: null,
    submittedAt: null,
    decidedAt: null,
    decisionComment: null,
    leaseId: null,
    updateDate: '2026-11-01T00:00:00.000Z',
    emergencyContact: null,
    addresses: [
      { street1: '4700 Kingsway', city: 'Burnaby', province: 'BC', country: 'CA', postalCode: 'V5H 4M1', monthsAtAddress: 24 },
    ],
    otherOccupants: [],
    employment: null,
    referenceList: [],
    createDate: '2026-11-01T10:00:00.000Z',
    joins: {
      property,
      lap: {
        creditReportEnabled: true,
        backgroundCheckEnabled: true,
        identityVerificationEnabled: true,
        incomeVerificationEnabled: true,
        sections: {
          '3': { previousAddress: true },
          '5': { employerName: true },
          '6': { references: true },
          '7': {},
          '8': { emergencyContact: true },
        },
        applicationFeeAmount: 35,
      },
    },
    ...overrides,
  };
}
