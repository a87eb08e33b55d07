// issue 25: the shell's banner for a tenant whose e-mail address is not confirmed: the link sent again on demand, a
// 429 said with its wait, never while an admin views the portal as the tenant, gone once the address is confirmed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../api/types';
import { ApiError, api } from '../../lib/api-client';
import i18n from '../../lib/i18n';
import { setMimicLeaseId, setToken } from '../../lib/session';
import { AppShellLayout } from './app-shell';
// loaded up front: a banner wrongly shown would be on screen at once, not after its chunk's load
import './email-verify-banner';
import { customerKeys } from '../../api/query-keys';
import { customer, fakeToken, renderRoute } from './test/render';

/** After the customer record is in: the shell has had what it decides the banner from. */
async function customerLoaded(client: import('@tanstack/react-query').QueryClient) {
  await waitFor(() => expect(client.getQueryData(customerKeys.detail('cust-1'))).toBeDefined());
  await new Promise((resolve) => setTimeout(resolve, 20));
}

vi.mock('../../lib/api-client', async (original) => (await import('../../test/api-client-mock')).mockApiClient(original));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
let current: Customer;

beforeEach(() => {
  vi.clearAllMocks();
  current = customer({ email: 'camille@example.com', emailVerified: false, pendingEmail: null });
  get.mockImplementation(async (path: string) => {
    if (path === '/web-config') return { helpCentreUrl: null };
    if (path === '/customer/cust-1') return current;
    if (path === '/broadcast/messages') return { records: [] };
    throw new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'not found');
  });
  setToken(fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER' }));
});
afterEach(async () => {
  setMimicLeaseId(null);
  await i18n.changeLanguage('en');
});

const banner = () => screen.findByRole('region', { name: 'E-mail address to confirm' });

describe('EmailVerifyBanner', () => {
  it('asks an unconfirmed tenant to confirm the address, and sends the link again', async () => {
    post.mockResolvedValue({ result: 'SENT', email: 'camille@example.com' });
    await renderRoute(<AppShellLayout />);
    const region = await banner();
    expect(region).toHaveTextContent(
      'Please confirm your e-mail address camille@example.com: we sent you a link. Receipts are not e-mailed until then.',
    );
    await userEvent.click(within(region).getByRole('button', { name: 'Send the link again' }));
    expect(post).toHaveBeenCalledWith('/customer/cust-1/email/resend');
    expect(await within(region).findByRole('status')).toHaveTextContent('Sent: check camille@example.com.');
    // the portal stays usable
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    const result = await axe.run(region, { resultTypes: ['violations'] });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('says a 429 with the server’s message and the wait', async () => {
    post.mockRejectedValue(
      new ApiError(429, 'RM_ERROR_TOO_MANY_REQUESTS', 'Too many links were sent to this account in the last hour.', [], 20),
    );
    await renderRoute(<AppShellLayout />);
    const region = await banner();
    await userEvent.click(within(region).getByRole('button', { name: 'Send the link again' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Too many links were sent to this account in the last hour. You can try again in 20 seconds.',
    );
  });

  it('is not shown for a confirmed address, nor for a record that does not say (older servers)', async () => {
    current = customer({ emailVerified: true });
    const { client } = await renderRoute(<AppShellLayout />);
    await customerLoaded(client);
    expect(screen.queryByRole('region', { name: 'E-mail address to confirm' })).not.toBeInTheDocument();
    current = customer();
    await client.invalidateQueries();
    await customerLoaded(client);
    expect(screen.queryByRole('region', { name: 'E-mail address to confirm' })).not.toBeInTheDocument();
  });

  it('is not shown while an admin views the portal as the tenant', async () => {
    setToken(fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER', mimic: { adminId: 'admin-1', leaseId: 'lease-1' } }));
    setMimicLeaseId('lease-1');
    const { client } = await renderRoute(<AppShellLayout />);
    await screen.findByRole('region', { name: 'Viewing as a tenant' });
    await customerLoaded(client);
    expect(screen.queryByRole('region', { name: 'E-mail address to confirm' })).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    current = customer({ email: 'camille@example.com', emailVerified: false, languageCode: 'fr' });
    await renderRoute(<AppShellLayout />, { lang: 'fr' });
    const region = await screen.findByRole('region', { name: 'Adresse courriel à confirmer' });
    expect(within(region).getByRole('button', { name: 'Renvoyer le lien' })).toBeInTheDocument();
  });
});
