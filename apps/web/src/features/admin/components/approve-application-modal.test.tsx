// spec 2 §4/§5: the approval's lease dates are the portal's DateField (typed yyyy-mm-dd, spelled back DD-MMM-YYYY in
// the portal's language), judged by approveErrors as before (same messages).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ApproveApplicationModal } from './approve-application-modal';

async function open(lang: 'en' | 'fr' = 'en') {
  const onSubmit = vi.fn();
  await renderWithProviders(
    <ApproveApplicationModal
      opened
      applicantName="Camille Roy"
      propertyName="Harbourview Residences"
      submitting={false}
      error={null}
      onSubmit={onSubmit}
      onClose={vi.fn()}
    />,
    { lang },
  );
  const dialog = await screen.findByRole('dialog', {
    name: lang === 'fr' ? 'Approuver la demande de Camille Roy' : 'Approve the application of Camille Roy',
  });
  return { dialog, onSubmit };
}

describe('ApproveApplicationModal: the lease dates', () => {
  it('text fields (not native date inputs): digits typed read 2026-12-01, spelled back 01-Dec-2026, sent as ISO', async () => {
    const { dialog, onSubmit } = await open();
    const user = userEvent.setup();
    const start = within(dialog).getByRole('textbox', { name: /^Lease start date/ });
    expect(start).not.toHaveAttribute('type', 'date');
    expect(start).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    await user.type(start, '20261201');
    expect(start).toHaveValue('2026-12-01');
    expect(start).toHaveAccessibleDescription('Date: 01-Dec-2026');
    // the ISO form a journey fills is kept as typed
    const end = within(dialog).getByRole('textbox', { name: /^Lease end date/ });
    await user.click(end);
    await user.paste('2027-11-30');
    expect(end).toHaveValue('2027-11-30');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ startDate: '2026-12-01', endDate: '2027-11-30' }));
  });

  it('refuses an impossible date and an end before the start with their messages, sending nothing', async () => {
    const { dialog, onSubmit } = await open();
    const user = userEvent.setup();
    const start = within(dialog).getByRole('textbox', { name: /^Lease start date/ });
    const end = within(dialog).getByRole('textbox', { name: /^Lease end date/ });
    await user.type(start, '20261301');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(start).toHaveAttribute('aria-invalid', 'true'));
    expect(start).toHaveAccessibleDescription(expect.stringContaining('Use the yyyy-mm-dd format.'));
    // A well-formed day that does not exist (30 February) is refused too, before anything is sent.
    await user.clear(start);
    await user.type(start, '20270230');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(start).toHaveAttribute('aria-invalid', 'true'));
    expect(start).toHaveAccessibleDescription(expect.stringContaining('Use the yyyy-mm-dd format.'));
    await user.clear(start);
    await user.type(start, '20261201');
    await user.type(end, '20261101');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(end).toHaveAccessibleDescription(expect.stringContaining('The end date must be after the start date.')),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('in French: aaaa-mm-jj, 01-déc-2026, and the French refusals', async () => {
    const { dialog, onSubmit } = await open('fr');
    const user = userEvent.setup();
    const start = within(dialog).getByRole('textbox', { name: /^Date de début du bail/ });
    expect(start).toHaveAttribute('placeholder', 'aaaa-mm-jj');
    await user.click(within(dialog).getByRole('button', { name: 'Approuver' }));
    await waitFor(() => expect(start).toHaveAccessibleDescription(expect.stringContaining('Entrez la date de début du bail.')));
    await user.type(start, '20261201');
    expect(start).toHaveAccessibleDescription(expect.stringContaining('Date\u202f: 01-déc-2026'));
    await user.clear(start);
    await user.type(start, '20261340');
    await user.click(within(dialog).getByRole('button', { name: 'Approuver' }));
    await waitFor(() => expect(start).toHaveAccessibleDescription(expect.stringContaining('Utilisez le format aaaa-mm-jj.')));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
