// spec 2 §4/§5: the end date of End lease is the portal's DateField (typed yyyy-mm-dd, spelled back DD-MMM-YYYY in the
// portal's language), judged as before (a whole valid date, not before the lease's start).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import type { ConsoleLease } from './api/leases';
import { EndLeaseDialog } from './end-lease-dialog';

vi.mock('../../../lib/api-client', async (original) => (await import('../../../test/api-client-mock')).mockApiClient(original));
const post = vi.mocked(api.post);

const lease = {
  id: 'lease-9',
  status: 'ACTIVE',
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  currency: 'CAD',
  openCharges: { count: 0, balance: 0 },
} as ConsoleLease;

beforeEach(() => {
  post.mockReset();
  post.mockResolvedValue({ lease: { ...lease, status: 'TERMINATED' }, schedulesDeactivated: 0, openCharges: lease.openCharges });
});

async function open(lang: 'en' | 'fr' = 'en') {
  const onClose = vi.fn();
  await renderWithProviders(<EndLeaseDialog lease={lease} opened onClose={onClose} />, { lang });
  const dialog = await screen.findByRole('dialog', { name: lang === 'fr' ? /^Mettre fin à ce bail/ : 'End this lease?' });
  return { dialog, onClose, end: within(dialog).getByRole('textbox', { name: lang === 'fr' ? /^Date de fin/ : /^End date/ }) };
}

describe('EndLeaseDialog: the end date', () => {
  it("a text field (not a native date input): the lease's end date spelled back 30-Nov-2027; digits typed read as ISO", async () => {
    const { dialog, onClose, end } = await open();
    const user = userEvent.setup();
    expect(end).not.toHaveAttribute('type', 'date');
    expect(end).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    expect(end).toHaveValue('2027-11-30');
    expect(end).toHaveAccessibleDescription('Date: 30-Nov-2027');
    await user.clear(end);
    await user.type(end, '20270131');
    expect(end).toHaveValue('2027-01-31');
    expect(end).toHaveAccessibleDescription('Date: 31-Jan-2027');
    await user.click(within(dialog).getByRole('button', { name: 'End the lease' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/property_lease/lease-9/terminate', { endDate: '2027-01-31' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('refuses an impossible date and a date before the start on the field, asking nothing of the server', async () => {
    const { dialog, end } = await open();
    const user = userEvent.setup();
    await user.clear(end);
    await user.type(end, '20270230');
    await user.click(within(dialog).getByRole('button', { name: 'End the lease' }));
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(end).toHaveAccessibleDescription(expect.stringContaining('Invalid date (yyyy-mm-dd)'));
    await user.clear(end);
    await user.type(end, '2026-11-01');
    await user.click(within(dialog).getByRole('button', { name: 'End the lease' }));
    expect(end).toHaveAccessibleDescription(expect.stringContaining('The end date cannot be before the start date.'));
    expect(post).not.toHaveBeenCalled();
  });

  it('in French: aaaa-mm-jj, 30-nov.-2027 spelled back, and the French refusals', async () => {
    const { dialog, end } = await open('fr');
    const user = userEvent.setup();
    expect(end).toHaveAttribute('placeholder', 'aaaa-mm-jj');
    expect(end).toHaveAccessibleDescription(expect.stringMatching(/^Date\u202f: 30-nov\.?-2027$/));
    await user.clear(end);
    await user.type(end, '20271301');
    await user.click(within(dialog).getByRole('button', { name: 'Mettre fin au bail' }));
    expect(end).toHaveAccessibleDescription(expect.stringContaining('Date invalide (aaaa-mm-jj)'));
    await user.clear(end);
    await user.type(end, '20261101');
    await user.click(within(dialog).getByRole('button', { name: 'Mettre fin au bail' }));
    expect(end).toHaveAccessibleDescription(
      expect.stringContaining('La date de fin ne peut pas être antérieure à la date de début.'),
    );
    expect(post).not.toHaveBeenCalled();
  });
});
