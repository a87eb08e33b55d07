// The property sign-up modal (spec 2 §2, §3, §5, §8; spec 1 §2 Lease-details modal): search, can't-find help,
// lease-details rules and payload (integration included), submitting flag, completion and its closing.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api-client';
import { clearSession, getToken } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { onboardingPage, originToken, page, property, routeApi } from '../test/fixtures';
import { PropertySignupModal, type PropertySignupModalProps } from './property-signup-modal';

vi.mock('../../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client')>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
const mockedApi = vi.mocked(api) as unknown as { get: ReturnType<typeof vi.fn>; post: ReturnType<typeof vi.fn> };

const USER = { id: 'cust-new', firstName: 'Noa', lastName: 'Martin', email: 'noa@example.com' };
const towers = property();
const quay = property({ id: 'prop-2', propertyName: 'Quayside Lofts', street1: '2 Quay Rd', postalCode: 'V5K 0A1' });

afterEach(() => {
  cleanup();
  clearSession();
});
beforeEach(() => {
  mockedApi.get.mockReset();
  mockedApi.post.mockReset();
});

async function renderModal(over: Partial<PropertySignupModalProps> = {}, lang: 'en' | 'fr' = 'en') {
  const props: PropertySignupModalProps = {
    opened: true,
    onClose: vi.fn(),
    onCompleted: vi.fn(),
    page: onboardingPage(),
    user: USER,
    ...over,
  };
  await renderWithProviders(<PropertySignupModal {...props} />, { lang });
  return props;
}

async function paste(label: RegExp | string, value: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(value);
}

const listRoutes = {
  'POST /company/company-1/properties': () => page([towers, quay]),
  'POST /company/company-1/selfsignup/properties': () => page([quay]),
};

describe('PropertySignupModal', () => {
  // issue 21 §2 (spec 2 §8 "Property or company lookup failure"): the server's bare not-found text was shown
  it('says the company was not found, to contact the property manager or click Support, when its lookup fails', async () => {
    mockedApi.post.mockRejectedValue(new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'Company not found'));
    await renderModal();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Company not found. Please contact your property manager or click Support.',
    );
  });

  it('lists the company properties, then searches by postal code; results are numbered with Select', async () => {
    const calls = routeApi(mockedApi, listRoutes);
    await renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Join your property at Harbourview Properties' });
    expect(await within(dialog).findByText('Harbourview Towers')).toBeInTheDocument();
    expect(within(dialog).getByText('2 properties found')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ path: '/company/company-1/properties', body: {}, query: { page: 1, recordsPerPage: 100 } });
    // no without-auto-approval message on an auto-approval page
    expect(within(dialog).queryByText(/approves each new tenant/)).not.toBeInTheDocument();

    await paste('Zip or postal code', 'V5K');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText('1 property found')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      path: '/company/company-1/selfsignup/properties',
      body: { searchValue: 'V5K' },
      query: { recordsPerPage: 400, page: 1 },
    });
    const item = within(dialog).getByRole('listitem');
    expect(item).toHaveTextContent('1.');
    expect(item).toHaveTextContent('Quayside Lofts');
    expect(item).toHaveTextContent('2 Quay Rd, Vancouver, BC V5K 0A1');
    expect(within(item).getByRole('button', { name: 'Select Quayside Lofts' })).toBeInTheDocument();
  });

  it("opens the can't-find help with the help-centre link, and shows the without-auto-approval message", async () => {
    routeApi(mockedApi, listRoutes);
    await renderModal({ page: onboardingPage({ autoApproval: false }) });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/your lease will be active once your manager approves it/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: "Can't find your property?" }));
    const help = await screen.findByRole('dialog', { name: "Can't find your property?" });
    expect(within(help).getByText(/Ask your property manager/)).toBeInTheDocument();
    expect(within(help).getByRole('link', { name: /help centre/ })).toHaveAttribute('href', '/help');
    await waitFor(() => expect(within(help).getAllByRole('button', { name: 'Close' }).at(-1)).toHaveFocus());
  });

  it('checks the lease details: start date required, end date not before it, due day 1–31', async () => {
    const calls = routeApi(mockedApi, listRoutes);
    await renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Select Harbourview Towers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lease details' });
    expect(within(dialog).getByLabelText('Property')).toHaveValue('Harbourview Towers — 100 Harbour St, Vancouver, BC V6B 1A1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText('Required Field')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Lease start date/)).toHaveFocus();

    await paste(/^Lease start date/, '2026-12-01');
    await paste(/^Lease end date/, '2026-11-01');
    await paste(/^Payment due day/, '32');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).queryByText('Required Field')).not.toBeInTheDocument();
    expect(within(dialog).getByText(/end date/i, { selector: '.mantine-InputWrapper-error' })).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose a payment due day between 1 and 31.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/self_signup_Lease')).toBe(false);
  });

  it('submits the payload, flags the submit, refreshes the token and shows the pending completion; closing it ends the sign-up', async () => {
    let finish: (v: unknown) => void = () => {};
    const refreshed = originToken({ id: 'cust-new' });
    const calls = routeApi(mockedApi, {
      ...listRoutes,
      'POST /self_signup_Lease': () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
      'GET /refreshtoken': () => ({ access_token: refreshed }),
    });
    const props = await renderModal({ page: onboardingPage({ autoApproval: false }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Select Harbourview Towers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lease details' });
    await paste(/^Account ID/, 'A-778');
    await paste(/^Unit/, '1204');
    await userEvent.selectOptions(within(dialog).getByLabelText('Residency type'), 'RESIDENTIAL');
    await paste(/^Lease start date/, '2026-12-01');
    await paste(/^Lease end date/, '2027-11-30');
    await paste(/^Payment due day/, '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toHaveAttribute('data-loading', 'true'));
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(calls.find((c) => c.path === '/self_signup_Lease')?.body).toEqual({
      accountId: 'A-778',
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      paymentDue: 1,
      propertyId: 'prop-1',
      unit: '1204',
      residencyType: 'RESIDENTIAL',
      user: USER,
    });
    finish({
      lease: {
        id: 'lease-9',
        status: 'PENDING',
        propertyId: 'prop-1',
        companyId: 'company-1',
        unit: '1204',
        startDate: '2026-12-01',
      },
      autoApproved: false,
      payable: false,
    });
    const done = await screen.findByRole('dialog', { name: "You're all set" });
    expect(within(done).getByText(/Your lease will be active once your property manager approves it/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'GET' && c.path === '/refreshtoken')).toBe(true);
    expect(getToken()).toBe(refreshed);
    await userEvent.click(within(done).getByRole('button', { name: 'Go to my dashboard' }));
    expect(props.onCompleted).toHaveBeenCalledTimes(1);
    expect(props.onClose).not.toHaveBeenCalled();
  });

  it('says an auto-approved lease is active', async () => {
    routeApi(mockedApi, {
      ...listRoutes,
      'POST /self_signup_Lease': () => ({
        lease: {
          id: 'lease-9',
          status: 'ACTIVE',
          propertyId: 'prop-1',
          companyId: 'company-1',
          unit: null,
          startDate: '2026-12-01',
        },
        autoApproved: true,
        payable: true,
      }),
      'GET /refreshtoken': () => ({ access_token: originToken() }),
    });
    await renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Select Harbourview Towers' }));
    await screen.findByRole('dialog', { name: 'Lease details' });
    await paste(/^Lease start date/, '2026-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const done = await screen.findByRole('dialog', { name: "You're all set" });
    expect(within(done).getByText(/Your lease at Harbourview Towers is now active/)).toBeInTheDocument();
  });

  // issue 21 §1: the completion promised payment in the portal where the lease card says to contact the manager
  it('an auto-approved lease that only the manager takes payments for says whom to pay', async () => {
    routeApi(mockedApi, {
      ...listRoutes,
      'POST /self_signup_Lease': () => ({
        lease: {
          id: 'lease-9',
          status: 'ACTIVE',
          propertyId: 'prop-1',
          companyId: 'company-1',
          unit: null,
          startDate: '2026-12-01',
        },
        autoApproved: true,
        payable: false,
      }),
      'GET /refreshtoken': () => ({ access_token: originToken() }),
    });
    await renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Select Harbourview Towers' }));
    await screen.findByRole('dialog', { name: 'Lease details' });
    await paste(/^Lease start date/, '2026-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const done = await screen.findByRole('dialog', { name: "You're all set" });
    expect(done).toHaveTextContent(
      'Your lease at Harbourview Towers is now active. Your property manager takes the payments for this lease. Please contact them to pay.',
    );
    expect(done).not.toHaveTextContent('pay your rent from your dashboard');
  });

  it('shows a sign-up failure as an alert, without the completion', async () => {
    routeApi(mockedApi, {
      ...listRoutes,
      'POST /self_signup_Lease': () => {
        throw new ApiError(409, 'RM_ERROR_RECORD_ALREADY_EXIST', 'You already have a lease for this unit.');
      },
    });
    await renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Select Harbourview Towers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lease details' });
    await paste(/^Lease start date/, '2026-12-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You already have a lease for this unit.');
    expect(screen.queryByRole('dialog', { name: "You're all set" })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('integration: customer number required, then tenant and property searches, a prefilled form and the integration payload', async () => {
    const sapPage = onboardingPage({ integration: { id: 'int-1', integrationType: 'SAP' } });
    const calls = routeApi(mockedApi, {
      'POST /integration/tenant/search': (body) => {
        if ((body as { customerNumber: string }).customerNumber !== 'C-1001') {
          throw new ApiError(404, 'RM_ERROR_SAP_NOT_FOUND', 'no integration customer for this Customer Number');
        }
        return {
          records: [
            {
              id: 'ic-1',
              customerNumber: 'C-1001',
              firstName: 'Noa',
              lastName: 'Martin',
              email: 'noa@example.com',
              externalPropertyId: 'EXT-77',
              unit: '305',
            },
          ],
        };
      },
      'POST /integration/property/search': () => ({ records: [towers] }),
      'POST /self_signup_Lease': () => ({
        lease: {
          id: 'lease-9',
          status: 'ACTIVE',
          propertyId: 'prop-1',
          companyId: 'company-1',
          unit: '305',
          startDate: '2026-12-01',
        },
        autoApproved: true,
      }),
      'GET /refreshtoken': () => ({ access_token: originToken() }),
    });
    await renderModal({ page: sapPage });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Find my lease' }));
    expect(within(dialog).getByText('Required Field')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await paste(/^Customer number/, 'C-9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Find my lease' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('no integration customer for this Customer Number');

    await userEvent.clear(within(dialog).getByLabelText(/^Customer number/));
    await paste(/^Customer number/, 'C-1001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Find my lease' }));
    const details = await screen.findByRole('dialog', { name: 'Lease details' });
    expect(calls.find((c) => c.path === '/integration/property/search')?.body).toEqual({
      integrationId: 'int-1',
      externalPropertyId: 'EXT-77',
    });
    expect(within(details).getByLabelText(/^Customer number/)).toHaveValue('C-1001');
    expect(within(details).getByLabelText(/^Unit/)).toHaveValue('305');
    await paste(/^Lease start date/, '2026-12-01');
    await userEvent.click(within(details).getByRole('button', { name: 'Submit' }));
    await screen.findByRole('dialog', { name: "You're all set" });
    expect(calls.find((c) => c.path === '/self_signup_Lease')?.body).toEqual({
      accountId: 'C-1001',
      startDate: '2026-12-01',
      propertyId: '',
      unit: '305',
      user: USER,
      companyId: 'company-1',
      propertyIdentifier: 'EXT-77',
    });
  });
});

// spec 2 §4/§5: the lease dates are the portal's DateField (typed yyyy-mm-dd, spelled back DD-MMM-YYYY in the portal's
// language), not a native date input whose display follows the browser's locale
describe('PropertySignupModal: the lease dates', () => {
  async function openDetails(lang: 'en' | 'fr') {
    routeApi(mockedApi, listRoutes);
    await renderModal({}, lang);
    await userEvent.click(await screen.findByRole('button', { name: /Harbourview Towers/ }));
    return screen.findByRole('dialog', { name: lang === 'fr' ? 'Détails du bail' : 'Lease details' });
  }

  it('a text field (not a native date input): digits typed read 2026-12-01, spelled back 01-Dec-2026; an ISO paste is kept', async () => {
    const dialog = await openDetails('en');
    const start = within(dialog).getByRole('textbox', { name: /^Lease start date/ });
    expect(start).not.toHaveAttribute('type', 'date');
    expect(start).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    await userEvent.type(start, '20261201');
    expect(start).toHaveValue('2026-12-01');
    expect(start).toHaveAccessibleDescription('Date: 01-Dec-2026');
    // the ISO form a journey fills (and a paste) is kept as typed
    await paste(/^Lease end date/, '2027-11-30');
    expect(within(dialog).getByRole('textbox', { name: /^Lease end date/ })).toHaveAccessibleDescription('Date: 30-Nov-2027');
  });

  it('refuses an impossible date with the date message on the field, and asks nothing of the server', async () => {
    const calls = routeApi(mockedApi, listRoutes);
    await renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Select Harbourview Towers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lease details' });
    await paste(/^Lease start date/, '2026-02-30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const start = within(dialog).getByRole('textbox', { name: /^Lease start date/ });
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(start).toHaveAccessibleDescription(expect.stringContaining('Invalid date (yyyy-mm-dd)'));
    expect(calls.some((c) => c.path === '/self_signup_Lease')).toBe(false);
  });

  it('in French: aaaa-mm-jj, 01-déc-2026, and the French refusals (invalid date, end before start)', async () => {
    const dialog = await openDetails('fr');
    const start = within(dialog).getByRole('textbox', { name: /^Date de début du bail/ });
    const end = within(dialog).getByRole('textbox', { name: /^Date de fin du bail/ });
    expect(start).toHaveAttribute('placeholder', 'aaaa-mm-jj');
    await userEvent.type(start, '20261201');
    expect(start).toHaveAccessibleDescription('Date\u202f: 01-déc-2026');
    await userEvent.type(end, '20261131');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(end).toHaveAccessibleDescription(expect.stringContaining('Date invalide (aaaa-mm-jj)'));
    await userEvent.clear(end);
    await userEvent.type(end, '20261101');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('La date de fin ne peut pas être antérieure à la date de début.')).toBeInTheDocument();
  });
});
