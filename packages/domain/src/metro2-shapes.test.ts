import { describe, expect, it } from 'vitest';
import { creditReportFileDetailSchema, creditReportFileListSchema } from './metro2-shapes.ts';

describe('the admin shapes of the Metro 2 files', () => {
  const summary = {
    id: 'f1',
    period: '2026-10',
    recordCount: 1,
    status: 'ANSWERED',
    fileStatus: 'ACCEPTED',
    acceptedCount: 1,
    rejectedCount: 0,
    createdAt: '2026-11-02T06:00:00.000Z',
    answeredAt: '2026-11-02T06:00:01.000Z',
  };

  it('a list row and a file with its records', () => {
    expect(creditReportFileListSchema.parse({ records: [summary] }).records[0].period).toBe('2026-10');
    const detail = creditReportFileDetailSchema.parse({
      ...summary,
      content: 'HEADER…',
      submissionId: 'SBX-1',
      fileErrors: [],
      records: [
        {
          sequence: 1,
          accountNumber: 'RL1',
          consumerName: 'CAMILLE TREMBLAY',
          accountStatus: '11',
          record: '0426…',
          status: 'ACCEPTED',
          resultCode: null,
          resultMessage: null,
        },
      ],
    });
    expect(detail.records).toHaveLength(1);
  });

  it('refuses an unknown file status', () => {
    expect(creditReportFileListSchema.safeParse({ records: [{ ...summary, status: 'LOST' }] }).success).toBe(false);
  });
});
