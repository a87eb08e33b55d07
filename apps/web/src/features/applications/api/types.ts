// docs/api-contract.md "Lease applications (issue 11)" and "Screenings (issue 11)": the records this screen reads.
import type { LeaseApplication } from '../../../api/types';

export type ScreeningType = 'CREDIT' | 'BASIC';
/** PENDING (asked, no answer yet), PASS, FAIL, REVIEW, ERROR. */
export type ScreeningStatus = string;

/** A custom field of the application page template (api/get-application-page.ts answers the template). */
export type { PageCustomField } from '../../../api/types';

/** The LeaseApplication of the contract: the dashboard's record plus what the application page shows. */
export type ApplicationRecord = Omit<
  LeaseApplication,
  | 'joins'
  | 'middleName'
  | 'birthDate'
  | 'sinLast3'
  | 'otherInfo'
  | 'customFields'
  | 'currentStep'
  | 'feeAmount'
  | 'feeTransactionId'
  | 'submittedAt'
  | 'decidedAt'
  | 'decisionComment'
  | 'leaseId'
  | 'updateDate'
> & {
  feeTransactionId?: string | null;
  middleName?: string | null;
  birthDate?: string | null;
  sinLast3?: string | null;
  otherInfo?: Record<string, unknown> | null;
  customFields?: Record<string, unknown> | null;
  verificationConsent?: boolean | null;
  currentStep?: string | null;
  progress?: number | null;
  applicationFeeAmount?: number | null;
  feeAmount?: number | null;
  submittedAt?: string | null;
  decidedAt?: string | null;
  decisionComment?: string | null;
  leaseId?: string | null;
  updateDate?: string | null;
  joins: LeaseApplication['joins'] & {
    screenings?: { id: string; type: ScreeningType; status: ScreeningStatus }[];
    incomeVerification?: { id: string; status: ScreeningStatus } | null;
  };
};

/** GET /screening/{applicationId}/details?type= */
export interface ScreeningDetails {
  id: string;
  applicationId: string;
  type: ScreeningType;
  status: ScreeningStatus;
  requestId: string | null;
  screenResult: {
    creditScore?: number | null;
    lateRentPotential?: unknown;
    criminalScan?: unknown;
    damageToProperty?: unknown;
    evictionPotential?: unknown;
    fraudScan?: unknown;
    globalClearanceScan?: unknown;
    globalSanctionsScan?: unknown;
    knownAffiliationsScan?: unknown;
    otherScan?: unknown;
    publicSafetyScan?: unknown;
    sexOffenderScan?: unknown;
  } | null;
  completedAt: string | null;
}

/** POST /INCOME_VERIFICATION/search records. */
export interface IncomeVerification {
  id: string;
  applicationId: string;
  status: ScreeningStatus;
  currentBalance: number | null;
  monthlyPayrollIncome: number | null;
  monthlyIncome: number | null;
  monthlyIncomeTransfers: number | null;
  overdraftDays: number | null;
  nsf: number | null;
  debtTransactionsCount: number | null;
  /** /api/income_verification/{id}/report */
  pdfUrl: string | null;
}
