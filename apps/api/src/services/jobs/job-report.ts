// The job's report (issue 10): counts and ids per kind of work, for the CLI, the server's log and the benchmark.
export type JobLog = (msg: string, data?: object) => void;

export interface IdList {
  count: number;
  ids: string[];
}

export interface JobReport {
  now: string;
  runnerId: string;
  autopay: {
    /** recurring_payments ids paid on their date (COMPLETE, or PENDING for a bank debit still settling). */
    paid: IdList;
    /** Paid within the 3-day grace after a missed date (spec 2 §9). */
    paidLate: IdList;
    /** Declined or insufficient funds (transaction FAILED, schedule kept). */
    failed: IdList;
    /** Skipped, by reason (MISSED, METHOD_BLOCKED, NOTHING_DUE, BELOW_MINIMUM, SCHEDULE_INACTIVE, …). */
    skipped: Record<string, IdList>;
  };
  /** Issue 23: open charges posted (leases' recurring charges, late fees) and leases whose unapplied credit paid them. */
  charges: { posted: IdList; lateFees: IdList; creditsApplied: IdList };
  remindersQueued: IdList;
  instalments: { paid: IdList; failed: IdList };
  vouchersExpired: IdList;
  bankPaymentsSettled: IdList;
  /** Issue 11: screening and income-verification rows asked again, by result (answered PASS/FAIL/REVIEW, still PENDING, ERROR after the last attempt). */
  screenings: { answered: IdList; pending: IdList; errored: IdList };
  /** Issue 11: leases of approved applications made ACTIVE on their start date. */
  leasesActivated: IdList;
  /** Issue 22: credit-reporting subscriptions renewed (next year charged), suspended (refused), expired, first fees finished. */
  creditReporting: { renewed: IdList; suspended: IdList; expired: IdList; resumed: IdList };
  emails: { sent: number; failed: number };
  /** Issue 22: the month's rent reporting (a Metro 2 file per period, from the 2nd of the next month; once). */
  creditReports: CreditReportsRun;
  /** Steps that threw (the others still ran). */
  errors: { step: string; error: string }[];
  durationMs: number;
}

export interface CreditReportsRun {
  /** 'YYYY-MM' reported, null when the step did not run (the 1st of a month). */
  period: string | null;
  /** This run built the period's file (false: built before, or nobody to report). */
  built: boolean;
  /** This run delivered it and stored the bureau's answer. */
  delivered: boolean;
  records: number;
  accepted: number;
  rejected: number;
}

export function emptyIdList(): IdList {
  return { count: 0, ids: [] };
}

export function pushId(list: IdList, id: string): void {
  list.count += 1;
  // The ids are for reading: a bench run of 10,000 keeps the count exact and the list short.
  if (list.ids.length < 1000) list.ids.push(id);
}

export function emptyReport(now: Date, runnerId: string): JobReport {
  return {
    now: now.toISOString(),
    runnerId,
    autopay: { paid: emptyIdList(), paidLate: emptyIdList(), failed: emptyIdList(), skipped: {} },
    charges: { posted: emptyIdList(), lateFees: emptyIdList(), creditsApplied: emptyIdList() },
    remindersQueued: emptyIdList(),
    instalments: { paid: emptyIdList(), failed: emptyIdList() },
    vouchersExpired: emptyIdList(),
    bankPaymentsSettled: emptyIdList(),
    screenings: { answered: emptyIdList(), pending: emptyIdList(), errored: emptyIdList() },
    leasesActivated: emptyIdList(),
    creditReporting: { renewed: emptyIdList(), suspended: emptyIdList(), expired: emptyIdList(), resumed: emptyIdList() },
    emails: { sent: 0, failed: 0 },
    creditReports: { period: null, built: false, delivered: false, records: 0, accepted: 0, rejected: 0 },
    errors: [],
    durationMs: 0,
  };
}
