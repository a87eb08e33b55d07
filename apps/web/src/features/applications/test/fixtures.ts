// Fixtures of the application page tests: the contract's LeaseApplication (docs/api-contract.md) on the seeded page.
import { propertyFixture } from '../../../test/fixtures';
import type { ApplicationRecord } from '../api/types';

export const property = propertyFixture({ id: 'p1', companyId: 'c1' });

type Joins = Partial<ApplicationRecord['joins']>;

export function applicationRecord(overrides: Partial<ApplicationRecord> = {}, joins: Joins = {}): ApplicationRecord {
  return {
    id: 'app-1',
    type: 'TYPE_LEASE_APPLICATION',
    status: 'PENDING',
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
    birthDate: '1990-04-12',
    sinLast3: '123',
    emergencyContact: { firstName: 'Louise', lastName: 'Tremblay', phone: '+15145550123' },
    addresses: [
      { street1: '4700 Kingsway', city: 'Burnaby', province: 'BC', country: 'CA', postalCode: 'V5H 4M1', monthsAtAddress: 24 },
    ],
    otherOccupants: [],
    employment: { employment: 'EMPLOYED', employerName: 'Coastal Health', monthlySalary: 6200 },
    referenceList: [],
    otherInfo: { maritalStatus: 'COMMON_LAW', pets: true, smoking: false, bankruptcy: false },
    customFields: {},
    progress: 90,
    submittedAt: '2026-11-20T10:00:00.000Z',
    createDate: '2026-11-01T10:00:00.000Z',
    ...overrides,
    joins: {
      property,
      lap: {
        creditReportEnabled: true,
        backgroundCheckEnabled: true,
        identityVerificationEnabled: true,
        incomeVerificationEnabled: true,
        sections: { '3': { street1: true }, '5': { employerName: true } },
        applicationFeeAmount: 35,
      },
      screenings: [
        { id: 's1', type: 'CREDIT', status: 'PASS' },
        { id: 's2', type: 'BASIC', status: 'REVIEW' },
      ],
      incomeVerification: { id: 'iv1', status: 'PASS' },
      ...joins,
    },
  };
}
