// The admin's view of the monthly Metro 2® files and the bureau's answers (issue 22: "an admin sees each month's file
// and its answer"), shared by the API and the admin screen (type-only on the web).
import { z } from 'zod';

export const CREDIT_REPORT_FILE_STATUSES = ['BUILT', 'DELIVERED', 'ANSWERED'] as const;

/** GET /admin/credit_report_files: one row per period, newest first. */
export const creditReportFileSummarySchema = z.object({
  id: z.string(),
  /** 'YYYY-MM' */
  period: z.string(),
  recordCount: z.number().int().nonnegative(),
  status: z.enum(CREDIT_REPORT_FILE_STATUSES),
  /** ACCEPTED | PARTIAL | REJECTED once answered, else null. */
  fileStatus: z.string().nullable(),
  acceptedCount: z.number().int().nonnegative(),
  rejectedCount: z.number().int().nonnegative(),
  /** ISO instants. */
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type CreditReportFileSummary = z.infer<typeof creditReportFileSummarySchema>;

export const creditReportFileListSchema = z.object({ records: z.array(creditReportFileSummarySchema) });

/** One Base Segment of a file with what the bureau answered for it. */
export const creditReportFileRecordSchema = z.object({
  /** 1-based position among the file's Base Segments. */
  sequence: z.number().int().positive(),
  accountNumber: z.string(),
  /** The tenant's name as reported. */
  consumerName: z.string(),
  accountStatus: z.string(),
  /** The 426-character record. */
  record: z.string(),
  status: z.enum(['SENT', 'ACCEPTED', 'REJECTED']),
  resultCode: z.string().nullable(),
  resultMessage: z.string().nullable(),
});
export type CreditReportFileRecord = z.infer<typeof creditReportFileRecordSchema>;

/** GET /admin/credit_report_files/{id}: the file's text and the bureau's answer. */
export const creditReportFileDetailSchema = creditReportFileSummarySchema.extend({
  /** The whole file: header, Base Segments, trailer, one 426-character record per line. */
  content: z.string(),
  submissionId: z.string().nullable(),
  fileErrors: z.array(z.object({ code: z.string(), message: z.string() })),
  records: z.array(creditReportFileRecordSchema),
});
export type CreditReportFileDetail = z.infer<typeof creditReportFileDetailSchema>;
