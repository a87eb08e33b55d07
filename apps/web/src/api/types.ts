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
