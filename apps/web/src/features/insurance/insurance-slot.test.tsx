// The dashboard's insurance place (spec 2 §2, §4, §9; issue 22): nothing (and no call) where no ACTIVE lease offers
// insurance; where one does, its card with the lease's policies (searched by user and lease) and the add action.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { search } from '../../lib/api-client';
import { lease } from '../../test/dashboard-fixtures';
import { companyFixture, propertyFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { signInTenantForEachTest } from '../../test/session';
import { InsuranceSlot } from './insurance-slot';

vi.mock('../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/api-client')>();
  return { ...actual, search: vi.fn() };
});
const searchMock = vi.mocked(search);

signInTenantForEachTest('u1');

const ALL_ON = { NUERA: { enabled: true }, MELLO: { enabled: true }, APOLLO: { enabled: true }, MANUAL: { enabled: true } };
const offering = (over: { country?: string; province?: string; status?: string } = {}) =>
  lease(
    { status: over.status ?? 'ACTIVE' },
    {
      company: companyFixture({ id: 'c1', country: over.country ?? 'CA', insuranceIntegration: ALL_ON }),
      property: propertyFixture({
        id: 'p1',
        companyId: 'c1',
        country: over.country ?? 'CA',
        province: over.province ?? 'BC',
        insuranceIntegration: ALL_ON,
      }),
    },
  );

beforeEach(() => {
  searchMock.mockReset();
  searchMock.mockResolvedValue({ records: [], totalPages: 0, totalRecords: 0, page: 1 });
});

describe('InsuranceSlot', () => {
  it('shows the card of an ACTIVE BC lease, its policies searched by user and lease', async () => {
    await renderWithProviders(<InsuranceSlot leases={[offering()]} />);
    const card = await screen.findByRole('region', { name: 'Tenant insurance' });
    expect(await within(card).findByText('No insurance policy on this lease yet.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add insurance' })).toBeInTheDocument();
    expect(searchMock).toHaveBeenCalledWith(
      'INSURANCE_POLICY',
      {
        conditions: [
          { field: 'userId', operator: 'EQUALS', value: 'u1' },
          { field: 'leaseId', operator: 'IN', value: ['l1'] },
        ],
      },
      { page: 1, recordsPerPage: 100 },
    );
  });

  it.each([
    ['a pending lease', offering({ status: 'PENDING' })],
    [
      'a US lease whose company switched nothing on',
      lease({}, { company: companyFixture({ country: 'US' }), property: propertyFixture({ country: 'US', province: 'WA' }) }),
    ],
  ])('shows nothing and asks nothing for %s', async (_name, l) => {
    await renderWithProviders(<InsuranceSlot leases={[l]} />);
    expect(screen.queryByText('Tenant insurance')).not.toBeInTheDocument();
    expect(searchMock).not.toHaveBeenCalled();
  });
});
