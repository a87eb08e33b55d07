import { type MessageKey, MSG } from './message-keys.ts';

// Lease application rules of spec 2 §4.

// spec 2 §3: template sections with per-field booleans
export const APPLICATION_TEMPLATE_SECTIONS = ['3', '5', '6', '7', '8'] as const;

export interface ApplicationTemplate {
  /** Sections keyed '3','5','6','7','8' (or 'section3' …), each a map of field → shown flag. */
  sections?: Record<string, Record<string, unknown> | null | undefined> | null;
  applicationFeeAmount?: number | string | null;
}

export interface ApplicationFlags {
  identityVerificationEnabled?: boolean | null;
  incomeVerificationEnabled?: boolean | null;
}

export interface ApplicationProgressInput {
  /** Applicant is an existing tenant (their section is not counted). */
  existingTenant?: boolean;
  template?: ApplicationTemplate | null;
  flags?: ApplicationFlags | null;
  application: {
    acknowledgedTerms?: unknown;
    propertyId?: unknown;
    phone?: unknown;
    emergencyContact?: { firstName?: unknown } | null;
    addresses?: readonly unknown[] | null;
    otherOccupants?: readonly unknown[] | null;
    employment?: unknown;
    referenceList?: readonly unknown[] | null;
    /** "a joined record" (e.g. the screening or verification joined to the application). */
    joins?: unknown;
  };
}

const present = (v: unknown): boolean => {
  if (v == null || v === false || v === '' || v === 'NO' || v === 'no') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v as object).length > 0;
  return true;
};

function sectionHasTrueField(template: ApplicationTemplate | null | undefined, section: string): boolean {
  const s = template?.sections?.[section] ?? template?.sections?.[`section${section}`];
  return !!s && Object.values(s).some((v) => v === true);
}

// spec 2 §4: total sections = 3 + 1 (not existing tenant) + template sections with a true field + fee > 0 + identity&income
export function applicationTotalSections(input: Omit<ApplicationProgressInput, 'application'>): number {
  let total = 3;
  if (!input.existingTenant) total += 1;
  for (const s of APPLICATION_TEMPLATE_SECTIONS) if (sectionHasTrueField(input.template, s)) total += 1;
  if (Number(input.template?.applicationFeeAmount ?? 0) > 0) total += 1;
  if (input.flags?.identityVerificationEnabled && input.flags?.incomeVerificationEnabled) total += 1;
  return total;
}

// spec 2 §4: completed sections: terms, property, phone, emergency first name, first address, first occupant, employment, first reference, joined record
export function applicationCompletedSections(application: ApplicationProgressInput['application']): number {
  return [
    present(application.acknowledgedTerms),
    present(application.propertyId),
    present(application.phone),
    present(application.emergencyContact?.firstName),
    present(application.addresses?.[0]),
    present(application.otherOccupants?.[0]),
    present(application.employment),
    present(application.referenceList?.[0]),
    present(application.joins),
  ].filter(Boolean).length;
}

// spec 2 §4: progress percent = completed / total, rounded (capped at 100)
export function applicationProgressPercent(input: ApplicationProgressInput): number {
  const total = applicationTotalSections(input);
  const done = applicationCompletedSections(input.application);
  return Math.min(100, Math.round((done / total) * 100));
}

// spec 2 §4: PENDING shows as SUBMITTED; special characters become spaces
export function applicationStatusText(status: string | null | undefined): string {
  if (status === 'PENDING') return 'SUBMITTED';
  return (status ?? '').replace(/[^A-Za-z0-9]+/g, ' ').trim();
}

const APPLICATION_STATUS_KEYS: Record<string, MessageKey> = {
  NOT_STARTED: MSG.applicationStatusNotStarted,
  IN_PROGRESS: MSG.applicationStatusInProgress,
  PENDING: MSG.applicationStatusSubmitted,
  APPROVED: MSG.applicationStatusApproved,
  DECLINED: MSG.applicationStatusDeclined,
  CANCELLED: MSG.applicationStatusCancelled,
};

// spec 2 §4: translated status (null → show applicationStatusText)
export function applicationStatusKey(status: string | null | undefined): MessageKey | null {
  return APPLICATION_STATUS_KEYS[status ?? ''] ?? null;
}

// spec 1 §2 / spec 2 §4: Resume for IN_PROGRESS or NOT_STARTED, otherwise View
export function applicationAction(status: string | null | undefined): 'resume' | 'view' {
  return status === 'IN_PROGRESS' || status === 'NOT_STARTED' ? 'resume' : 'view';
}

// spec 2 §2: report columns appear once the status is neither NOT_STARTED nor IN_PROGRESS
export function showApplicationReportColumns(status: string | null | undefined): boolean {
  return applicationAction(status) === 'view';
}

// spec 2 §4 opened the report modals on PASS only; issue 21 §1: every answered screening has a report (GET reports
// answers PASS, FAIL and REVIEW alike, 404 otherwise), and a Review or Fail is the one a tenant most needs to read.
export const SCREENING_REPORT_STATUSES: ReadonlySet<string> = new Set(['PASS', 'FAIL', 'REVIEW']);
export function canOpenScreeningReport(screeningStatus: string | null | undefined): boolean {
  return SCREENING_REPORT_STATUSES.has(screeningStatus ?? '');
}

// spec 2 §4: payment setup is refused while the lease application is pending
export function isPaymentSetupRefused(applicationStatus: string | null | undefined): boolean {
  return applicationStatus === 'PENDING';
}

// spec 2 §4: the initial application fetch waits 500 ms
export { INITIAL_APPLICATION_FETCH_DELAY_MS } from './application-fetch-delay.ts';

// spec 2 §2: the application flow redirects to /apply/{signupPage}?applicationId={id}
export function applicationResumeUrl(signupPage: string, applicationId: string): string {
  return `/apply/${encodeURIComponent(signupPage)}?applicationId=${encodeURIComponent(applicationId)}`;
}

/** How an application's status reads at a glance: refused ones (declined, cancelled) apart from the rest. */
export function applicationStatusTone(status: string | null | undefined): 'open' | 'positive' | 'negative' {
  if (status === 'DECLINED' || status === 'CANCELLED') return 'negative';
  return applicationAction(status) === 'resume' ? 'open' : 'positive';
}

/** An application record as the API answers it (the LeaseApplication of the contract, or a search record). */
export interface ApplicationRecordLike extends Omit<ApplicationProgressInput['application'], 'joins'> {
  /** The server's percent (GET /lease_application…), made by this same rule; searches do not carry it. */
  progress?: number | null;
  status?: string | null;
  existingTenant?: boolean;
  joins?: {
    lap?:
      | (ApplicationTemplate &
          ApplicationFlags & { creditReportEnabled?: boolean | null; backgroundCheckEnabled?: boolean | null })
      | null;
    screenings?: readonly unknown[] | null;
    incomeVerification?: unknown;
  } | null;
}

const NOT_SUBMITTED = new Set(['NOT_STARTED', 'IN_PROGRESS']);

/**
 * spec 2 §4 "a joined record": a screening or an income verification joined to the application. The server starts
 * one at submit for each kind the page enables (start-screenings.ts), so a submitted application of such a page counts
 * it whether or not the answer carries the screenings join (a search record does not): issue 21 §1, one figure.
 */
export function applicationHasJoinedRecord(record: Pick<ApplicationRecordLike, 'status' | 'joins'>): boolean {
  const joins = record.joins;
  if ((joins?.screenings?.length ?? 0) > 0 || joins?.incomeVerification) return true;
  const lap = joins?.lap;
  const screened = !!(lap?.creditReportEnabled || lap?.backgroundCheckEnabled || lap?.incomeVerificationEnabled);
  return screened && record.status != null && !NOT_SUBMITTED.has(record.status);
}

/**
 * spec 2 §4 progress of an application record, the one figure of the dashboard card, the Applications page, the form
 * and the server's `progress` (issue 21 §1): the formula over the record's answers, the page template from its `lap`
 * join and applicationHasJoinedRecord. Computed here from the record (not read from `progress`), so an answer without
 * it (a search) reads the same figure.
 */
export function applicationRecordProgress(record: ApplicationRecordLike): number {
  const lap = record.joins?.lap;
  return applicationProgressPercent({
    existingTenant: record.existingTenant,
    template: lap ? { sections: lap.sections, applicationFeeAmount: lap.applicationFeeAmount } : null,
    flags: lap
      ? { identityVerificationEnabled: lap.identityVerificationEnabled, incomeVerificationEnabled: lap.incomeVerificationEnabled }
      : null,
    application: {
      acknowledgedTerms: record.acknowledgedTerms,
      propertyId: record.propertyId,
      phone: record.phone,
      emergencyContact: record.emergencyContact,
      addresses: record.addresses,
      otherOccupants: record.otherOccupants,
      employment: record.employment,
      referenceList: record.referenceList,
      joins: applicationHasJoinedRecord(record) ? 1 : undefined,
    },
  });
}

/** spec 2 §3 Screening detail: the scans of a screenResult (besides creditScore and lateRentPotential), in its order. */
export const SCREEN_RESULT_SCANS = [
  'criminalScan',
  'damageToProperty',
  'evictionPotential',
  'fraudScan',
  'globalClearanceScan',
  'globalSanctionsScan',
  'knownAffiliationsScan',
  'otherScan',
  'publicSafetyScan',
  'sexOffenderScan',
] as const;
