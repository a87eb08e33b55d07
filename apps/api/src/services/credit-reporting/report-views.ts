// What people see of the monthly rent reporting (issue 22): the tenant, the months reported for their own subscription
// and the bureau's result; the admin, each month's Metro 2® file, its records and the bureau's answer.
import type { CreditReportMonth } from '@portal/domain/credit-report-shapes';
import { BASE_SEGMENT_FIELDS, readRecord, splitMetro2File } from '@portal/domain/metro2';
import type { CreditReportFileDetail, CreditReportFileRecord, CreditReportFileSummary } from '@portal/domain/metro2-shapes';
import { fromCents } from '@portal/domain/money';
import type { AppContext } from '../../context.ts';
import { rawOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Lang, localize } from '../../lib/i18n.ts';
import type { BureauAnswer } from '../../providers/bureau/bureau.ts';

type Ctx = Pick<AppContext, 'db'>;

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** The bureau's message in the caller's language (its texts are in the server catalogue, server.creditReports.bureau). */
const bureauMessage = (lang: Lang, message: unknown) => (message == null ? null : localize(lang, String(message)));

/** The months reported for the tenant's own subscription, newest first (another tenant's id answers 404). */
export async function listSubscriptionReports(
  ctx: Ctx,
  customerId: string,
  subscriptionId: string,
  lang: Lang = 'en',
): Promise<CreditReportMonth[]> {
  const raw = rawOf(ctx.db);
  const { rows: owned } = await raw(`SELECT 1 FROM credit_report_subscriptions WHERE id = $1 AND user_id = $2`, [
    subscriptionId,
    customerId,
  ]);
  if (owned.length === 0) throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.creditReports.subscriptionNotFound');
  const { rows } = await raw(
    `SELECT reported_month AS "reportedMonth", status, account_status AS "accountStatus", amount_reported AS "amount",
       scheduled_payment_cents AS "scheduled", result_code AS "resultCode", result_message AS "resultMessage"
     FROM credit_reports WHERE subscription_id = $1 ORDER BY reported_month DESC`,
    [subscriptionId],
  );
  return rows.map((r) => ({
    reportedMonth: String(r.reportedMonth),
    status: String(r.status) as CreditReportMonth['status'],
    accountStatus: (r.accountStatus as string | null) ?? null,
    amountReported: fromCents(Number(r.amount)),
    scheduledPayment: r.scheduled == null ? null : fromCents(Number(r.scheduled)),
    resultCode: (r.resultCode as string | null) ?? null,
    resultMessage: bureauMessage(lang, r.resultMessage),
  }));
}

function summaryOf(r: Record<string, unknown>): CreditReportFileSummary {
  const answer = r.bureauAnswer as BureauAnswer | null;
  return {
    id: String(r.id),
    period: String(r.period),
    recordCount: Number(r.recordCount),
    status: String(r.status) as CreditReportFileSummary['status'],
    fileStatus: answer?.fileStatus ?? null,
    acceptedCount: answer?.acceptedCount ?? 0,
    rejectedCount: answer?.rejectedCount ?? 0,
    createdAt: iso(r.createdAt) ?? '',
    answeredAt: iso(r.answeredAt),
  };
}

const FILE_COLUMNS = `id, period, record_count AS "recordCount", status, bureau_answer AS "bureauAnswer",
  created_at AS "createdAt", answered_at AS "answeredAt"`;

/** Every month's file, newest first. */
export async function listReportFiles(ctx: Ctx): Promise<CreditReportFileSummary[]> {
  const { rows } = await rawOf(ctx.db)(`SELECT ${FILE_COLUMNS} FROM credit_report_files ORDER BY period DESC`);
  return rows.map(summaryOf);
}

/** One file: its text, each Base Segment with the bureau's answer for it. */
export async function getReportFile(ctx: Ctx, fileId: string, lang: Lang = 'en'): Promise<CreditReportFileDetail> {
  const { rows } = await rawOf(ctx.db)(`SELECT ${FILE_COLUMNS}, content FROM credit_report_files WHERE id = $1`, [fileId]);
  const row = rows[0];
  if (!row) throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.creditReports.fileNotFound');
  const answer = row.bureauAnswer as BureauAnswer | null;
  const content = String(row.content);
  const results = new Map((answer?.records ?? []).map((r) => [r.sequence, r]));
  const records: CreditReportFileRecord[] = splitMetro2File(content)
    .slice(1, -1)
    .map((record, i) => {
      const f = readRecord(BASE_SEGMENT_FIELDS, record);
      const result = results.get(i + 1);
      return {
        sequence: i + 1,
        accountNumber: f.consumerAccountNumber.trim(),
        consumerName: `${f.firstName.trim()} ${f.surname.trim()}`.trim(),
        accountStatus: f.accountStatus,
        record,
        status: result?.status ?? 'SENT',
        resultCode: result?.code ?? null,
        resultMessage: bureauMessage(lang, result?.message),
      };
    });
  return {
    ...summaryOf(row),
    content,
    submissionId: answer?.submissionId ?? null,
    fileErrors: (answer?.fileErrors ?? []).map((e) => ({ code: e.code, message: localize(lang, e.message) })),
    records,
  };
}
