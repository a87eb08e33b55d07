// The console's lease page (issue 23): a lease waiting for its tenant shows the invitation panel; sending answers the
// link to copy; End lease asks first and says what happens to the open charges.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { api } from '../../lib/api-client';
import i18n from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import type { ConsoleLease } from '../console';
import { AdminTenantPage } from './admin-tenant-page';

vi.mock('../../lib/api-client', async (original) => (await import('../../test/api-client-mock')).mockApiClient(original));
const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

const lease: ConsoleLease = {
  id: 'lease-9',
  status: 'PENDING',
  origin: 'INVITATION',
  unit: '1203',
  propertyId: 'p-1',
  propertyName: 'Harbourview Residences',
  propertyPayByTextEnabled: false,
  companyId: 'c-1',
  companyName: 'Maple Leaf Property Management',
  currency: 'CAD',
  startDate: '2026-12-01',
  endDate: null,
  monthlyPaymentDueDay: 1,
  charges: [{ code: 'Rent', name: 'Rent', amount: 1850 }],
  requireAutoPay: false,
  blockPayments: {},
  blockPartialPayments: false,
  payByTextEnabled: null,
  tenantNotes: null,
  terminatedAt: null,
  tenant: null,
  invitation: null,
  chargeCodes: [{ code: 'Rent', name: 'Rent' }],
  openCharges: { count: 2, balance: 3700 },
};

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === '/property_lease/lease-9/details') return lease;
    if (path === '/property_lease/lease-9/notes') return { records: [] };
    if (path.startsWith('/corporateUser/')) return { id: 'm-1', languageCode: 'en' };
    throw new Error(`unexpected GET ${path}`);
  });
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

function renderPage() {
  const { hook } = memoryLocation({ path: '/admin/tenants/lease-9/edit' });
  return renderWithProviders(<AdminTenantPage />, {
    router: (ui) => (
      <Router hook={hook}>
        <Route path="/admin/tenants/:leaseId/edit">{ui}</Route>
      </Router>
    ),
  });
}

describe('AdminTenantPage (the lease page)', () => {
  it('a lease without tenant: the invitation is sent and its link offered to copy', async () => {
    post.mockResolvedValue({
      invitation: { id: 'i-1', email: 'noor@example.com', state: 'PENDING' },
      link: 'http://localhost/invite/abc',
      mailSent: true,
    });
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'Lease at Harbourview Residences, unit 1203' })).toBeInTheDocument();
    expect(screen.getByText('No tenant yet: invite the tenant below.')).toBeInTheDocument();
    expect(screen.getByText('Documents can be added once the tenant has accepted the invitation.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Invite the tenant' });
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    // refused before any call; focus on the first invalid field
    await waitFor(() => expect(screen.getByLabelText(/^Tenant's e-mail/)).toHaveFocus());
    expect(post).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/^Tenant's e-mail/), 'noor@example.com');
    await userEvent.type(screen.getByLabelText(/^First name/), 'Noor');
    await userEvent.type(screen.getByLabelText(/^Last name/), 'Haddad');
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('http://localhost/invite/abc')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/property_lease/lease-9/invite', {
      email: 'noor@example.com',
      firstName: 'Noor',
      lastName: 'Haddad',
      languageCode: 'en',
    });
    expect(form).toBeInTheDocument();
    // the ledger of this lease
    expect(screen.getByRole('link', { name: 'Lease ledger' })).toHaveAttribute('href', '/admin/ledger?leaseId=lease-9');
  });

  it('End lease asks with the end date and says the open charges stay owed', async () => {
    post.mockResolvedValue({
      lease: { ...lease, status: 'TERMINATED' },
      schedulesDeactivated: 0,
      openCharges: lease.openCharges,
    });
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'End lease' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this lease?' });
    expect(dialog).toHaveTextContent('2 open charges ($3,700.00) stay owed on the ledger');
    // before the start date: refused on the field
    const endDate = screen.getByLabelText(/^End date/, { selector: '[role="dialog"] input' });
    await userEvent.clear(endDate);
    await userEvent.type(endDate, '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'End the lease' }));
    expect(await screen.findByText('The end date cannot be before the start date.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    await userEvent.clear(endDate);
    await userEvent.type(endDate, '2027-01-31');
    await userEvent.click(screen.getByRole('button', { name: 'End the lease' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/property_lease/lease-9/terminate', {
        endDate: '2027-01-31',
      }),
    );
  });
});
