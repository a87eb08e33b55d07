// Issue 21 §2 (spec 1 §2/§4, spec 2 §2): the dashboard reads a companyId query parameter (that company's leases come
// first; a company none of the tenant's leases belongs to is a failed lookup: "Company not found. Please contact your
// property manager or click Support."), reads login=cr, then cleans the address to its path (a replace, no new entry).
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation, useSearch } from 'wouter';
import { search } from '../../lib/api-client';
import { MemoryRouter } from '../../lib/navigation';
import { company, lease, transaction } from '../../test/dashboard-fixtures';
import { renderWithProviders } from '../../test/render';
import { DashboardPage } from './dashboard-page';

vi.mock('../../lib/api-client', () => ({ search: vi.fn() }));
vi.mock('../../lib/use-session-user', () => ({
  useSessionUser: () => ({ id: 'u1', firstName: 'Camille', lastName: 'Tremblay', type: 'TYPE_CUSTOMER', exp: 0 }),
}));
const searchMock = vi.mocked(search);

const LINKED = transaction({ id: 'tx-mailed', confirmationId: 'RL-MAIL42', amount: 1849.5 });

const leases = () => [
  lease({ id: 'la', unit: '804' }),
  lease({ id: 'lb', unit: '12', companyId: 'c2' }, { company: { ...company, id: 'c2', name: 'Okanagan Rentals' } }),
];

beforeEach(() => {
  searchMock.mockReset();
  searchMock.mockImplementation(async (type, body) => {
    const byId = body?.conditions?.find((c) => c.field === 'id');
    const records =
      type === 'property_lease' ? leases() : type === 'payment_transaction' && byId?.value === LINKED.id ? [LINKED] : [];
    return { records, totalPages: 1, totalRecords: records.length, page: 1 } as never;
  });
});

let seen = '';
function Where() {
  const [pathname] = useLocation();
  const search = useSearch();
  seen = `${pathname}${search ? `?${search}` : ''}`;
  return null;
}
const at = (path: string) => (ui: ReactElement) => (
  <MemoryRouter initialEntries={[path]}>
    {ui}
    <Where />
  </MemoryRouter>
);

describe('the dashboard address (spec 1 §2/§4)', () => {
  it('shows the leases of ?companyId first, then cleans the address to its path', async () => {
    await renderWithProviders(<DashboardPage />, { router: at('/customer/dashboard?companyId=c2') });
    await waitFor(() => expect(screen.getAllByTestId('lease-card')).toHaveLength(2));
    expect(screen.getAllByTestId('lease-card').map((c) => within(c).getAllByRole('heading')[0]?.textContent)).toEqual([
      expect.stringContaining('Unit 12'),
      expect.stringContaining('Unit 804'),
    ]);
    await waitFor(() => expect(seen).toBe('/customer/dashboard'));
    expect(screen.queryByText(/Company not found/)).not.toBeInTheDocument();
  });

  it('says a company none of the leases belongs to was not found, in English and in French', async () => {
    const view = await renderWithProviders(<DashboardPage />, { router: at('/customer/dashboard?companyId=nope') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Company not found. Please contact your property manager or click Support.',
    );
    await waitFor(() => expect(seen).toBe('/customer/dashboard'));
    view.unmount();
    await renderWithProviders(<DashboardPage />, { lang: 'fr', router: at('/customer/dashboard?companyId=nope') });
    expect(await screen.findByRole('alert')).toHaveTextContent(/Entreprise introuvable/);
  });

  it('reads login=cr and cleans it from the address too; no parameter, no change', async () => {
    await renderWithProviders(<DashboardPage />, { router: at('/customer/dashboard?login=cr') });
    await waitFor(() => expect(seen).toBe('/customer/dashboard'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  // issue 25: the whole query used to be cleaned at once, ?receipt= with it, before the receipt could open: a receipt
  // mail's link showed the dashboard without its receipt.
  it('keeps ?receipt= (a receipt link) while cleaning its own parameters: the receipt opens', async () => {
    await renderWithProviders(<DashboardPage />, { router: at('/customer/dashboard?companyId=c2&receipt=tx-mailed') });
    const receipt = await screen.findByRole('dialog', { name: 'Payment receipt' });
    expect(receipt).toHaveTextContent('RL-MAIL42');
    await waitFor(() => expect(seen).toBe('/customer/dashboard?receipt=tx-mailed'));
    expect(screen.getByRole('dialog', { name: 'Payment receipt' })).toHaveTextContent('RL-MAIL42');
  });
});
