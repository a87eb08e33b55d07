// issue 23 (spec 1 §6 "Admin or manager: may mimic a tenant"; spec 2 §2): a property manager viewing the portal as
// their tenant sees the banner and its stop button; stopping gives the manager's own session back and opens the
// manager's edit page of that lease, with the tenant's cached answers dropped.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client';
import { getMimicLeaseId, getSessionUser, getToken, setMimicLeaseId, setToken } from '../../lib/session';
import { AppShellLayout } from './app-shell';
import { hardNavigate } from './hard-navigate';
import { customer, fakeToken, renderRoute } from './test/render';

vi.mock('../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/api-client')>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() }, search: vi.fn() };
});
vi.mock('./hard-navigate', () => ({ hardNavigate: vi.fn() }));
vi.mock('../../components/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn() }));

const get = vi.mocked(api.get);
const MANAGER_TOKEN = fakeToken({
  id: 'manager-1',
  type: 'TYPE_MANAGER',
  firstName: 'Morgan',
  lastName: 'Manager',
  companyId: 'company-1',
});

beforeEach(() => {
  vi.clearAllMocks();
  get.mockImplementation(async (path: string) => {
    if (path === '/customer/cust-1') return customer();
    if (path === '/broadcast/messages') return { records: [] };
    if (path === '/web-config') return { helpCentreUrl: null };
    if (path === '/refreshtoken') return { access_token: MANAGER_TOKEN };
    throw new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'not found');
  });
  setMimicLeaseId('lease-7');
  setToken(
    fakeToken({
      id: 'cust-1',
      type: 'TYPE_CUSTOMER',
      mimic: { adminId: 'manager-1', leaseId: 'lease-7', adminType: 'TYPE_MANAGER' },
    }),
  );
});

describe("a manager's View as tenant", () => {
  it('shows the banner; stop takes the manager token back and goes to the lease edit page', async () => {
    await renderRoute(<AppShellLayout />);
    expect(screen.getByText('You are viewing the portal as Camille Tremblay')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop viewing as tenant' }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/admin/tenants/lease-7/edit'));
    expect(get).toHaveBeenCalledWith('/refreshtoken', expect.objectContaining({ query: { stopMimic: true } }));
    expect(getToken()).toBe(MANAGER_TOKEN);
    expect(getSessionUser()).toMatchObject({ id: 'manager-1', type: 'TYPE_MANAGER' });
    expect(getMimicLeaseId()).toBeNull();
  });
});
