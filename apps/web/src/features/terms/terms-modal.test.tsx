// The terms modal (spec 1 §4, spec 2 §5, issue 9): focus inside on open, the language choice, and a missing birth
// date asked in place before accepting.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../api/types';
import { ApiError, api } from '../../lib/api-client';
import i18n, { type Lang } from '../../lib/i18n';
import { customerFixture, renderWithProviders } from '../../test/render';
import { TermsModal } from './terms-modal';

vi.mock('../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/api-client')>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() }, search: vi.fn() };
});
const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const patch = vi.mocked(api.patch);

const ID = 'cust-1';
let current: Customer;

beforeEach(() => {
  vi.clearAllMocks();
  current = customerFixture({ id: ID, acknowledgedTerms: false });
  get.mockImplementation(async () => current);
  post.mockImplementation(async () => ({ id: ID, acknowledgedTerms: true }));
  patch.mockImplementation(async (_path, body) => {
    current = { ...current, ...(body as object) };
    return current;
  });
});

/** The modal with the shell's language choice (it switches the UI language when chosen). */
function Harness() {
  const [lang, setLang] = useState<Lang>('en');
  return (
    <>
      <button type="button">Covered page control</button>
      <TermsModal
        customerId={ID}
        lang={lang}
        onLanguageChange={(l) => {
          setLang(l);
          void i18n.changeLanguage(l);
        }}
      />
    </>
  );
}

async function openModal() {
  await renderWithProviders(<Harness />);
  const dialog = await screen.findByRole('dialog', { name: 'Terms of use' });
  await within(dialog).findByText('1. Acceptance and eligibility');
  return dialog;
}

describe('TermsModal', () => {
  it('takes the focus when it opens, on its heading, and keeps Tab inside (issue 9)', async () => {
    const dialog = await openModal();
    const heading = within(dialog).getByRole('heading', { name: 'Terms of use' });
    await waitFor(() => expect(heading).toHaveFocus());
    for (let i = 0; i < 8; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement), `tab ${i}: ${document.activeElement?.outerHTML.slice(0, 80)}`).toBe(true);
    }
    expect(screen.getByRole('button', { name: 'Covered page control', hidden: true })).not.toHaveFocus();
  });

  it('offers the language choice, and the terms text follows it', async () => {
    const dialog = await openModal();
    await userEvent.selectOptions(within(dialog).getByLabelText('Language'), 'fr');
    expect(await within(dialog).findByText(/^1\. Acceptation et admissibilité/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Conditions d’utilisation' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('asks for a missing birth date in place, saves it, then accepts (spec 2 §5)', async () => {
    current = customerFixture({ id: ID, acknowledgedTerms: false, birthDate: null });
    const dialog = await openModal();
    const birth = await within(dialog).findByLabelText(/^Date of birth/);
    expect(birth).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(birth).toHaveAccessibleDescription(expect.stringContaining('Required Field'));
    expect(post).not.toHaveBeenCalled();

    await userEvent.type(birth, `${new Date().getFullYear() - 10}0101`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(birth).toHaveAccessibleDescription(expect.stringContaining('You must be at least 18 years old'));
    expect(patch).not.toHaveBeenCalled();

    await userEvent.clear(birth);
    await userEvent.type(birth, '19900412');
    expect(birth).toHaveValue('1990-04-12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`/customer/${ID}/acceptterms`));
    expect(patch).toHaveBeenCalledWith(`/customer/${ID}/update`, { birthDate: '1990-04-12' });
    expect(patch.mock.invocationCallOrder[0]).toBeLessThan(post.mock.invocationCallOrder[0]);
  });

  it("asks for the birth date when the server says it is missing, and shows the server's refusal otherwise", async () => {
    post.mockRejectedValueOnce(
      new ApiError(400, 'RM_ERROR_REQUIRED_FIELD', 'needed', [
        { field: 'birthDate', errorCode: 'RM_ERROR_REQUIRED_FIELD', message: 'needed' },
      ]),
    );
    const dialog = await openModal();
    expect(within(dialog).queryByLabelText(/^Date of birth/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(await within(dialog).findByLabelText(/^Date of birth/)).toBeInTheDocument();
  });

  it('says before the tenant tries when the mailing address is outside the US and Canada', async () => {
    current = customerFixture({ id: ID, acknowledgedTerms: false, country: 'MX' as Customer['country'] });
    const dialog = await openModal();
    expect(
      within(dialog).getByText('The terms of use can only be accepted with a mailing address in the US or Canada'),
    ).toBeInTheDocument();
  });
});

// spec 2 §4/§5: the birth date is the portal's DateField (typed yyyy-mm-dd, spelled back DD-MMM-YYYY in the portal's
// language), with the same 18-or-older rule and messages
describe('TermsModal: the birth date field', () => {
  it('spells the date typed back as 20-May-1990, keeps an ISO paste as typed, and refuses an impossible date', async () => {
    current = customerFixture({ id: ID, acknowledgedTerms: false, birthDate: null });
    const dialog = await openModal();
    const birth = await within(dialog).findByRole('textbox', { name: /^Date of birth/ });
    expect(birth).not.toHaveAttribute('type', 'date');
    expect(birth).toHaveAttribute('autocomplete', 'bday');
    await userEvent.type(birth, '19900520');
    expect(birth).toHaveValue('1990-05-20');
    expect(birth).toHaveAccessibleDescription(expect.stringContaining('Date: 20-May-1990'));
    await userEvent.clear(birth);
    await userEvent.click(birth);
    await userEvent.paste('1990-02-30');
    expect(birth).toHaveValue('1990-02-30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }));
    await waitFor(() => expect(birth).toHaveAccessibleDescription(expect.stringContaining('Invalid date (yyyy-mm-dd)')));
    expect(patch).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
  });

  it('in French: aaaa-mm-jj, 20-mai-1990, and the French refusals (invalid date, under 18)', async () => {
    current = customerFixture({ id: ID, acknowledgedTerms: false, birthDate: null });
    await renderWithProviders(<TermsModal customerId={ID} lang="fr" />, { lang: 'fr' });
    const dialog = await screen.findByRole('dialog', { name: 'Conditions d’utilisation' });
    const birth = await within(dialog).findByRole('textbox', { name: /^Date de naissance/ });
    expect(birth).toHaveAttribute('placeholder', 'aaaa-mm-jj');
    await userEvent.type(birth, '19900520');
    expect(birth).toHaveAccessibleDescription(expect.stringContaining('Date\u202f: 20-mai-1990'));
    await userEvent.clear(birth);
    await userEvent.type(birth, '19901331');
    await userEvent.click(within(dialog).getByRole('button', { name: 'J’accepte' }));
    await waitFor(() => expect(birth).toHaveAccessibleDescription(expect.stringContaining('Date invalide (aaaa-mm-jj)')));
    await userEvent.clear(birth);
    await userEvent.type(birth, `${new Date().getFullYear() - 10}0101`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'J’accepte' }));
    await waitFor(() => expect(birth).toHaveAccessibleDescription(expect.stringContaining('Vous devez avoir au moins 18 ans')));
    expect(patch).not.toHaveBeenCalled();
  });
});
