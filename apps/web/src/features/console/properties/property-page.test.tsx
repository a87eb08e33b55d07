// issue 23 "Properties": a property's page shows the company's onboarding and application pages with their public
// links, and switching a page's setting (auto-approval, a screening check) saves it at once.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { api } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import type { CompanyPages, Property } from './api/properties';
import { PropertyPage } from './property-page';

vi.mock('../../../lib/api-client', async (original) => (await import('../../../test/api-client-mock')).mockApiClient(original));
const get = vi.mocked(api.get);
const patch = vi.mocked(api.patch);

const property: Property = {
  id: 'p1',
  companyId: 'c1',
  propertyName: 'Harbourview Residences',
  street1: '1250 Granville Street',
  street2: null,
  city: 'Vancouver',
  province: 'BC',
  country: 'CA',
  postalCode: 'V6Z 1M6',
  category: 'RESIDENTIAL',
  propertyIdentifier: null,
  acceptedPaymentTypes: null,
  monevoIntegration: { enabled: true },
  paypalCreditIntegration: null,
  insuranceIntegration: null,
  service_urcsi: null,
  service_neofinancial: null,
  payByTextEnabled: false,
  customCard: null,
  leaseCount: 3,
  activeLeaseCount: 1,
};
const pages: CompanyPages = {
  onBoardingPages: [
    {
      id: 'o1',
      companyId: 'c1',
      name: 'harbourview-join',
      autoApproval: true,
      publicLink: '/signup/harbourview-join?origin=onboarding',
    },
  ],
  leaseApplicationPages: [
    {
      id: 'a1',
      companyId: 'c1',
      name: 'harbourview',
      sections: {},
      customFields: [],
      applicationFeeAmount: 35,
      creditReportEnabled: true,
      backgroundCheckEnabled: true,
      identityVerificationEnabled: false,
      incomeVerificationEnabled: false,
      publicLink: '/signup/harbourview?origin=application',
    },
  ],
};

beforeEach(() => {
  get.mockReset();
  patch.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === '/property/p1') return property;
    if (path === '/company/c1/pages') return pages;
    if (path.startsWith('/corporateUser/')) return { id: 'm-1', languageCode: 'en' };
    throw new Error(`unexpected GET ${path}`);
  });
  patch.mockResolvedValue({});
});

function renderPage() {
  const { hook } = memoryLocation({ path: '/admin/properties/p1' });
  return renderWithProviders(<PropertyPage />, {
    router: (ui) => (
      <Router hook={hook}>
        <Route path="/admin/properties/:id">{ui}</Route>
      </Router>
    ),
  });
}

describe('PropertyPage', () => {
  it("shows the property's lease counts and the company's pages with their public links", async () => {
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbourview Residences' })).toBeInTheDocument();
    expect(screen.getByText('1 active of 3 leases')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /\/signup\/harbourview-join\?origin=onboarding$/ })).toHaveAttribute(
      'href',
      '/signup/harbourview-join?origin=onboarding',
    );
    expect(screen.getByRole('link', { name: /\/signup\/harbourview\?origin=application$/ })).toBeInTheDocument();
    expect(screen.getByText('Application fee $35.00')).toBeInTheDocument();
  });

  it("saves a page's switch at once (auto-approval, a screening check)", async () => {
    await renderPage();
    const user = userEvent.setup();
    const table = await screen.findByTestId('company-pages');
    await user.click(within(table).getByRole('switch', { name: 'Approve sign-ups automatically' }));
    await waitFor(() => expect(patch).toHaveBeenCalledWith('/on_boarding_page/o1/update', { autoApproval: false }));
    await user.click(within(table).getByRole('switch', { name: 'Income verification' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/lease_application_page/a1/update', { incomeVerificationEnabled: true }),
    );
  });

  it("opens the page editor from a page's Edit button and from 'New application page', the focus back on close", async () => {
    await renderPage();
    const user = userEvent.setup();
    const table = await screen.findByTestId('company-pages');
    const edit = within(table).getByRole('button', { name: 'Edit the page harbourview' });
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Application page harbourview' });
    expect(within(dialog).getByRole('textbox', { name: /Application fee/ })).toHaveValue('35.00');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[1]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(edit).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'New application page' }));
    expect(await screen.findByRole('dialog', { name: 'New application page' })).toBeInTheDocument();
  });
});
