// issue 24 "Statistics and KPIs": the admin's screen shows the totals, the payments by method and the year's revenue
// (charts with their figures as tables), money in the user's locale, asks the server again for a company and a period,
// downloads the revenue CSV, and has no serious axe violation.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import i18n from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { StatsPage } from './stats-page';

vi.mock('../../../lib/api-client', async (original) => (await import('../../../test/api-client-mock')).mockApiClient(original));
vi.mock('../../../lib/download', async (original) => ({
  ...(await original<typeof import('../../../lib/download')>()),
  downloadFile: vi.fn(async () => undefined),
}));
const get = vi.mocked(api.get);

const figures = {
  currency: 'CAD',
  payments: 10,
  completed: 8,
  failed: 2,
  pending: 0,
  successRate: 0.8,
  failureRate: 0.2,
  processedAmount: 12345.67,
  feeAmount: 300.5,
  refundedAmount: 0,
  returns: 0,
  averageSettlementSeconds: 5400,
  autopayPayments: 5,
  autopayShare: 0.5,
};
const year = new Date().getUTCFullYear();

function answer(path: string) {
  if (path === '/company/list') return { records: [{ id: 'co-1', name: 'Maple Leaf Property Management' }] };
  if (path === '/admin/totals')
    return {
      companies: 3,
      properties: 4,
      leases: 1234,
      leasesByStatus: [],
      tenants: 1200,
      paymentMethods: 900,
      applications: 5,
      activeSubscriptions: 7,
      money: [],
    };
  if (path === '/admin/processing_kpi')
    return {
      from: '2025-12-01',
      to: '2026-11-30',
      companyId: null,
      byMethod: [{ ...figures, paymentMethodType: 'TYPE_CREDIT_CARD' }],
      totals: [figures],
    };
  if (path.startsWith('/admin/revenue_kpi/'))
    return {
      year,
      byCompany: [],
      monthly: [
        {
          month: `${year}-01`,
          currency: 'CAD',
          processingFees: 1000.5,
          creditReporting: 29.99,
          applicationFees: 0,
          total: 1030.49,
        },
        { month: `${year}-02`, currency: 'CAD', processingFees: 0, creditReporting: 0, applicationFees: 45, total: 45 },
      ],
    };
  if (path.startsWith('/admin/stats/'))
    return {
      type: path.split('/').pop(),
      from: '2025-12-01',
      to: '2026-11-30',
      interval: 'month',
      companyId: null,
      total: 5,
      byStatus: [
        { status: 'ACTIVE', count: 4 },
        { status: 'TERMINATED', count: 1 },
      ],
      series: [
        { period: '2026-10', status: 'ACTIVE', count: 3 },
        { period: '2026-11', status: 'ACTIVE', count: 1 },
        { period: '2026-11', status: 'TERMINATED', count: 1 },
      ],
    };
  if (path === '/admin/entity_details')
    return {
      entity: { type: 'company', id: 'co-1', name: 'Maple Leaf Property Management', companyId: 'co-1', currency: 'CAD' },
      from: '2025-12-01',
      to: '2026-11-30',
      properties: 2,
      leases: 10,
      activeLeases: 9,
      tenants: 9,
      outstanding: 4321.5,
      months: [],
    };
  throw new Error(`unexpected ${path}`);
}

beforeEach(() => {
  get.mockReset();
  get.mockImplementation(async (path: string) => answer(path) as never);
  vi.mocked(downloadFile).mockClear();
});

describe('StatsPage', () => {
  it('shows the totals, the payments by method and the revenue by month, money in the locale (English)', async () => {
    await renderWithProviders(<StatsPage />);
    const totals = await screen.findByTestId('stats-totals');
    expect(within(totals).getByText('1,234')).toBeInTheDocument();
    const methods = await screen.findByTestId('stats-processing');
    const cells = [...(within(methods).getByText('Credit card').closest('tr')?.querySelectorAll('td') ?? [])];
    expect(cells.map((c) => c.textContent)).toEqual([
      'Credit card',
      '10',
      '80%',
      '$12,345.67',
      '$300.50',
      '$0.00',
      '1.5 hrs',
      '50%',
    ]);
    const revenue = await screen.findByTestId('stats-revenue');
    expect(within(revenue).getByRole('row', { name: `${year}-01 $1,000.50 $29.99 $0.00 $1,030.49` })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `Revenue ${year}` })).toBeInTheDocument();
  });

  it('in French, writes the figures as a Canadian French reader does', async () => {
    await renderWithProviders(<StatsPage />, { lang: 'fr' });
    const methods = await screen.findByTestId('stats-processing');
    expect(within(methods).getByText('12 345,67 $')).toBeInTheDocument();
    expect(within(methods).getByText('Carte de crédit')).toBeInTheDocument();
    expect(within(methods).getByText(/1,5\s?h/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `Revenus ${year}` })).toBeInTheDocument();
    expect(screen.getByText('Paiements par mode de paiement')).toBeInTheDocument();
  });

  it('asks again for one company and a period, and downloads that revenue as CSV', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<StatsPage />);
    await screen.findByTestId('stats-processing');
    await user.selectOptions(screen.getByLabelText('Company'), 'co-1');
    await user.type(screen.getByRole('textbox', { name: 'From' }), '20260101');
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/admin/processing_kpi', {
        query: { companyId: 'co-1', from: '2026-01-01', to: undefined },
      }),
    );
    expect(get).toHaveBeenCalledWith(`/admin/revenue_kpi/${year}`, { query: { companyId: 'co-1' } });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloadFile).toHaveBeenCalledWith(`/admin/revenue_kpi/${year}/download?companyId=co-1`, `revenue-${year}.csv`);
  });

  it("counts the new records of a kind by status, and shows a chosen company's figures", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<StatsPage />);
    const records = await screen.findByTestId('stats-records');
    expect(within(records).getByRole('row', { name: 'Active 4' })).toBeInTheDocument();
    expect(within(records).getByRole('row', { name: 'Ended 1' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Records'), 'payments');
    await waitFor(() => expect(get).toHaveBeenCalledWith('/admin/stats/payments', { query: {} }));
    expect(screen.queryByTestId('stats-company')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Company'), 'co-1');
    const company = await screen.findByTestId('stats-company');
    expect(within(company).getByText('$4,321.50')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Maple Leaf Property Management in this period' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/admin/entity_details', { query: { companyId: 'co-1' } });
  });

  it('says what the server refused', async () => {
    get.mockImplementation(async (path: string) => {
      if (path === '/admin/processing_kpi') throw new ApiError(403, 'RM_ERROR_FORBIDDEN', 'Only administrators can do this');
      return answer(path) as never;
    });
    await renderWithProviders(<StatsPage />);
    expect(await screen.findByText(i18n.t('errors.forbidden'))).toBeInTheDocument();
  });

  it('has no serious or critical axe violation', async () => {
    await renderWithProviders(<StatsPage />);
    await screen.findByTestId('stats-revenue');
    const result = await axe.run(document.body, { resultTypes: ['violations'] });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
