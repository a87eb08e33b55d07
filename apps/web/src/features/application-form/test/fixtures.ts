// Fixtures of the application form's tests: a full template (every section, a fee, custom fields, verification) and a
// bare one (no section 3/5/6/7/8, no fee), and applications on them.
import type { ApplicationPage, LeaseApplication } from '../api/types';

export const CUSTOMER_ID = 'c0000000-0000-4000-8000-000000000001';
export const APP_ID = 'a0000000-0000-4000-8000-000000000001';

export function fullPage(over: Partial<ApplicationPage> = {}): ApplicationPage {
  return {
    id: 'lap-1',
    name: 'harbourview',
    companyId: 'co-1',
    companyName: 'Harbourview Rentals',
    country: 'CA',
    sections: {
      '3': { street1: true, city: true, province: true, country: true, postalCode: true, monthsAtAddress: true },
      '5': { employment: true, employerName: true, monthlySalary: true },
      '6': { name: true, phone: true },
      '7': { maritalStatus: true, pets: true },
      '8': { firstName: true, lastName: true, phone: true },
    },
    customFields: [
      { id: 'parking', label: { en: 'Parking spots needed', fr: 'Places de stationnement' }, type: 'NUMBER', required: true },
    ],
    applicationFeeAmount: 35,
    creditReportEnabled: true,
    backgroundCheckEnabled: true,
    identityVerificationEnabled: true,
    incomeVerificationEnabled: true,
    ...over,
  };
}

export function barePage(over: Partial<ApplicationPage> = {}): ApplicationPage {
  return fullPage({
    name: 'plain',
    sections: { '3': {}, '5': {}, '6': {}, '7': {}, '8': {} },
    customFields: [],
    applicationFeeAmount: 0,
    identityVerificationEnabled: false,
    incomeVerificationEnabled: false,
    ...over,
  });
}

export function application(over: Partial<LeaseApplication> = {}): LeaseApplication {
  return {
    id: APP_ID,
    type: 'TYPE_LEASE_APPLICATION',
    status: 'NOT_STARTED',
    pageName: 'harbourview',
    propertyId: null,
    companyId: 'co-1',
    existingTenant: false,
    acknowledgedTerms: false,
    phone: '6045550142',
    firstName: 'Camille',
    middleName: null,
    lastName: 'Tremblay',
    email: 'tenant@demo.test',
    birthDate: '1990-04-12',
    sinLast3: null,
    otherInfo: null,
    addresses: [],
    otherOccupants: [],
    employment: null,
    referenceList: [],
    emergencyContact: null,
    customFields: {},
    verificationConsent: false,
    currentStep: null,
    progress: 0,
    applicationFeeAmount: 35,
    feeAmount: null,
    feeTransactionId: null,
    submittedAt: null,
    decidedAt: null,
    decisionComment: null,
    leaseId: null,
    createDate: '2026-11-20T10:00:00Z',
    updateDate: '2026-11-20T10:00:00Z',
    joins: { property: null, lap: null, screenings: [], incomeVerification: null },
    ...over,
  };
}

export const property = {
  id: 'p-1',
  propertyName: 'Harbourview Towers',
  street1: '100 Harbour St',
  street2: null,
  city: 'Vancouver',
  province: 'BC',
  country: 'CA',
  postalCode: 'V6C 1A1',
};
