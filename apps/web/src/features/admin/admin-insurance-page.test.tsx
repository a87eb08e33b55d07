// issue 22 (spec 2 §4): the insurance reviews: the pending uploaded policies, approve or reject with a comment (issue
// 23: the approvals inbox's insurance tab, for managers and the admin).

import type { AdminInsurancePolicy } from '@portal/domain/insurance-shapes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import { AdminInsurancePage } from './admin-insurance-page';

vi.mock('../../lib/api-client', async (original) => (await import('../../test/api-client-mock')).mockApiClient(original));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

const row: AdminInsurancePolicy = {
  policy: {
    id: 'pol-1',
    userId: 'c1',
    leaseId: 'l1',
    carrierName: 'Coastal Home Insurance',
    firstName: 'Camille',
    lastName: 'Tremblay',
    startDate: '2026-12-01',
    endDate: '2027-11-30',
    effectiveDate: null,
    policyIdentifier: 'CHI-88-3301',
    policyProvider: 'TENANT_UPLOAD',
    status: 'NEW',
    approvalStatus: 'PENDING',
    approvalStatusComment: null,
    insuranceExternal: true,
    insuranceTerminated: false,
    providerUrl: null,
    monthlyCost: null,
    reviewedAt: null,
    terminatedAt: null,
    createDate: '2026-11-25T10:00:00.000Z',
    documents: [{ id: 'd1', url: '/api/document/d1/download', name: 'home-insurance-proof.png', size: 67 }],
  },
  tenant: { id: 'c1', firstName: 'Camille', lastName: 'Tremblay', email: 'tenant@demo.test' },
  property: { propertyName: 'Harbourview Residences', city: 'Vancouver', province: 'BC', unit: '804' },
};

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  get.mockImplementation(async (path: string) =>
    path === '/admin/inbox/counts'
      ? { applications: 0, pendingLeases: 0, insurancePolicies: 1 }
      : { records: [row], totalPages: 1, totalRecords: 1, page: 1 },
  );
});

describe('AdminInsurancePage', () => {
  it('lists the pending policies and rejects one with a comment', async () => {
    post.mockResolvedValue({ ...row.policy, approvalStatus: 'REJECTED' });
    await renderWithProviders(<AdminInsurancePage />, { withToasts: true });
    const table = await screen.findByTestId('admin-pending-insurance');
    expect(get).toHaveBeenCalledWith('/admin/insurance_policies', { query: { status: 'PENDING', page: 1, recordsPerPage: 50 } });
    // issue 23: /admin/insurance opens the approvals inbox at its insurance tab
    expect(screen.getByRole('tab', { name: 'Insurance policies (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(within(table).getByText('Harbourview Residences, unit 804')).toBeInTheDocument();
    expect(within(table).getByText('Policy number CHI-88-3301')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Reject the policy of Camille Tremblay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the policy of Camille Tremblay?' });
    await userEvent.type(within(dialog).getByLabelText(/Comment for the tenant/), 'No liability shown.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/admin/insurance_policies/pol-1/review', {
        approvalStatus: 'REJECTED',
        comment: 'No liability shown.',
      }),
    );
    expect(await screen.findByText('The policy was rejected. The tenant is told.')).toBeVisible();
  });

  it('approves without a comment; a refusal shows in the dialog', async () => {
    post.mockRejectedValueOnce(
      new ApiError(409, 'RM_ERROR_RECORD_LOCKED', 'This insurance policy was terminated: it can no longer be changed.', []),
    );
    await renderWithProviders(<AdminInsurancePage />);
    const table = await screen.findByTestId('admin-pending-insurance');
    await userEvent.click(within(table).getByRole('button', { name: 'Approve the policy of Camille Tremblay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the policy of Camille Tremblay?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(/can no longer be changed/)).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/admin/insurance_policies/pol-1/review', {
      approvalStatus: 'APPROVED',
      comment: undefined,
    });
  });
});
