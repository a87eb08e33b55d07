// issue 20 §2: an admin viewing as a tenant is asked before the tenant's money moves; confirmed, the same call goes
// again with the confirmation header; declined, nothing is sent again and the call fails with the server's message.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client';
import { clearSession, setToken } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { fakeToken } from '../../test/session';
import { ActingAsTenantConfirm } from './acting-as-tenant-confirm';

const needsConfirmation = () =>
  new Response(JSON.stringify({ errorCode: 'RM_ERROR_CONFIRMATION_REQUIRED', message: 'Confirm first' }), {
    status: 428,
    headers: { 'content-type': 'application/json' },
  });
const paid = () =>
  new Response(JSON.stringify({ id: 'tx-1', status: 'COMPLETE' }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function serverAskingConfirmation() {
  const sent: (string | null)[] = [];
  const fetchMock = vi.fn(async (_url: URL | string, init?: RequestInit) => {
    const confirmed = new Headers(init?.headers).get('x-act-as-tenant');
    sent.push(confirmed);
    return confirmed === 'confirmed' ? paid() : needsConfirmation();
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('paying while viewing as a tenant', () => {
  it('asks first, naming the tenant, then sends the same payment confirmed', async () => {
    setToken(fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER' }));
    const sent = serverAskingConfirmation();
    await renderWithProviders(<ActingAsTenantConfirm name="Camille Tremblay" />, { lang: 'fr' });
    const payment = api.post('/processpayment', { amount: 12.5 }, { headers: { 'Idempotency-Key': 'k-1' } });
    const dialog = await screen.findByRole('dialog', { name: 'Payer au nom du locataire\u202f?' });
    expect(dialog).toHaveTextContent('Vous consultez le portail en tant que Camille Tremblay');
    // Focus starts on the safe choice.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Annuler' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Oui, payer pour le locataire' }));
    await expect(payment).resolves.toEqual({ id: 'tx-1', status: 'COMPLETE' });
    expect(sent).toEqual([null, 'confirmed']);
  });

  it('sends nothing more when the admin declines: the call fails with the server message', async () => {
    setToken(fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER' }));
    const sent = serverAskingConfirmation();
    await renderWithProviders(<ActingAsTenantConfirm name="Camille Tremblay" />);
    const payment = api.post('/processpayment', { amount: 12.5 }).catch((e: unknown) => e);
    await screen.findByRole('dialog', { name: "Pay on the tenant's behalf?" });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const err = await payment;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 428, errorCode: 'RM_ERROR_CONFIRMATION_REQUIRED' });
    expect(sent).toEqual([null]);
  });
});
