// The shapes of docs/api-contract.md "Lease applications (issue 11)" as this screen reads them.

export type ApplicationStatus = 'NOT_STARTED' | 'IN_PROGRESS' | 'PENDING' | 'APPROVED' | 'DECLINED' | 'CANCELLED';

/** GET /lease_application_page/name/{name}: the template, shared with the applications screen (api/types.ts). */
export type { ApplicationPage, CustomFieldType, PageCustomField } from '../../../api/types';

export interface PageProperty {
  id: string;
  propertyName: string;
  street1: string | null;
  street2?: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  postalCode: string | null;
}

export interface ApplicationAddress {
  suite?: string | null;
  street1?: string | null;
  street2?: string | null;
  city?: string | null;
  province?: string | null;
  country?: string | null;
  postalCode?: string | null;
  monthsAtAddress?: number | null;
}

export interface ApplicationOccupant {
  names?: string | null;
  age?: number | null;
  employment?: string | null;
  phone?: string | null;
  relationship?: string | null;
}

export interface ApplicationEmployment {
  employment?: string | null;
  employerName?: string | null;
  phone?: string | null;
  occupation?: string | null;
  monthsEmployed?: number | null;
  monthlySalary?: number | null;
  otherIncome?: number | null;
}

export interface ApplicationReference {
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  relationship?: string | null;
}

export interface ApplicationOtherInfo {
  maritalStatus?: string | null;
  pets?: boolean | null;
  smoking?: boolean | null;
  bankruptcy?: boolean | null;
}

export interface ApplicationEmergencyContact {
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  email?: string | null;
  relationship?: string | null;
}

export type CustomFieldValue = string | number | boolean | null;

/** Every answer of the lease-application calls. */
export interface LeaseApplication {
  id: string;
  type: 'TYPE_LEASE_APPLICATION';
  status: ApplicationStatus;
  pageName: string;
  propertyId: string | null;
  companyId: string | null;
  existingTenant: boolean;
  acknowledgedTerms: boolean | null;
  phone: string | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  email: string | null;
  birthDate: string | null;
  sinLast3: string | null;
  otherInfo: ApplicationOtherInfo | null;
  addresses: ApplicationAddress[] | null;
  otherOccupants: ApplicationOccupant[] | null;
  employment: ApplicationEmployment | null;
  referenceList: ApplicationReference[] | null;
  emergencyContact: ApplicationEmergencyContact | null;
  customFields: Record<string, CustomFieldValue> | null;
  verificationConsent: boolean | null;
  currentStep: string | null;
  /** Percent (spec 2 §4). */
  progress: number | null;
  /** Dollars, the page's. */
  applicationFeeAmount: number | null;
  /** Dollars charged, or null. */
  feeAmount: number | null;
  feeTransactionId: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  decisionComment: string | null;
  leaseId: string | null;
  createDate: string | null;
  updateDate: string | null;
  joins?: {
    property?: PageProperty | null;
    lap?: Record<string, unknown> | null;
    screenings?: { id: string; type: 'CREDIT' | 'BASIC'; status: string }[];
    incomeVerification?: { id: string; status: string } | null;
  } | null;
}
