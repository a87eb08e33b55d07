// The tenant-screening provider (issue 11; spec 2 §3 "Screening detail", "Income verification report"): a credit check
// (CREDIT), a background check (BASIC) and an income verification, each answered with a report PDF. The sandbox is
// offline and deterministic: the outcome follows the applicant's surname (docs/sandbox-providers.md "Screening"), and
// one request key always gets one answer (a retry after a lost reply is safe).
import { createHash } from 'node:crypto';
import { renderIncomePdf, renderScreeningPdf } from './report-pdf.ts';
import {
  type IncomeAnswer,
  type IncomeReport,
  type IncomeRequest,
  type ScreeningAnswer,
  type ScreeningApplicant,
  type ScreeningProvider,
  ScreeningProviderError,
  type ScreeningType,
  type ScreenResult,
} from './screening-types.ts';

export type {
  IncomeAnswer,
  IncomeReport,
  IncomeRequest,
  Potential,
  ReportLang,
  ScanResult,
  ScreeningAnswer,
  ScreeningApplicant,
  ScreeningProvider,
  ScreeningRequest,
  ScreeningStatus,
  ScreeningType,
  ScreenResult,
} from './screening-types.ts';
export { ScreeningProviderError } from './screening-types.ts';

export type SandboxScenario = 'ERROR' | 'SLOW' | 'FAIL' | 'REVIEW' | 'PASS';

export function sandboxScenario(lastName: string): SandboxScenario {
  const name = lastName.toLowerCase();
  if (name.includes('error')) return 'ERROR';
  if (name.includes('slow')) return 'SLOW';
  if (name.includes('fail')) return 'FAIL';
  if (name.includes('review')) return 'REVIEW';
  return 'PASS';
}

/** The final outcome once a Slow applicant is answered (Slow + Fail in one surname fails). */
function finalOutcome(lastName: string): 'PASS' | 'FAIL' | 'REVIEW' {
  const name = lastName.toLowerCase();
  if (name.includes('fail')) return 'FAIL';
  if (name.includes('review')) return 'REVIEW';
  return 'PASS';
}

const hashOf = (text: string) => createHash('sha256').update(text).digest();

/** A passing score in 700–850, stable for one name. */
export function sandboxPassScore(firstName: string, lastName: string): number {
  const h = hashOf(`${firstName.trim().toLowerCase()}|${lastName.trim().toLowerCase()}`);
  return 700 + (h.readUInt16BE(0) % 151);
}

export const SANDBOX_FAIL_SCORE = 480;
export const SANDBOX_REVIEW_SCORE = 640;

function screenResultFor(type: ScreeningType, outcome: 'PASS' | 'FAIL' | 'REVIEW', applicant: ScreeningApplicant) {
  const clear: ScreenResult = {
    creditScore: null,
    lateRentPotential: 'LOW',
    criminalScan: 'CLEAR',
    damageToProperty: 'LOW',
    evictionPotential: 'LOW',
    fraudScan: 'CLEAR',
    globalClearanceScan: 'CLEAR',
    globalSanctionsScan: 'CLEAR',
    knownAffiliationsScan: 'CLEAR',
    otherScan: 'CLEAR',
    publicSafetyScan: 'CLEAR',
    sexOffenderScan: 'CLEAR',
  };
  const result: ScreenResult =
    outcome === 'FAIL'
      ? {
          ...clear,
          creditScore: SANDBOX_FAIL_SCORE,
          lateRentPotential: 'HIGH',
          damageToProperty: 'MEDIUM',
          evictionPotential: 'HIGH',
          criminalScan: 'RECORDS_FOUND',
          fraudScan: 'REVIEW',
        }
      : outcome === 'REVIEW'
        ? {
            ...clear,
            creditScore: SANDBOX_REVIEW_SCORE,
            lateRentPotential: 'MEDIUM',
            evictionPotential: 'MEDIUM',
            otherScan: 'REVIEW',
          }
        : { ...clear, creditScore: sandboxPassScore(applicant.firstName, applicant.lastName) };
  if (type === 'BASIC') result.creditScore = null;
  return result;
}

function incomeReportFor(outcome: 'PASS' | 'FAIL' | 'REVIEW', request: IncomeRequest): IncomeReport {
  const { firstName, lastName } = request.applicant;
  const h = hashOf(`income|${firstName.trim().toLowerCase()}|${lastName.trim().toLowerCase()}`);
  // Declared income when given, else 4,000.00–7,999.00 from the name.
  const declared =
    request.declaredMonthlyIncome && request.declaredMonthlyIncome > 0
      ? request.declaredMonthlyIncome
      : (4_000 + (h.readUInt16BE(0) % 4_000)) * 100;
  if (outcome === 'FAIL') {
    const monthlyIncome = Math.round(declared * 0.4);
    return {
      currentBalance: 8_500,
      monthlyPayrollIncome: Math.round(monthlyIncome * 0.5),
      monthlyIncome,
      monthlyIncomeTransfers: monthlyIncome - Math.round(monthlyIncome * 0.5),
      overdraftDays: 12,
      nsf: 3,
      debtTransactionsCount: 14,
    };
  }
  if (outcome === 'REVIEW') {
    const monthlyIncome = Math.round(declared * 0.8);
    return {
      currentBalance: Math.round(monthlyIncome * 0.6),
      monthlyPayrollIncome: Math.round(monthlyIncome * 0.75),
      monthlyIncome,
      monthlyIncomeTransfers: monthlyIncome - Math.round(monthlyIncome * 0.75),
      overdraftDays: 3,
      nsf: 1,
      debtTransactionsCount: 6,
    };
  }
  return {
    currentBalance: Math.round(declared * 2.5),
    monthlyPayrollIncome: Math.round(declared * 0.9),
    monthlyIncome: declared,
    monthlyIncomeTransfers: declared - Math.round(declared * 0.9),
    overdraftDays: 0,
    nsf: 0,
    debtTransactionsCount: 2 + (h[2] % 3),
  };
}

export interface SandboxScreeningOptions {
  secret: string;
  now: () => Date;
}

export function createSandboxScreening(opts: SandboxScreeningOptions): ScreeningProvider {
  // The provider's own books: one answer per request key, and how often a Slow request was asked.
  const screenings = new Map<string, ScreeningAnswer>();
  const incomes = new Map<string, IncomeAnswer>();
  const asked = new Map<string, number>();
  const requestId = (prefix: string, key: string) =>
    `${prefix}${hashOf(`${opts.secret}|${prefix}|${key}`).toString('hex').slice(0, 16).toUpperCase()}`;

  /** Error → throws; Slow → PENDING on the first call of a key; else null (answer now). */
  function gate(kind: string, key: string, lastName: string, id: string): { requestId: string; pending: true } | null {
    const scenario = sandboxScenario(lastName);
    if (scenario === 'ERROR') throw new ScreeningProviderError('sandbox: screening service unavailable (surname Error)');
    if (scenario === 'SLOW') {
      const n = (asked.get(`${kind}|${key}`) ?? 0) + 1;
      asked.set(`${kind}|${key}`, n);
      if (n === 1) return { requestId: id, pending: true };
    }
    return null;
  }

  return {
    async screen(request) {
      const mapKey = `${request.type}|${request.requestKey}`;
      const known = screenings.get(mapKey);
      if (known) return known;
      const id = requestId(request.type === 'CREDIT' ? 'CR-SBX-' : 'BG-SBX-', request.requestKey);
      if (gate('screen', mapKey, request.applicant.lastName, id)) {
        return { requestId: id, status: 'PENDING', screenResult: null, reportPdf: null };
      }
      const outcome = finalOutcome(request.applicant.lastName);
      const screenResult = screenResultFor(request.type, outcome, request.applicant);
      const answer: ScreeningAnswer = {
        requestId: id,
        status: outcome,
        screenResult,
        reportPdf: renderScreeningPdf({
          type: request.type,
          requestId: id,
          status: outcome,
          result: screenResult,
          applicant: request.applicant,
          issuedAt: opts.now(),
        }),
      };
      screenings.set(mapKey, answer);
      return answer;
    },

    async verifyIncome(request) {
      const known = incomes.get(request.requestKey);
      if (known) return known;
      const id = requestId('IV-SBX-', request.requestKey);
      if (gate('income', request.requestKey, request.applicant.lastName, id)) {
        return { requestId: id, status: 'PENDING', report: null, reportPdf: null };
      }
      const outcome = finalOutcome(request.applicant.lastName);
      const report = incomeReportFor(outcome, request);
      const answer: IncomeAnswer = {
        requestId: id,
        status: outcome,
        report,
        reportPdf: renderIncomePdf({
          requestId: id,
          status: outcome,
          report,
          applicant: request.applicant,
          currency: request.currency,
          issuedAt: opts.now(),
        }),
      };
      incomes.set(request.requestKey, answer);
      return answer;
    },
  };
}
