import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../api/types';
import { ApiError, api } from '../../../lib/api-client';
import i18n from '../../../lib/i18n';
import { customer, renderAccount } from '../test/render';
import { TEXT_START_NUMBER } from '../text-messages';
import { ProfileCard } from './profile-card';

vi.mock('../../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client')>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() }, search: vi.fn() };
});

const patch = vi.mocked(api.patch);
const REQUIRED = 'Required Field';

const phoneInput = () => screen.getByLabelText(/^Mobile phone/);
const alternateInput = () => screen.getByLabelText(/^Alternate phone/);
const contactSelect = () => screen.getByLabelText(/^Preferred contact method/);
const unmuteBox = () => screen.getByRole('checkbox', { name: 'Receive text message notifications' });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const lastBody = () => patch.mock.calls.at(-1)?.[1] as Record<string, unknown>;

async function renderCard(c: Customer, payByTextEnabled = false) {
  return renderAccount(<ProfileCard customer={c} payByTextEnabled={payByTextEnabled} />);
}

/** The card under a customer record that changes (as a refetch or a save changes the query's data). */
let showCustomer: (c: Customer) => void = () => {};
function ChangingCustomer() {
  const [shown, setShown] = useState(customer());
  showCustomer = setShown;
  return <ProfileCard customer={shown} payByTextEnabled={false} />;
}

beforeEach(() => {
  patch.mockReset();
  patch.mockImplementation(async (_path, body) => ({ ...customer(), ...(body as object) }));
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('ProfileCard requirements (spec 1 §5) show only after a submit attempt (spec 2 §5)', () => {
  it('requires the mobile phone when the preferred contact is MOBILE_PHONE', async () => {
    await renderCard(customer());
    await userEvent.clear(phoneInput());
    await userEvent.selectOptions(contactSelect(), 'MOBILE_PHONE');
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
    expect(phoneInput()).not.toHaveAttribute('aria-invalid');

    await save();
    expect(phoneInput()).toHaveAccessibleDescription(REQUIRED);
    expect(phoneInput()).toHaveAttribute('aria-invalid', 'true');
    expect(patch).not.toHaveBeenCalled();

    // after the attempt, the messages follow the inputs, the requirement's own inputs included
    await userEvent.selectOptions(contactSelect(), 'EMAIL');
    expect(phoneInput()).not.toHaveAttribute('aria-invalid');
    await userEvent.click(unmuteBox());
    expect(phoneInput()).toHaveAccessibleDescription(REQUIRED);
    await userEvent.type(phoneInput(), '604-555-0199');
    expect(phoneInput()).toHaveValue('6045550199');
    expect(phoneInput()).not.toHaveAccessibleDescription(REQUIRED);
  });

  it('requires the alternate phone when the preferred contact is ALTERNATE_PHONE', async () => {
    await renderCard(customer());
    await userEvent.selectOptions(contactSelect(), 'ALTERNATE_PHONE');
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
    await save();
    expect(alternateInput()).toHaveAccessibleDescription(REQUIRED);
    expect(phoneInput()).not.toHaveAttribute('aria-invalid');
    expect(patch).not.toHaveBeenCalled();
  });

  it('requires the mobile phone when the text-notification box is on', async () => {
    await renderCard(customer({ phone: null, muteTextMessageNotification: true }));
    expect(unmuteBox()).not.toBeChecked();
    await userEvent.click(unmuteBox());
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
    await save();
    expect(phoneInput()).toHaveAccessibleDescription(REQUIRED);
    expect(patch).not.toHaveBeenCalled();
  });

  it('requires the mobile phone and a preferred contact method when pay-by-text is on', async () => {
    await renderCard(customer({ phone: null, preferredContactMethod: null }), true);
    expect(screen.getByText(/Pay by text is on/)).toBeInTheDocument();
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
    await save();
    expect(phoneInput()).toHaveAccessibleDescription(REQUIRED);
    expect(contactSelect()).toHaveAccessibleDescription(REQUIRED);
    expect(patch).not.toHaveBeenCalled();
  });

  it('needs no phone when nothing asks for one, and saves', async () => {
    await renderCard(customer({ phone: null, preferredContactMethod: 'EMAIL', muteTextMessageNotification: true }));
    await save();
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
    expect(lastBody()).not.toHaveProperty('phone');
  });

  it('checks the email (invalid pattern) only after the attempt', async () => {
    await renderCard(customer());
    const email = screen.getByLabelText(/^Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    expect(screen.queryByText('Invalid Email Address')).not.toBeInTheDocument();
    await save();
    expect(email).toHaveAccessibleDescription('Invalid Email Address');
    expect(patch).not.toHaveBeenCalled();
  });

  it('checks the names and the birth date', async () => {
    await renderCard(customer());
    await userEvent.clear(screen.getByLabelText(/^First name/));
    await userEvent.type(screen.getByLabelText(/^Last name/), 'x'.repeat(40));
    await save();
    expect(screen.getByLabelText(/^First name/)).toHaveAccessibleDescription(REQUIRED);
    // issue 9: the limit is filled in, never "under {{max}} characters"
    expect(screen.getByLabelText(/^Last name/)).toHaveAccessibleDescription('Name must be under 32 characters');
    expect(patch).not.toHaveBeenCalled();
  });

  it('fills the limit in French too', async () => {
    await renderAccount(<ProfileCard customer={customer()} payByTextEnabled={false} />, { lang: 'fr' });
    await userEvent.type(screen.getByLabelText(/^Nom de famille/), 'x'.repeat(40));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const description = screen.getByLabelText(/^Nom de famille/).getAttribute('aria-describedby') ?? '';
    const text = description
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(text).toContain('32');
    expect(text).not.toContain('{{');
  });

  it('takes the birth date as yyyy-mm-dd and refuses a future one, an age under 18 or over 120 (issue 9)', async () => {
    await renderCard(customer({ birthDate: null }));
    const birth = screen.getByLabelText(/^Birth date/);
    expect(birth).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    await userEvent.type(birth, '19900412');
    expect(birth).toHaveValue('1990-04-12');

    const year = new Date().getFullYear();
    for (const [value, message] of [
      [`${year + 1}0101`, 'The date of birth must be in the past'],
      [`${year - 10}0101`, 'You must be at least 18 years old'],
      ['18800101', 'Please check the date of birth: it gives an age over 120'],
    ] as const) {
      await userEvent.clear(birth);
      await userEvent.type(birth, value);
      await save();
      expect(birth).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(patch).not.toHaveBeenCalled();
    await userEvent.clear(birth);
    await userEvent.type(birth, '1990-04-12');
    await save();
    await waitFor(() => expect(lastBody()).toMatchObject({ birthDate: '1990-04-12' }));
  });
});

describe('ProfileCard save', () => {
  it('saves mute as the inverse of the unmute box (spec 1 §4)', async () => {
    await renderCard(customer({ muteTextMessageNotification: false }));
    expect(unmuteBox()).toBeChecked();
    await userEvent.click(unmuteBox());
    await save();
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    expect(lastBody().muteTextMessageNotification).toBe(true);
  });

  it('saves unmute on as muteTextMessageNotification false', async () => {
    await renderCard(customer({ muteTextMessageNotification: true }));
    await userEvent.click(unmuteBox());
    await save();
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    expect(lastBody().muteTextMessageNotification).toBe(false);
  });

  it('sends the phone only when it changed, and never phoneMetadata or phoneStatus', async () => {
    await renderCard(customer());
    await save();
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    expect(patch.mock.calls[0][0]).toBe('/customer/c0000000-0000-4000-8000-000000000001/update');
    expect(lastBody()).not.toHaveProperty('phone');
    expect(lastBody()).not.toHaveProperty('phoneMetadata');
    expect(lastBody()).not.toHaveProperty('phoneStatus');

    await userEvent.clear(phoneInput());
    await userEvent.type(phoneInput(), '+1 604 555 0199');
    await save();
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(2));
    expect(lastBody().phone).toBe('+16045550199');
    expect(lastBody()).not.toHaveProperty('phoneMetadata');
    expect(lastBody()).not.toHaveProperty('phoneStatus');
  });

  it('shows "Profile saved", or the check-email notice when the email changed', async () => {
    await renderCard(customer());
    await save();
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();

    const email = screen.getByLabelText(/^Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'camille.new@example.com');
    await save();
    expect(await screen.findByText('Profile saved — check your email to confirm the new address')).toBeInTheDocument();
    expect(lastBody().email).toBe('camille.new@example.com');
  });

  it('disables Save and shows it loading while the save runs', async () => {
    let finish: (c: Customer) => void = () => {};
    patch.mockImplementation(() => new Promise((resolve) => (finish = resolve as (c: Customer) => void)));
    await renderCard(customer());
    await save();
    const button = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('data-loading', 'true');
    finish(customer());
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('switches the locale when the save returns an id', async () => {
    await renderCard(customer());
    await userEvent.selectOptions(screen.getByLabelText(/^Language/), 'fr');
    await save();
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(lastBody().languageCode).toBe('fr');
    expect(await screen.findByRole('heading', { name: 'Profil' })).toBeInTheDocument();
    expect(await screen.findByText('Profil enregistré')).toBeInTheDocument();
  });

  it('keeps the locale when the save answer has no id', async () => {
    patch.mockResolvedValue({} as Customer);
    await renderCard(customer());
    await userEvent.selectOptions(screen.getByLabelText(/^Language/), 'fr');
    await save();
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    expect(i18n.language).toBe('en');
  });
});

describe('ProfileCard server errors (spec 1 §8)', () => {
  it('shows the email-exists alert for RM_ERROR_RECORD_ALREADY_EXIST', async () => {
    patch.mockRejectedValue(new ApiError(409, 'RM_ERROR_RECORD_ALREADY_EXIST', 'Email already in use'));
    await renderCard(customer());
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('drops a stale email-exists alert as soon as the email changes (issue 9)', async () => {
    patch.mockRejectedValueOnce(new ApiError(409, 'RM_ERROR_RECORD_ALREADY_EXIST', 'Email already in use'));
    await renderCard(customer());
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
    await userEvent.type(screen.getByLabelText(/^Email/), 'x');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^Email/)).not.toHaveAttribute('aria-invalid');
  });

  it('shows the server message and its field errors for RM_ERROR_RECORD_VALIDATION', async () => {
    patch.mockRejectedValue(
      new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'Mobile phone is required for pay by text', [
        { field: 'phone', message: 'Mobile phone is required for pay by text' },
      ]),
    );
    await renderCard(customer());
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Mobile phone is required for pay by text');
    expect(phoneInput()).toHaveAccessibleDescription('Mobile phone is required for pay by text');
  });
});

describe('ProfileCard text messages', () => {
  it('explains how to restart texts after a STOP reply', async () => {
    await renderCard(customer({ textMessageNotificationMutedBy: 'CUSTOMER' }));
    expect(screen.getByText(new RegExp(`text START to ${TEXT_START_NUMBER}`))).toBeInTheDocument();
  });

  it('takes a changed customer record (a refetch, a save) and keeps what the tenant is typing', async () => {
    await renderAccount(<ChangingCustomer />);
    const first = screen.getByLabelText(/^First name/);
    expect(first).toHaveValue('Camille');
    await userEvent.clear(first);
    await userEvent.type(first, 'Camila');
    act(() => showCustomer(customer({ firstName: 'Other', lastName: 'Gagnon' })));
    await waitFor(() => expect(screen.getByLabelText(/^Last name/)).toHaveValue('Gagnon'));
    expect(first).toHaveValue('Camila');
  });

  it('has no STOP text otherwise', async () => {
    await renderCard(customer());
    expect(screen.queryByText(/START/)).not.toBeInTheDocument();
  });
});

// spec 2 §4/§5: the birth date is the portal's DateField (typed yyyy-mm-dd, spelled back DD-MMM-YYYY in the portal's
// language), with the profile's same rules and messages
describe('ProfileCard birth date field', () => {
  it('shows the saved date as ISO with 20-May-1990 spelled back, and refuses an impossible date before saving', async () => {
    await renderCard(customer({ birthDate: '1990-05-20' }));
    const birth = screen.getByRole('textbox', { name: /^Birth date/ });
    expect(birth).not.toHaveAttribute('type', 'date');
    expect(birth).toHaveAttribute('autocomplete', 'bday');
    expect(birth).toHaveValue('1990-05-20');
    expect(birth).toHaveAccessibleDescription(expect.stringContaining('Date: 20-May-1990'));
    await userEvent.clear(birth);
    await userEvent.type(birth, '19900230');
    expect(birth).toHaveValue('1990-02-30');
    await save();
    expect(birth).toHaveAccessibleDescription(expect.stringContaining('Invalid date (yyyy-mm-dd)'));
    expect(patch).not.toHaveBeenCalled();
  });

  it('in French: aaaa-mm-jj, 20-mai-1990, and the French refusals (invalid date, under 18)', async () => {
    await renderAccount(<ProfileCard customer={customer({ birthDate: null })} payByTextEnabled={false} />, { lang: 'fr' });
    const birth = screen.getByRole('textbox', { name: /^Date de naissance/ });
    expect(birth).toHaveAttribute('placeholder', 'aaaa-mm-jj');
    await userEvent.type(birth, '19900520');
    expect(birth).toHaveAccessibleDescription(expect.stringContaining('Date\u202f: 20-mai-1990'));
    await userEvent.clear(birth);
    await userEvent.type(birth, '19901301');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(birth).toHaveAccessibleDescription(expect.stringContaining('Date invalide (aaaa-mm-jj)'));
    await userEvent.clear(birth);
    await userEvent.type(birth, `${new Date().getFullYear() - 10}0101`);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(birth).toHaveAccessibleDescription(expect.stringContaining('Vous devez avoir au moins 18 ans')));
    expect(patch).not.toHaveBeenCalled();
  });
});
