import { formatMoney } from '@portal/domain/money';
import type { CashSlip } from '@portal/domain/payment-shapes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../../lib/api-client';
import { CashSlipModal } from './cash-slip-modal';
import { caLease, cashSlip, renderMode } from './test/harness';

vi.mock('../../../../lib/api-client', async (original) =>
  (await import('../../../../test/api-client-mock')).mockApiClient(original, { withSearch: false }),
);

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const patch = vi.mocked(api.patch);
const del = vi.mocked(api.delete);
let slips: CashSlip[] = [];

beforeEach(() => {
  slips = [];
  get.mockReset();
  get.mockImplementation(async (path: string) => {
    if (path === '/cash') return { records: slips };
    if (path === '/cash/new') return { type: 'TYPE_LOADHUB_CASH', billingAccountId: 'lease-1', amount: 1925 };
    throw new Error(`unexpected GET ${path}`);
  });
  post.mockReset();
  post.mockImplementation(async (_path: string, body: unknown) => cashSlip({ amount: (body as { amount: number }).amount }));
  patch.mockReset();
  patch.mockImplementation(async (_path: string, body: unknown) => cashSlip({ amount: (body as { amount: number }).amount }));
  del.mockReset();
  del.mockResolvedValue({ id: 'slip-1' });
});

const lease = caLease(['TYPE_CREDIT_CARD', 'TYPE_CASH']);
const cad = (cents: number) => formatMoney(cents, 'CAD', 'en');

async function renderModal(slip?: CashSlip) {
  const onClose = vi.fn();
  await renderMode(<CashSlipModal opened onClose={onClose} lease={lease} slip={slip} />);
  const dialog = await screen.findByRole('dialog');
  return { onClose, dialog };
}

const amountInput = () => screen.getByRole('textbox', { name: /Amount/ });
async function typeAmount(value: string) {
  await userEvent.clear(amountInput());
  await userEvent.type(amountInput(), value);
}

// issue 20 §1: the slip keeps the amount the tenant typed in the payment flow (it used to start at the whole balance)
describe('CashSlipModal: the amount typed, in French', () => {
  async function renderTyped(amountCents: number | null) {
    await renderMode(<CashSlipModal opened onClose={vi.fn()} lease={lease} amountCents={amountCents} />, 'fr');
    const dialog = await screen.findByRole('dialog');
    await screen.findByRole('textbox', { name: /Montant/ });
    return dialog;
  }
  const montant = () => screen.getByRole('textbox', { name: /Montant/ });
  async function typeMontant(value: string) {
    await userEvent.clear(montant());
    await userEvent.type(montant(), value);
    await userEvent.tab();
  }

  it('starts at the typed 12,50 (not the balance of GET /cash/new), sends 12.5 and shows 12,50 $ on the slip', async () => {
    const dialog = await renderTyped(1250);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/cash/new', { query: { leaseId: 'lease-1' } }));
    expect(montant()).toHaveValue('12,50');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le bordereau' }));
    expect(post).toHaveBeenCalledWith('/cash', { amount: 12.5, billingAccountId: 'lease-1' });
    await within(dialog).findByRole('heading', { name: 'Votre bordereau de paiement comptant' });
    expect(screen.getByTestId('cash-slip')).toHaveTextContent('Montant12,50 $');
  });

  it('keeps a typed amount outside 10..1993 and says why on create, instead of rewriting it', async () => {
    await renderTyped(250_000);
    expect(montant()).toHaveValue('2500,00');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le bordereau' }));
    expect(montant()).toHaveValue('2500,00');
    expect(montant()).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();
  });

  it('reads "1 925,5" as 1925.50 and refuses the ambiguous "1,925" as typed, with how to write it', async () => {
    await renderTyped(null);
    await waitFor(() => expect(montant()).toHaveValue('1925,00'));
    await typeMontant('1,925');
    expect(montant()).toHaveValue('1,925');
    expect(montant()).toHaveAccessibleDescription(/Écrivez les cents après une virgule, par exemple 1.925,00/);
    await userEvent.click(screen.getByRole('button', { name: 'Créer le bordereau' }));
    expect(post).not.toHaveBeenCalled();
    await typeMontant('1 925,5');
    expect(montant()).toHaveValue('1925,50');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le bordereau' }));
    expect(post).toHaveBeenCalledWith('/cash', { amount: 1925.5, billingAccountId: 'lease-1' });
  });
});

describe('CashSlipModal (spec 1 §4 loadhub cash)', () => {
  it('creates the slip with the amount of GET /cash/new and shows it with its QR code, number, amount and lease', async () => {
    const { dialog } = await renderModal();
    await waitFor(() => expect(amountInput()).toHaveValue('1925.00'));
    expect(within(dialog).getByRole('heading', { name: 'Create a cash slip' })).toHaveFocus();
    expect(get).toHaveBeenCalledWith('/cash/new', { query: { leaseId: 'lease-1' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create the slip' }));
    expect(post).toHaveBeenCalledWith('/cash', { amount: 1925, billingAccountId: 'lease-1' });
    const heading = await within(dialog).findByRole('heading', { name: 'Your cash slip' });
    await waitFor(() => expect(heading).toHaveFocus());
    const slip = screen.getByTestId('cash-slip');
    expect(within(slip).getByTestId('cash-slip-number')).toHaveTextContent('1234 5678 9012 3456');
    const qr = within(slip).getByRole('img', { name: 'QR code of cash slip 1234 5678 9012 3456' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(slip).toHaveTextContent(cad(192_500));
    expect(slip).toHaveTextContent('Harbourview Residences – Unit 804');
    expect(slip).toHaveTextContent('19-Nov-2026');
  });

  it.each([
    ['9.99', 'The minimum for Cash payments is $10.'],
    ['1993.01', 'Cannot exceed $1993 for Cash payments.'],
  ])('refuses %s after a submit attempt', async (value, message) => {
    await renderModal();
    await waitFor(() => expect(amountInput()).toHaveValue('1925.00'));
    await typeAmount(value);
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create the slip' }));
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(amountInput()).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();
  });

  it.each([
    ['10.00', 10],
    ['1993.00', 1993],
  ])('accepts the limit %s', async (value, amount) => {
    await renderModal();
    await waitFor(() => expect(amountInput()).toHaveValue('1925.00'));
    await typeAmount(value);
    await userEvent.click(screen.getByRole('button', { name: 'Create the slip' }));
    expect(post).toHaveBeenCalledWith('/cash', { amount, billingAccountId: 'lease-1' });
  });

  it("shows the lease's active slip; Edit amount sends PATCH /cash/{id}/update and shows the new amount", async () => {
    slips = [cashSlip()];
    const { dialog } = await renderModal();
    await within(dialog).findByRole('heading', { name: 'Your cash slip' });
    expect(get).not.toHaveBeenCalledWith('/cash/new', expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Edit amount' }));
    expect(within(dialog).getByRole('heading', { name: 'Change the amount' })).toBeInTheDocument();
    expect(amountInput()).toHaveValue('1925.00');
    await typeAmount('2000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Cannot exceed $1993 for Cash payments.')).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
    await typeAmount('500');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(patch).toHaveBeenCalledWith('/cash/slip-1/update', { amount: 500 });
    await within(dialog).findByRole('heading', { name: 'Your cash slip' });
    expect(screen.getByTestId('cash-slip')).toHaveTextContent(cad(50_000));
  });

  it('prints only the slip: window.print while the body carries the printing class', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      expect(document.body).toHaveClass('printing-cash-slip');
    });
    try {
      await renderModal(cashSlip());
      await userEvent.click(await screen.findByRole('button', { name: 'Print' }));
      expect(print).toHaveBeenCalledTimes(1);
      expect(screen.getByTestId('cash-slip')).toHaveClass('cash-slip-printable');
      window.dispatchEvent(new Event('afterprint'));
      expect(document.body).not.toHaveClass('printing-cash-slip');
    } finally {
      print.mockRestore();
    }
  });

  it('deletes only after the confirmation', async () => {
    const { onClose } = await renderModal(cashSlip());
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete this cash slip?' });
    expect(confirm).toHaveTextContent(`Once deleted, the slip for ${cad(192_500)} can no longer be paid at a store.`);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(del).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete this cash slip?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete the slip' }));
    expect(del).toHaveBeenCalledWith('/cash/slip-1/delete');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('The cash slip was deleted.')).toBeInTheDocument();
  });

  it("shows the server's message, or 'generic-contact-support' when there is none", async () => {
    post.mockRejectedValueOnce(new ApiError(400, 'RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'Cash slips are for Canada only.'));
    post.mockRejectedValueOnce(new ApiError(500, 'RM_ERROR_SYSTEM', ''));
    await renderModal();
    await waitFor(() => expect(amountInput()).toHaveValue('1925.00'));
    await userEvent.click(screen.getByRole('button', { name: 'Create the slip' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cash slips are for Canada only.');
    await userEvent.click(screen.getByRole('button', { name: 'Create the slip' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please contact support.'));
  });

  it('in French: the slip, its labels and the amount in the French format', async () => {
    await renderMode(<CashSlipModal opened onClose={vi.fn()} lease={lease} slip={cashSlip()} />, 'fr');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Votre bordereau de paiement comptant' })).toBeInTheDocument();
    expect(screen.getByTestId('cash-slip')).toHaveTextContent(formatMoney(192_500, 'CAD', 'fr').replace(/\s/g, ' '));
    expect(screen.getByRole('img', { name: 'Code QR du bordereau 1234 5678 9012 3456' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimer' })).toBeInTheDocument();
    expect(screen.getByTestId('cash-slip')).toHaveTextContent('19-nov-2026');
  });
});
