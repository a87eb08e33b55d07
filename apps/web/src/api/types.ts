// Shapes of the API answers (docs/api-contract.md). Amounts are decimals (dollars).
export type YesNo = 'YES' | 'NO';

export type { Customer } from '@portal/domain/api-shapes';

import type { Customer } from '@portal/domain/api-shapes';

export type CustomerUpdate = Partial<
  Pick<
    Customer,
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'birthDate'
    | 'phone'
    | 'alternatePhone'
    | 'languageCode'
    | 'preferredContactMethod'
    | 'muteTextMessageNotification'
    | 'acknowledgedTerms'
  >
>;

export interface PropertyJoin {
  id: string;
  propertyName: string;
  street1: string;
  street2: string | null;
  city: string;
  province: string;
  country: string;
  postalCode: string;
  category?: string;
}

export interface CompanyJoin {
  id: string;
  name: string;
  country: string;
  manageBalance: YesNo;
  overpaymentAllowed: YesNo;
  onlyPMPaymentAllowed: YesNo;
  blockPartialPayments?: boolean;
  conciergeEnabled?: boolean;
  [key: string]: unknown;
}

export interface OpenCharge {
  id: string;
  billingAccountId?: string;
  name: string;
  code: string | null;
  dueDate: string;
  balance: number;
  amount: number;
  postMonth: string | null;
}

export interface UpcomingPayment {
  status: string | null;
  scheduledDate: string;
  amount: number;
  charges: { code: string; name: string; amount: number }[];
}

export interface PropertyLease {
  id: string;
  billingAccountType: 'TYPE_PROPERTY_LEASE';
  status: string;
  unit: string | null;
  userId: string;
  propertyId: string;
  companyId: string;
  startDate: string | null;
  endDate: string | null;
  tenantNotes: string | null;
  monthlyPaymentDueDay: number;
  requireAutoPay: boolean;
  charges: { code: string; name: string; amount: number }[];
  blockPartialPayments: boolean;
  acceptInstallmentPay: boolean;
  openCharges: OpenCharge[];
  balance: number;
  recurringSchedule: {
    id: string;
    active: boolean;
    customAmount: number;
    padSchedule: boolean;
    paymentMethodId: string | null;
    paymentMethodType: string | null;
    startDate: string;
  } | null;
  recurringScheduleStatus: string | null;
  recurringScheduleUpcomingPayment: UpcomingPayment | null;
  recurringScheduleUpcomingPaymentDate: string | null;
  joins: {
    property?: PropertyJoin;
    company?: CompanyJoin;
    parentCompany?: CompanyJoin | null;
    customer?: { id: string; phone: string | null; email: string };
  };
}

export interface PaymentTransaction {
  id: string;
  userId: string;
  billingAccountId: string | null;
  propertyId: string | null;
  amount: number;
  currency: 'CAD' | 'USD';
  status: string;
  transactionType: string;
  source: string | null;
  paymentProviderId: string | null;
  createDate: string;
  confirmationId: string | null;
  paymentMethodType: string | null;
  paymentMethodId: string | null;
  cardBrand: string | null;
  last4: string | null;
  feeAmount: number;
  feeType: string | null;
  feePaidByCompany: boolean;
  charges: { code?: string; name: string; amount: number }[];
  note: string | null;
  hostedPaymentPageId: string | null;
  error: string | null;
  joins: { property?: PropertyJoin; company?: CompanyJoin };
}

export interface RecurringSchedule {
  id: string;
  billingAccountId: string;
  paymentMethodId: string | null;
  paymentMethodType: string | null;
  startDate: string;
  customAmount: number;
  padSchedule: boolean;
  active: boolean;
  charges: { code: string; name: string; amount: number }[];
  upcomingPayment: UpcomingPayment | null;
  joins: { property?: PropertyJoin };
}

export interface DocumentRecord {
  id: string;
  url: string;
  ownerType: 'TYPE_CUSTOMER' | 'TYPE_MANAGER' | 'TYPE_ADMIN';
  name: string;
  size: number;
  recordType: string;
  recordId: string;
  createDate: string;
}

export interface LeaseApplication {
  id: string;
  status: string;
  propertyId: string | null;
  companyId: string | null;
  pageName: string | null;
  existingTenant: boolean;
  acknowledgedTerms: boolean;
  phone: string | null;
  emergencyContact: { firstName?: string } | null;
  addresses: unknown[];
  otherOccupants: unknown[];
  employment: unknown | null;
  referenceList: unknown[];
  joins: {
    property?: PropertyJoin;
    lap?: {
      creditReportEnabled: boolean;
      backgroundCheckEnabled: boolean;
      identityVerificationEnabled: boolean;
      incomeVerificationEnabled: boolean;
      sections: Record<string, Record<string, boolean>>;
      applicationFeeAmount: number;
    };
  };
  [key: string]: unknown;
}
