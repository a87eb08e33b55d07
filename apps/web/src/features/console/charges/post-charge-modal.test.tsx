// issue 23 "Charges": the console's charge modal as a manager uses it: the company's codes (or the spec's defaults, in
// the user's language), an amount typed the French way read by the one amount parser, a charge's due date, a credit
// without one, refusals on their fields with the focus on the first, the server's field messages, the lease search's
// company when GET /company/{id} is refused, and no serious axe violation.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, search } from '../../../lib/api-client';
import i18n from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { PostChargeModal } from './post-charge-modal';

vi.mock('../../../lib/api-client', async (original) => (await import('../../../test/api-client-mock')).mockApiClient(original));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const searchMock = vi.mocked(search);

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const posted = {
  kind: 'CHARGE',
  leaseId: 'lease-1',
  openCharge: {
    id: 'oc-1',
    billingAccountId: 'lease-1',
    code: 'parking',
    name: 'Parking',
    dueDate: today(),
    postMonth: null,
    amount: 1234.56,
    balance: 1234.56,
    description: null,
  },
  transaction: null,
  unappliedCredit: 0,
  balance: 1234.56,
};

function open(lang: 'en' | 'fr' = 'en') {
  const onClose = vi.fn();
  const onPosted = vi.fn();
  const view = renderWithProviders(
    <PostChargeModal leaseId="lease-1" companyId="co-1" opened onClose={onClose} onPosted={onPosted} />,
    { lang },
  );
  return { onClose, onPosted, view };
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  searchMock.mockReset();
  get.mockResolvedValue({ id: 'co-1', chargeCodes: [] });
  post.mockResolvedValue(posted);
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('PostChargeModal', () => {
  it('posts a charge typed the French way, with the default codes named in French', async () => {
    const { onClose, onPosted } = open('fr');
    const dialog = await screen.findByRole('dialog', { name: 'Inscrire des frais ou un crédit' });
    expect(get).toHaveBeenCalledWith('/company/co-1');
    const code = await within(dialog).findByLabelText(/Code de frais/);
    expect(within(code).getByRole('option', { name: 'Stationnement' })).toBeInTheDocument();
    await userEvent.selectOptions(code, 'parking');
    await userEvent.type(within(dialog).getByLabelText(/Montant/), '1 234,56');
    expect(within(dialog).getByLabelText(/Date d’échéance/)).toHaveValue(today());
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Stationnement P2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Inscrire les frais' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/open_charge/create', {
        leaseId: 'lease-1',
        kind: 'CHARGE',
        code: 'parking',
        amount: 1234.56,
        dueDate: today(),
        description: 'Stationnement P2',
      }),
    );
    expect(onPosted).toHaveBeenCalledWith(posted);
    expect(onClose).toHaveBeenCalled();
  });

  it("offers only the company's own codes, as the company names them; a credit has no due date", async () => {
    get.mockResolvedValue({ id: 'co-1', chargeCodes: [{ code: 'FOB', name: 'Key fob' }] });
    open();
    const dialog = await screen.findByRole('dialog');
    const code = await within(dialog).findByLabelText(/Charge code/);
    expect(
      within(code)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.any(String), 'Key fob']);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Credit' }));
    expect(within(dialog).queryByLabelText(/Due date/)).not.toBeInTheDocument();
    await userEvent.selectOptions(code, 'FOB');
    await userEvent.type(within(dialog).getByLabelText(/Amount/), '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post the credit' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/open_charge/create', { leaseId: 'lease-1', kind: 'CREDIT', code: 'FOB', amount: 50 }),
    );
  });

  it('refuses an empty form on its fields and focuses the first', async () => {
    open();
    const dialog = await screen.findByRole('dialog');
    const code = await within(dialog).findByLabelText(/Charge code/);
    await userEvent.clear(within(dialog).getByLabelText(/Due date/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post the charge' }));
    expect(await within(dialog).findByText('Choose a charge code.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter an amount above 0.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the due date.')).toBeInTheDocument();
    await waitFor(() => expect(code).toHaveFocus());
    // an amount above the spec's limit (spec 1 §9)
    await userEvent.type(within(dialog).getByLabelText(/Amount/), '100000.01');
    expect(await within(dialog).findByText('Enter an amount of at most 100,000.00.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it("shows the server's refusal on its field and focuses it", async () => {
    post.mockRejectedValue(
      new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'Enter a due date (YYYY-MM-DD) within two years of today.', [
        { field: 'dueDate', message: 'Enter a due date (YYYY-MM-DD) within two years of today.' },
      ]),
    );
    const { onClose } = open();
    const dialog = await screen.findByRole('dialog');
    await userEvent.selectOptions(await within(dialog).findByLabelText(/Charge code/), 'Rent');
    await userEvent.type(within(dialog).getByLabelText(/Amount/), '10');
    const due = within(dialog).getByLabelText(/Due date/);
    await userEvent.clear(due);
    await userEvent.type(due, '20990101');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post the charge' }));
    expect(await within(dialog).findByText('Enter a due date (YYYY-MM-DD) within two years of today.')).toBeInTheDocument();
    await waitFor(() => expect(due).toHaveFocus());
    expect(onClose).not.toHaveBeenCalled();
  });

  it("an answer without a field (another company's lease: 404) shows in an alert", async () => {
    post.mockRejectedValue(new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'Lease not found'));
    open();
    const dialog = await screen.findByRole('dialog');
    await userEvent.selectOptions(await within(dialog).findByLabelText(/Charge code/), 'Rent');
    await userEvent.type(within(dialog).getByLabelText(/Amount/), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post the charge' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(i18n.t('errors.notFound'));
  });

  it("reads the codes from the lease search's company when GET /company/{id} is refused", async () => {
    get.mockRejectedValue(new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'Company not found'));
    searchMock.mockResolvedValue({
      records: [{ joins: { company: { chargeCodes: [{ code: 'RENT', name: 'Monthly rent' }] } } }],
      totalPages: 1,
      totalRecords: 1,
      page: 1,
    });
    open();
    const code = await screen.findByLabelText(/Charge code/);
    expect(within(code).getByRole('option', { name: 'Monthly rent' })).toBeInTheDocument();
    expect(searchMock).toHaveBeenCalledWith('property_lease', {
      conditions: [{ field: 'id', operator: 'EQUALS', value: 'lease-1' }],
      joins: ['company'],
    });
  });

  it('has no serious or critical axe violation (open, and with errors shown)', async () => {
    open('fr');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText(/Code de frais/);
    const check = async () => {
      const result = await axe.run(document.body, {
        rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
      });
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    };
    expect(await check()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Inscrire les frais' }));
    await within(dialog).findByText('Choisissez un code de frais.');
    expect(await check()).toEqual([]);
  });
});
