import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { lease } from '../../../test/payment-fixtures';
import { renderWithProviders } from '../../../test/render';
import { BankBlockedAlert } from './bank-blocked-alert';

const blocked = (id: string) => lease(id, 'Pike Street Flats', { blockPayments: { TYPE_BANK_ACCOUNT: { blocked: true } } });

beforeEach(() => window.localStorage.clear());

describe('BankBlockedAlert (spec 2 §8 / §6: once per lease)', () => {
  it('names the property, says autopay by bank will not be processed, and shows once per lease', async () => {
    const user = userEvent.setup();
    const { unmount } = await renderWithProviders(<BankBlockedAlert lease={blocked('l-us')} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Bank account payments for Pike Street Flats have been blocked by your Property Manager. Autopay with a bank account will not be processed.',
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    unmount();
    // the next visit: not again for this lease, but for another one
    const again = await renderWithProviders(<BankBlockedAlert lease={blocked('l-us')} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    again.unmount();
    await renderWithProviders(<BankBlockedAlert lease={blocked('l-other')} />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    // shared with the payment page's record of the same alert
    expect(JSON.parse(window.localStorage.getItem('payments.bankBlockedAlertShown') ?? '[]')).toEqual(['l-us', 'l-other']);
  });

  it('shows nothing when bank payments are not blocked', async () => {
    await renderWithProviders(<BankBlockedAlert lease={lease('l-ca', 'Harbourview Residences')} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
