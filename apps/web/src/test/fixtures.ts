// Shared records of the web tests, as the API answers them: the seeded tenant's id, a Canadian company, its property
// (Harbourview Residences, Vancouver) and an active lease with nothing owing. Feature fixtures override what they need.
import type { CompanyJoin, PropertyJoin, PropertyLease } from '../api/types';

export const CUSTOMER_ID = 'c0000000-0000-4000-8000-000000000001';

export function companyFixture(over: Partial<CompanyJoin> = {}): CompanyJoin {
  return {
    id: 'co-1',
    name: 'Maple Leaf Property Management',
    country: 'CA',
    manageBalance: 'YES',
    overpaymentAllowed: 'YES',
    onlyPMPaymentAllowed: 'NO',
    conciergeEnabled: false,
    insuranceIntegration: null,
    microlendingEnabled: false,
    neobankPromotionEnabled: false,
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

export function propertyFixture(over: Partial<PropertyJoin> = {}): PropertyJoin {
  return {
    id: 'p-Harbourview Residences',
    companyId: 'co-1',
    propertyName: 'Harbourview Residences',
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

/** An active lease of unit 804 with no charges; `joins` defaults to propertyFixture() and companyFixture(). */
export function leaseFixture(over: Partial<PropertyLease> = {}): PropertyLease {
  return {
    id: 'lease-1',
    billingAccountType: 'TYPE_PROPERTY_LEASE',
    status: 'ACTIVE',
    unit: '804',
    userId: CUSTOMER_ID,
    userType: 'TYPE_CUSTOMER',
    propertyId: 'p-Harbourview Residences',
    companyId: 'co-1',
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
    joins: { property: propertyFixture(), company: companyFixture() },
    ...over,
  };
}
