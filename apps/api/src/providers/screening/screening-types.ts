// The screening provider's contract (issue 11), apart from the sandbox so that the report renderer can use it.
export type ScreeningType = 'CREDIT' | 'BASIC';
/** PENDING: asked, no answer yet (ask again later with the same key). */
export type ScreeningStatus = 'PENDING' | 'PASS' | 'FAIL' | 'REVIEW';
export type Potential = 'LOW' | 'MEDIUM' | 'HIGH';
export type ScanResult = 'CLEAR' | 'REVIEW' | 'RECORDS_FOUND';
export type ReportLang = 'en' | 'fr';

/** spec 2 §3 Screening detail screenResult. */
export interface ScreenResult {
  /** 300–900 on a credit check, null on a background check. */
  creditScore: number | null;
  lateRentPotential: Potential;
  criminalScan: ScanResult;
  damageToProperty: Potential;
  evictionPotential: Potential;
  fraudScan: ScanResult;
  globalClearanceScan: ScanResult;
  globalSanctionsScan: ScanResult;
  knownAffiliationsScan: ScanResult;
  otherScan: ScanResult;
  publicSafetyScan: ScanResult;
  sexOffenderScan: ScanResult;
}

export interface ScreeningApplicant {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  birthDate: string | null;
  email: string | null;
  addresses: { street1?: string | null; city?: string | null; province?: string | null; postalCode?: string | null }[];
  /** The report's language (the applicant's). */
  lang: ReportLang;
}

export interface ScreeningRequest {
  type: ScreeningType;
  /** Idempotency: the same key always gets the same answer. */
  requestKey: string;
  applicant: ScreeningApplicant;
}

export interface ScreeningAnswer {
  requestId: string;
  status: ScreeningStatus;
  /** null while PENDING. */
  screenResult: ScreenResult | null;
  /** The report (PDF); null while PENDING. */
  reportPdf: Buffer | null;
}

/** spec 2 §3 Income verification report; amounts in cents. */
export interface IncomeReport {
  currentBalance: number;
  monthlyPayrollIncome: number;
  monthlyIncome: number;
  monthlyIncomeTransfers: number;
  overdraftDays: number;
  nsf: number;
  debtTransactionsCount: number;
}

export interface IncomeRequest {
  requestKey: string;
  applicant: ScreeningApplicant;
  /** What the applicant declared (salary + other income), in cents, or null. */
  declaredMonthlyIncome: number | null;
  /** The amounts' currency (the property's country). */
  currency: 'CAD' | 'USD';
}

export interface IncomeAnswer {
  requestId: string;
  status: ScreeningStatus;
  report: IncomeReport | null;
  reportPdf: Buffer | null;
}

/** The provider could not answer now (outage, timeout): ask again later with the same key. */
export class ScreeningProviderError extends Error {
  readonly transient = true;
  constructor(message: string) {
    super(message);
    this.name = 'ScreeningProviderError';
  }
}

export interface ScreeningProvider {
  screen(request: ScreeningRequest): Promise<ScreeningAnswer>;
  verifyIncome(request: IncomeRequest): Promise<IncomeAnswer>;
}

/** The sandbox's outcome for a surname (case-insensitive, first match): Error, Slow, Fail, Review, else Pass. */
