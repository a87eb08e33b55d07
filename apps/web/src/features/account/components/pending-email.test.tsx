// issue 25 (spec 2 §8): a new e-mail waits for its link: the save's note, the pending address under the field, the
// link sent again and the change withdrawn.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api-client';
import i18n from '../../../lib/i18n';
import { customer, renderAccount } from '../test/render';
import { ProfileCard } from './profile-card';

vi.mock('../../../lib/api-client', async (original) => (await import('../../../test/api-client-mock')).mockApiClient(original));

const patch = vi.mocked(api.patch);
const post = vi.mocked(api.post);
const ID = customer().id;

beforeEach(() => {
  patch.mockReset();
  post.mockReset();
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

const emailInput = () => screen.getByLabelText(/^Email/);

describe('ProfileCard: a new e-mail waiting for its link (issue 25)', () => {
  it('after saving a new e-mail, says a link went to it and shows it as waiting, the current address kept', async () => {
    // the server keeps `email` and sets `pendingEmail` (docs/api-contract.md)
    patch.mockImplementation(async () => customer({ pendingEmail: 'camille.new@example.com', emailVerified: true }));
    await renderAccount(<ProfileCard customer={customer()} payByTextEnabled={false} />);
    await userEvent.clear(emailInput());
    await userEvent.type(emailInput(), 'camille.new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const note = await screen.findByText(
      'Profile saved. We sent a link to camille.new@example.com: your e-mail changes once you confirm it.',
    );
    expect(note.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByText('Waiting for confirmation of camille.new@example.com')).toBeInTheDocument();
    expect(emailInput()).toHaveValue('tenant@demo.test');
    expect(screen.queryByText('Profile saved — check your email to confirm the new address')).not.toBeInTheDocument();
  });

  it('sends the link again for the pending address', async () => {
    post.mockResolvedValue({ result: 'SENT', email: 'camille.new@example.com' });
    await renderAccount(
      <ProfileCard customer={customer({ pendingEmail: 'camille.new@example.com' })} payByTextEnabled={false} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(post).toHaveBeenCalledWith(`/customer/${ID}/email/resend`);
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((s) => s.textContent === 'Sent: check camille.new@example.com.')).toBe(true),
    );
    const result = await axe.run(document.body, { resultTypes: ['violations'] });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('says the server’s 429 message when too many links were sent', async () => {
    post.mockRejectedValue(
      new ApiError(429, 'RM_ERROR_TOO_MANY_REQUESTS', 'Too many links were sent to this account in the last hour.'),
    );
    await renderAccount(
      <ProfileCard customer={customer({ pendingEmail: 'camille.new@example.com' })} payByTextEnabled={false} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many links were sent to this account in the last hour.');
  });

  it('withdraws the change: the waiting address goes, the note says so and the focus is back on the e-mail', async () => {
    post.mockResolvedValue(customer({ pendingEmail: null }));
    await renderAccount(
      <ProfileCard customer={customer({ pendingEmail: 'camille.new@example.com' })} payByTextEnabled={false} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the change' }));
    expect(post).toHaveBeenCalledWith(`/customer/${ID}/email/cancel`);
    expect(await screen.findByText('The e-mail change was cancelled.')).toBeInTheDocument();
    expect(screen.queryByText(/Waiting for confirmation/)).not.toBeInTheDocument();
    expect(emailInput()).toHaveFocus();
  });

  it('speaks French', async () => {
    await renderAccount(
      <ProfileCard customer={customer({ pendingEmail: 'camille.new@example.com' })} payByTextEnabled={false} />,
      {
        lang: 'fr',
      },
    );
    expect(screen.getByText('En attente de la confirmation de camille.new@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renvoyer le lien' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annuler le changement' })).toBeInTheDocument();
  });
});
