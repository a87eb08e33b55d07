// Shapes of the API answers: the zod contracts of packages/domain (api-shapes.ts), as types only, so no zod reaches
// the browser bundles. The API's tests hold the server to the same schemas. Amounts are decimals (dollars).
import type { Customer } from '@portal/domain/api-shapes';

export type {
  ChargeLine,
  CompanyJoin,
  Customer,
  DocumentRecord,
  LeaseApplication,
  OpenCharge,
  PaymentTransaction,
  PropertyJoin,
  PropertyLease,
  RecurringSchedule,
  UpcomingPayment,
} from '@portal/domain/api-shapes';
export type { YesNo } from '@portal/domain/entities';

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

export type CustomFieldType = 'TEXT' | 'NUMBER' | 'YES_NO' | 'DATE';

/** A custom field of the application page template, with its label in each language. */
export interface PageCustomField {
  id: string;
  label: { en: string; fr: string };
  type: CustomFieldType;
  required: boolean;
  maxLength?: number;
}

/** spec 2 §7 GET /lease_application_page/name/{name}: the application page template. */
export interface ApplicationPage {
  id: string;
  name: string;
  companyId: string;
  companyName: string;
  country: string;
  sections: Record<string, Record<string, boolean> | null | undefined>;
  customFields: PageCustomField[];
  /** Dollars. */
  applicationFeeAmount: number;
  creditReportEnabled: boolean;
  backgroundCheckEnabled: boolean;
  identityVerificationEnabled: boolean;
  incomeVerificationEnabled: boolean;
}
