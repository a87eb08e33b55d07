// What the application page shows per application: status text, progress, and the three report cells.
import {
  applicationRecordProgress,
  applicationStatusKey,
  applicationStatusText,
  canOpenScreeningReport,
  showApplicationReportColumns,
} from '@portal/domain/applications';
import type { ApplicationRecord } from '../api/types';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type ReportKind = 'credit' | 'background' | 'income';
export const REPORT_KINDS: ReportKind[] = ['credit', 'background', 'income'];

/** spec 2 §4: PENDING reads SUBMITTED; other codes with special characters as spaces. */
export function statusLabel(status: string | null | undefined, t: Translate): string {
  const key = applicationStatusKey(status);
  return key ? t(key) : applicationStatusText(status);
}

/** spec 2 §4 progress of a record (the domain's rule: the server's percent, else the formula). */
export const applicationProgress = applicationRecordProgress;

export type ReportCell =
  /** the column does not apply to this row yet (NOT_STARTED / IN_PROGRESS) */
  | { kind: 'hidden' }
  /** spec 2 §2: the page's flag is off */
  | { kind: 'na' }
  /** enabled but no screening record */
  | { kind: 'none' }
  | { kind: 'status'; status: string; canOpen: boolean };

/** spec 2 §2 / §4: report columns once submitted, NA when the page's flag is off, the modal once answered (issue 21 §1). */
export function reportCell(application: ApplicationRecord, report: ReportKind): ReportCell {
  if (!showApplicationReportColumns(application.status)) return { kind: 'hidden' };
  const lap = application.joins.lap;
  const enabled =
    report === 'credit'
      ? lap?.creditReportEnabled
      : report === 'background'
        ? lap?.backgroundCheckEnabled
        : lap?.incomeVerificationEnabled;
  if (!enabled) return { kind: 'na' };
  const status =
    report === 'income'
      ? application.joins.incomeVerification?.status
      : application.joins.screenings?.find((s) => s.type === (report === 'credit' ? 'CREDIT' : 'BASIC'))?.status;
  if (!status) return { kind: 'none' };
  return { kind: 'status', status, canOpen: canOpenScreeningReport(status) };
}
