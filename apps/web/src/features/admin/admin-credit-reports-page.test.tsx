// issue 22: the admin's view of the monthly Metro 2 files: each month with its counts, one file's records with the
// bureau's answers (a rejection with its code and message) and the file's text.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import { AdminCreditReportsPage } from './admin-credit-reports-page';

vi.mock('../../lib/api-client', async (original) => (await import('../../test/api-client-mock')).mockApiClient(original));
const get = vi.mocked(api.get);

const summary = {
  id: 'f-10',
  period: '2026-10',
  recordCount: 2,
  status: 'ANSWERED',
  fileStatus: 'PARTIAL',
  acceptedCount: 1,
  rejectedCount: 1,
  createdAt: '2026-11-02T06:00:00.000Z',
  answeredAt: '2026-11-02T06:00:01.000Z',
};
const record = (sequence: number, name: string, status: string, code: string | null, message: string | null) => ({
  sequence,
  accountNumber: `RL${sequence}`,
  consumerName: name,
  accountStatus: '11',
  record: `0426${' '.repeat(422)}`,
  status,
  resultCode: code,
  resultMessage: message,
});
const detail = {
  ...summary,
  content: 'HEADER LINE\nBASE LINE\nTRAILER LINE',
  submissionId: 'SBX-ABC',
  fileErrors: [],
  records: [
    record(1, 'CAMILLE TREMBLAY', 'ACCEPTED', null, null),
    record(2, 'JORDAN REJECT', 'REJECTED', 'S01', 'Rejected by the sandbox bureau (test surname REJECT)'),
  ],
};

beforeEach(() => {
  get.mockReset();
  get.mockImplementation(
    async (path: string) => (path === '/admin/credit_report_files' ? { records: [summary] } : detail) as never,
  );
});

describe('AdminCreditReportsPage', () => {
  it("lists each month's file with its status and the bureau's counts", async () => {
    await renderWithProviders(<AdminCreditReportsPage />);
    const table = await screen.findByRole('table', { name: 'Monthly files sent to the bureau' });
    const row = within(table).getByRole('row', { name: /October 2026/ });
    expect(row).toHaveTextContent('Answered');
    expect(row).toHaveTextContent('Some records rejected');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['2', '1', '02-Nov-2026']));
  });

  it("opens one file: each record with the bureau's answer, the rejection's code and message, and the text", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<AdminCreditReportsPage />);
    await user.click(await screen.findByRole('button', { name: 'View the file of October 2026' }));
    expect(await screen.findByRole('heading', { name: 'File of October 2026' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/admin/credit_report_files/f-10');
    const records = screen.getByRole('table', { name: "Records of October 2026 and the bureau's answers" });
    const rejected = within(records).getByRole('row', { name: /JORDAN REJECT/ });
    expect(rejected).toHaveTextContent('Rejected');
    expect(rejected).toHaveTextContent('S01 — Rejected by the sandbox bureau (test surname REJECT)');
    expect(within(records).getByRole('row', { name: /CAMILLE TREMBLAY/ })).toHaveTextContent('Accepted');
    expect(screen.getByRole('region', { name: 'Metro 2 file of October 2026' })).toHaveTextContent('TRAILER LINE');
    await user.click(screen.getByRole('button', { name: 'Close the file' }));
    expect(screen.queryByRole('heading', { name: 'File of October 2026' })).not.toBeInTheDocument();
  });

  it('says when no file exists yet', async () => {
    get.mockResolvedValue({ records: [] } as never);
    await renderWithProviders(<AdminCreditReportsPage />);
    expect(await screen.findByText(/No file yet/)).toBeInTheDocument();
  });
});
