// spec 2 §2 "Application page", §4 "Applications", §8 (missing report, delete errors): the table rules, the report
// modals of every answered screening (issue 21 §1), the missing-report alert, the delete confirmation and the empty
// state (the nav item's condition: app/shell/nav-config.test.ts).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, search } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import { signInTenantForEachTest } from '../../test/session';
import type { ApplicationRecord } from './api/types';
import { ApplicationPage } from './application-page';
import { applicationRecord } from './test/fixtures';

vi.mock('../../lib/api-client', async (original) => (await import('../../test/api-client-mock')).mockApiClient(original));

const CUSTOMER = 'c0000000-0000-4000-8000-000000000001';
signInTenantForEachTest(CUSTOMER);

const get = vi.mocked(api.get);
const del = vi.mocked(api.delete);
const searchMock = vi.mocked(search);

let records: ApplicationRecord[] = [];
beforeEach(() => {
  records = [applicationRecord()];
  get.mockReset();
  del.mockReset();
  searchMock.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === `/lease_application/customer/${CUSTOMER}`) return { records };
    throw new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'not found');
  });
});

async function renderPage(lang: 'en' | 'fr' = 'en') {
  await renderWithProviders(<ApplicationPage />, { lang, withToasts: true });
  return screen.findByTestId('applications-table', {}, { timeout: 10_000 });
}

describe('ApplicationPage', () => {
  it('waits 500 ms before fetching, then lists the applications with status, progress and submitted date', async () => {
    await renderWithProviders(<ApplicationPage />);
    expect(screen.getByTestId('applications-loading')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
    const table = await screen.findByTestId('applications-table', {}, { timeout: 10_000 });
    expect(get).toHaveBeenCalledWith(`/lease_application/customer/${CUSTOMER}`);
    const row = within(table).getAllByTestId('application-row')[0];
    expect(row).toHaveTextContent('Harbourview Residences');
    expect(row).toHaveTextContent('1250 Granville Street');
    // spec 2 §4: PENDING shows SUBMITTED
    expect(within(row).getByTestId('application-status')).toHaveTextContent('SUBMITTED');
    // issue 21 §1: the record's figure by the domain's one rule (7 of 8 sections), not the fixture's `progress: 90`
    expect(row).toHaveTextContent('88%');
    expect(row).toHaveTextContent('20-Nov-2026');
  });

  it('hides the report columns while every application is NOT_STARTED or IN_PROGRESS, and offers Resume', async () => {
    records = [
      applicationRecord({ id: 'a1', status: 'NOT_STARTED', submittedAt: null }),
      applicationRecord({ id: 'a2', status: 'IN_PROGRESS', submittedAt: null }),
    ];
    const table = await renderPage();
    expect(within(table).queryByRole('columnheader', { name: 'Credit' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Income' })).not.toBeInTheDocument();
    const resume = within(table).getAllByRole('link', { name: 'Resume the application for Harbourview Residences' });
    expect(resume[0]).toHaveAttribute('href', '/apply/harbourview?applicationId=a1');
    expect(resume).toHaveLength(2);
  });

  it('shows the report columns once submitted: NA where the flag is off, the status, View on every answered one', async () => {
    records = [
      applicationRecord(
        { id: 'a1' },
        {
          lap: {
            creditReportEnabled: true,
            backgroundCheckEnabled: true,
            identityVerificationEnabled: false,
            incomeVerificationEnabled: false,
            sections: {},
            applicationFeeAmount: 0,
          },
          incomeVerification: null,
        },
      ),
      applicationRecord({ id: 'a2', status: 'IN_PROGRESS' }),
      applicationRecord(
        { id: 'a3' },
        {
          screenings: [
            { id: 's3', type: 'CREDIT', status: 'FAIL' },
            { id: 's4', type: 'BASIC', status: 'PENDING' },
          ],
        },
      ),
    ];
    const table = await renderPage();
    for (const name of ['Credit', 'Background', 'Income'])
      expect(within(table).getByRole('columnheader', { name })).toBeInTheDocument();
    const [submitted, draft, failed] = within(table).getAllByTestId('application-row');
    expect(within(submitted).getByTestId('report-credit')).toHaveTextContent('Pass');
    expect(
      within(submitted).getByRole('button', { name: 'View the credit report for Harbourview Residences' }),
    ).toBeInTheDocument();
    // issue 21 §1: REVIEW and FAIL have their report too (the server answers it); PENDING has none yet
    expect(within(submitted).getByTestId('report-background')).toHaveTextContent('Review');
    expect(
      within(submitted).getByRole('button', { name: 'View the background report for Harbourview Residences' }),
    ).toBeInTheDocument();
    expect(within(failed).getByTestId('report-credit')).toHaveTextContent('Fail');
    expect(within(failed).getByRole('button', { name: /View the credit report/ })).toBeInTheDocument();
    expect(within(failed).queryByRole('button', { name: /View the background report/ })).not.toBeInTheDocument();
    expect(within(submitted).getByTestId('report-income')).toHaveTextContent('NA');
    // the in-progress row has no report cells filled and no Resume for the submitted one
    expect(within(draft).queryByTestId('report-credit')).not.toBeInTheDocument();
    expect(within(submitted).queryByRole('link', { name: /Resume/ })).not.toBeInTheDocument();
  });

  it('opens the credit report on PASS: score, grade and the download', async () => {
    get.mockImplementation(async (path: string) => {
      if (path.startsWith('/lease_application/customer/')) return { records };
      if (path === '/screening/app-1/details')
        return {
          id: 's1',
          applicationId: 'app-1',
          type: 'CREDIT',
          status: 'PASS',
          requestId: 'REQ-1',
          screenResult: { creditScore: 752, lateRentPotential: 'LOW' },
          completedAt: '2026-11-21T10:00:00.000Z',
        };
      throw new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'not found');
    });
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'View the credit report for Harbourview Residences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit report' });
    expect(await within(dialog).findByTestId('credit-score')).toHaveTextContent('752');
    // spec 2 §4: 750 and above: A
    expect(within(dialog).getByTestId('credit-grade')).toHaveTextContent(/^A$/);
    expect(dialog).toHaveTextContent('Low');
    expect(within(dialog).getByRole('button', { name: 'Download report' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/screening/app-1/details', { query: { type: 'CREDIT' } });
  });

  it('shows the no-credit-score text when the report has no score', async () => {
    get.mockImplementation(async (path: string) => {
      if (path.startsWith('/lease_application/customer/')) return { records };
      return {
        id: 's1',
        applicationId: 'app-1',
        type: 'CREDIT',
        status: 'PASS',
        requestId: null,
        screenResult: { creditScore: null },
        completedAt: null,
      };
    });
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'View the credit report for Harbourview Residences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit report' });
    expect(await within(dialog).findByTestId('no-credit-score')).toHaveTextContent('No credit score');
  });

  it.each([
    ['en', 'The credit report is not available.'],
    ['fr', 'Le rapport de crédit n’est pas disponible.'],
  ] as const)('a missing report shows the missing-report alert (%s)', async (lang, text) => {
    get.mockImplementation(async (path: string) => {
      if (path.startsWith('/lease_application/customer/')) return { records };
      throw new ApiError(404, 'RM_ERROR_REPORT_NOT_AVAILABLE', 'unavailable');
    });
    await renderPage(lang);
    const view = screen.getAllByRole('button').find((b) => /crédit|credit report/i.test(b.getAttribute('aria-label') ?? ''));
    if (!view) throw new Error('no credit report button');
    await userEvent.click(view);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('report-missing')).toHaveTextContent(text);
  });

  it('the income report comes from the INCOME_VERIFICATION search, amounts as money', async () => {
    searchMock.mockResolvedValueOnce({
      records: [
        {
          id: 'iv1',
          applicationId: 'app-1',
          status: 'PASS',
          currentBalance: 4250.5,
          monthlyPayrollIncome: 6200,
          monthlyIncome: 6400,
          monthlyIncomeTransfers: 200,
          overdraftDays: 0,
          nsf: 1,
          debtTransactionsCount: 3,
          pdfUrl: '/api/income_verification/iv1/report',
        },
      ],
      totalPages: 1,
      totalRecords: 1,
      page: 1,
    });
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'View the income report for Harbourview Residences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Income verification report' });
    await waitFor(() => expect(dialog.textContent?.replace(/\u00a0/g, ' ')).toContain('$4,250.50'));
    expect(searchMock).toHaveBeenCalledWith(
      'INCOME_VERIFICATION',
      { conditions: [{ field: 'applicationId', operator: 'EQUALS', value: 'app-1' }] },
      { page: 1, recordsPerPage: 1 },
    );
    expect(within(dialog).getByRole('button', { name: 'Download report' })).toBeInTheDocument();
  });

  it('delete: the confirmation focuses Cancel; confirming deletes and says "Application deleted"', async () => {
    records = [applicationRecord({ id: 'a1', status: 'IN_PROGRESS' })];
    del.mockImplementation(async () => {
      records = [];
      return { id: 'a1' };
    });
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Delete the application for Harbourview Residences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this application?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(del).toHaveBeenCalledWith('/lease_application/a1/delete');
    expect(await screen.findByText('Application deleted')).toBeInTheDocument();
    expect(await screen.findByTestId('applications-empty')).toBeInTheDocument();
  });

  it('delete refused (409): the errorCode and the server message show in the dialog', async () => {
    del.mockRejectedValue(
      new ApiError(409, 'RM_ERROR_APPLICATION_LOCKED', 'This application is under review and cannot be deleted.'),
    );
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Delete the application for Harbourview Residences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this application?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred: RM_ERROR_APPLICATION_LOCKED');
    expect(alert).toHaveTextContent('under review');
  });

  it('View opens the read-only application with other information and the custom fields labelled by the page', async () => {
    records = [applicationRecord({ customFields: { cf1: 'Blue', cf2: true } })];
    get.mockImplementation(async (path: string) => {
      if (path.startsWith('/lease_application/customer/')) return { records };
      if (path === '/lease_application_page/name/harbourview')
        return {
          id: 'lap1',
          name: 'harbourview',
          customFields: [
            { id: 'cf1', label: { en: 'Favourite colour', fr: 'Couleur préférée' }, type: 'TEXT', required: false },
            { id: 'cf2', label: { en: 'Has a car', fr: 'A une voiture' }, type: 'YES_NO', required: false },
          ],
        };
      throw new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'not found');
    });
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'View the application for Harbourview Residences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lease application' });
    const custom = await within(dialog).findByRole('region', { name: 'Additional questions' });
    await waitFor(() => expect(custom).toHaveTextContent('Favourite colour'));
    expect(custom).toHaveTextContent('Blue');
    expect(custom).toHaveTextContent('Has a car');
    expect(within(dialog).getByRole('region', { name: 'Other information' })).toHaveTextContent('Common-law');
    expect(dialog).toHaveTextContent('*** *** 123');
  });

  it('no applications: a friendly empty state', async () => {
    records = [];
    await renderWithProviders(<ApplicationPage />);
    expect(await screen.findByTestId('applications-empty', {}, { timeout: 10_000 })).toHaveTextContent('No applications yet');
  });
});
