// issue 11: the admin's decisions: PENDING applications (approve with the lease form, decline with a comment) and self
// sign-up leases waiting for approval; success toasts and the 409 shown. issue 23: they are tabs of the approvals
// inbox, each with its count.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import { AdminApplicationsPage } from './admin-applications-page';
import type { AdminApplication, AdminPendingLease } from './api/types';

vi.mock('../../lib/api-client', async (original) => (await import('../../test/api-client-mock')).mockApiClient(original));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const page = <T,>(records: T[]) => ({ records, totalPages: 1, totalRecords: records.length, page: 1 });

const application: AdminApplication = {
  id: 'app-9',
  status: 'PENDING',
  pageName: 'harbourview',
  propertyId: 'p1',
  firstName: 'Camille',
  lastName: 'Tremblay',
  email: 'tenant@demo.test',
  applicationFeeAmount: 35,
  feeAmount: 35,
  submittedAt: '2026-11-20T10:00:00.000Z',
  createDate: '2026-11-19T10:00:00.000Z',
  customer: { id: 'c1', firstName: 'Camille', lastName: 'Tremblay', email: 'tenant@demo.test' },
  joins: {
    property: { id: 'p1', propertyName: 'Harbourview Residences', city: 'Vancouver', province: 'BC', country: 'CA' },
    lap: { creditReportEnabled: true, backgroundCheckEnabled: false, incomeVerificationEnabled: true },
    screenings: [{ id: 's1', type: 'CREDIT', status: 'PASS' }],
    incomeVerification: { id: 'iv1', status: 'PENDING' },
  },
};

const lease: AdminPendingLease = {
  id: 'lease-7',
  status: 'PENDING',
  origin: 'SELF_SIGNUP',
  unit: '1204',
  accountId: 'A-1',
  residencyType: 'RESIDENTIAL',
  startDate: '2026-12-01',
  endDate: null,
  monthlyPaymentDueDay: 1,
  createDate: '2026-11-25T10:00:00.000Z',
  customer: { id: 'c2', firstName: 'Noah', lastName: 'Singh', email: 'noah@demo.test' },
  property: { id: 'p2', propertyName: 'Maple Court', street1: '1 Maple', city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6' },
};

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === '/admin/inbox/counts') return { applications: 1, pendingLeases: 1, insurancePolicies: 3 };
    if (path === '/admin/lease_applications') return page([application]);
    return page([lease]);
  });
});

const openLeasesTab = async () => {
  await userEvent.click(await screen.findByRole('tab', { name: 'Self sign-up leases (1)' }));
};

describe('AdminApplicationsPage', () => {
  it('lists pending applications (applicant, property, submitted, fee, report statuses) and pending leases', async () => {
    await renderWithProviders(<AdminApplicationsPage />);
    const apps = await screen.findByTestId('admin-pending-applications');
    expect(apps).toHaveTextContent('Camille Tremblay');
    expect(apps).toHaveTextContent('Harbourview Residences');
    expect(apps).toHaveTextContent('20-Nov-2026');
    expect(apps.textContent?.replace(/\u00a0/g, ' ')).toContain('$35.00');
    expect(apps).toHaveTextContent('Credit: PASS');
    expect(apps).toHaveTextContent('Background: NA');
    expect(apps).toHaveTextContent('Income: PENDING');
    expect(get).toHaveBeenCalledWith('/admin/lease_applications', { query: { status: 'PENDING', page: 1, recordsPerPage: 50 } });
    // the inbox's tabs say how many items wait in each; only the open tab's list loads
    expect(screen.getByRole('tab', { name: 'Applications (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tab', { name: 'Insurance policies (3)' })).toBeInTheDocument();
    expect(get).not.toHaveBeenCalledWith('/admin/pending_leases', expect.anything());
    await openLeasesTab();
    const leases = await screen.findByTestId('admin-pending-leases');
    expect(leases).toHaveTextContent('Noah Singh');
    expect(leases).toHaveTextContent('Maple Court');
    expect(leases).toHaveTextContent('Residential');
  });

  it('approve: the start date is required, then the lease details are sent and a toast confirms', async () => {
    const user = userEvent.setup();
    post.mockResolvedValue({ id: 'app-9', status: 'APPROVED', leaseId: 'l9' });
    await renderWithProviders(<AdminApplicationsPage />, { withToasts: true });
    await user.click(await screen.findByRole('button', { name: 'Approve Camille Tremblay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the application of Camille Tremblay' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Enter the lease start date.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: /Lease start date/ }), '20261201');
    await user.type(within(dialog).getByRole('textbox', { name: 'Unit' }), '1204');
    await user.type(within(dialog).getByRole('textbox', { name: 'Monthly rent' }), '1850');
    await user.type(within(dialog).getByRole('textbox', { name: 'Payment due day' }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/admin/lease_applications/app-9/approve', {
        startDate: '2026-12-01',
        unit: '1204',
        rentAmount: 1850,
        monthlyPaymentDueDay: 1,
      }),
    );
    expect(await screen.findByText('Application approved: the lease was created.')).toBeInTheDocument();
  });

  it('decline: the confirmation focuses Cancel; a 409 is shown', async () => {
    const user = userEvent.setup();
    post.mockRejectedValue(new ApiError(409, 'RM_ERROR_APPLICATION_LOCKED', 'This application was already decided.'));
    await renderWithProviders(<AdminApplicationsPage />);
    await user.click(await screen.findByRole('button', { name: 'Decline Camille Tremblay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the application of Camille Tremblay?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment (sent to the tenant)' }), 'Unit taken');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(post).toHaveBeenCalledWith('/admin/lease_applications/app-9/decline', { comment: 'Unit taken' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This application was already decided.');
  });

  it('a reported screening links to its PDF', async () => {
    const user = userEvent.setup();
    get.mockImplementation(async (path: string) => {
      if (path === '/admin/lease_applications') return page([application]);
      if (path === '/screening/app-9/report?type=CREDIT')
        return { blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }), name: 'credit-report-REQ-1.pdf' };
      return page([lease]);
    });
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    await renderWithProviders(<AdminApplicationsPage />);
    const apps = await screen.findByTestId('admin-pending-applications');
    // income is still PENDING: no report yet, plain text
    expect(within(apps).queryByRole('button', { name: /Income: PENDING/ })).not.toBeInTheDocument();
    await user.click(within(apps).getByRole('button', { name: 'Download the report (Credit: PASS) of Camille Tremblay' }));
    await waitFor(() => expect(get).toHaveBeenCalledWith('/screening/app-9/report?type=CREDIT', { asFile: true }));
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it('approves a self sign-up lease', async () => {
    const user = userEvent.setup();
    post.mockResolvedValue({ id: 'lease-7', status: 'ACTIVE' });
    await renderWithProviders(<AdminApplicationsPage />, { withToasts: true });
    await openLeasesTab();
    await user.click(await screen.findByRole('button', { name: 'Approve Noah Singh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the lease of Noah Singh?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(post).toHaveBeenCalledWith('/admin/property_leases/lease-7/approve', {});
    expect(await screen.findByText('Lease approved.')).toBeInTheDocument();
    // the decision refreshes the inbox's counts
    await waitFor(() => expect(get.mock.calls.filter(([path]) => path === '/admin/inbox/counts').length).toBeGreaterThan(1));
  });

  it('declines a self sign-up lease with a comment, in French; the row shows the tenant, the property and the unit', async () => {
    const user = userEvent.setup();
    post.mockResolvedValue({ id: 'lease-7', status: 'TERMINATED' });
    await renderWithProviders(<AdminApplicationsPage />, { lang: 'fr', withToasts: true });
    await user.click(await screen.findByRole('tab', { name: 'Baux d’inscription autonome (1)' }));
    const list = await screen.findByTestId('admin-pending-leases');
    const row = within(list).getByRole('row', { name: /Noah Singh/ });
    expect(row).toHaveTextContent('noah@demo.test');
    expect(row).toHaveTextContent('Maple Court');
    expect(row).toHaveTextContent('Toronto, ON, M5V 2T6');
    expect(row).toHaveTextContent('1204');
    await user.click(within(row).getByRole('button', { name: 'Refuser Noah Singh' }));
    const dialog = await screen.findByRole('dialog', { name: /^Refuser le bail de Noah Singh/ });
    expect(dialog).toHaveTextContent('Le bail à Maple Court est résilié et Noah Singh en est informé(e).');
    await user.type(within(dialog).getByRole('textbox', { name: 'Commentaire (envoyé au locataire)' }), 'Unité déjà louée');
    await user.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(post).toHaveBeenCalledWith('/admin/property_leases/lease-7/decline', { comment: 'Unité déjà louée' });
    expect(await screen.findByText('Bail refusé.')).toBeInTheDocument();
  });

  it('speaks French (the tabs and the list), for a French manager', async () => {
    await renderWithProviders(<AdminApplicationsPage />, { lang: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Approbations' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Demandes (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Baux d’inscription autonome (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Polices d’assurance (3)' })).toBeInTheDocument();
  });
});
