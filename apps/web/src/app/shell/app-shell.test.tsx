// The shell: navigation, sign-out hidden while mimicking (spec 1 §2/§4), the mimic banner's stop, the language rule
// (spec 1 §4: the locale changes only when the save answers an id), the terms modal over everything (spec 1 §4).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../api/types';
import { notifyError, notifySuccess } from '../../components/notify';
import { ApiError, api } from '../../lib/api-client';
import i18n from '../../lib/i18n';
import { getMimicLeaseId, getToken, setMimicLeaseId, setToken } from '../../lib/session';
import { AppShellLayout } from './app-shell';
import { hardNavigate } from './hard-navigate';
import { customer, fakeToken, renderRoute } from './test/render';

vi.mock('../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/api-client')>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() }, search: vi.fn() };
});
vi.mock('./hard-navigate', () => ({ hardNavigate: vi.fn() }));
vi.mock('../../components/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn() }));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const patch = vi.mocked(api.patch);

let current: Customer;
let broadcasts: unknown[];
let helpCentreUrl: string | null;
const ADMIN_TOKEN = fakeToken({ id: 'admin-1', type: 'TYPE_ADMIN', firstName: 'Alex', lastName: 'Admin' });

beforeEach(() => {
  vi.clearAllMocks();
  current = customer();
  broadcasts = [];
  helpCentreUrl = null;
  get.mockImplementation(async (path: string) => {
    if (path === '/web-config') return { helpCentreUrl };
    if (path === '/customer/cust-1') return current;
    if (path === '/broadcast/messages') return { records: broadcasts };
    if (path === '/refreshtoken') return { access_token: ADMIN_TOKEN };
    throw new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'not found');
  });
  setToken(fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER' }));
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

const navigation = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('navigation', () => {
  it('shows dashboard, account, payment and services, help (the portal page) and sign-out, and names the page', async () => {
    await renderRoute(<AppShellLayout />);
    const nav = navigation();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/customer/account');
    // Issue 21 §1: the help domain never resolved; help is a page of the portal unless the deployment sets one.
    const help = within(nav).getByRole('link', { name: 'Help centre' });
    expect(help).toHaveAttribute('href', '/customer/help');
    expect(help).not.toHaveAttribute('target');
    expect(within(nav).getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
    expect(within(nav).getByRole('link', { name: 'Payment and services' })).toHaveAttribute('href', '/customer/payment');
    await waitFor(() => expect(document.title).toBe('Dashboard · RentLedger'));
  });

  it("a deployment's own help centre (HELP_CENTRE_URL via /web-config) opens in a new tab", async () => {
    helpCentreUrl = 'https://help.example.com/';
    await renderRoute(<AppShellLayout />);
    const help = await within(navigation()).findByRole('link', { name: /Help centre.*opens in a new tab/ });
    expect(help).toHaveAttribute('href', 'https://help.example.com/');
    expect(help).toHaveAttribute('target', '_blank');
    expect(help.getAttribute('rel')).toContain('noopener');
  });

  it('the hamburger says whether the menu is open', async () => {
    await renderRoute(<AppShellLayout />);
    const burger = screen.getByRole('button', { name: 'Open navigation menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(burger);
    expect(screen.getByRole('button', { name: 'Close navigation menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('Escape in the opened menu closes it and gives focus back to the hamburger', async () => {
    await renderRoute(<AppShellLayout />);
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    within(navigation()).getByRole('link', { name: 'Account' }).focus();
    await userEvent.keyboard('{Escape}');
    const burger = screen.getByRole('button', { name: 'Open navigation menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveFocus();
  });

  it('Escape on the hamburger itself closes the menu and leaves focus on it (issue 21 §1)', async () => {
    await renderRoute(<AppShellLayout />);
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    await userEvent.keyboard('{Escape}');
    const burger = screen.getByRole('button', { name: 'Open navigation menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveFocus();
  });
});

describe('mimic mode (spec 1 §4)', () => {
  beforeEach(() => {
    setMimicLeaseId('lease-9');
    setToken(fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER', mimic: { adminId: 'admin-1', leaseId: 'lease-9' } }));
  });

  it('shows the banner with the tenant name and hides sign-out', async () => {
    await renderRoute(<AppShellLayout />);
    expect(screen.getByText('You are viewing the portal as Camille Tremblay')).toBeInTheDocument();
    expect(within(navigation()).queryByRole('link', { name: 'Sign out' })).toBeNull();
  });

  it('stop refreshes with stopMimic, takes the admin token back, clears the lease id and goes to the lease', async () => {
    await renderRoute(<AppShellLayout />);
    await userEvent.click(screen.getByRole('button', { name: 'Stop viewing as tenant' }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/admin/tenants/lease-9/edit'));
    expect(get).toHaveBeenCalledWith('/refreshtoken', expect.objectContaining({ query: { stopMimic: true } }));
    expect(getToken()).toBe(ADMIN_TOKEN);
    expect(getMimicLeaseId()).toBeNull();
  });

  it('the language selector switches and saves the tenant language, as outside mimic mode (issue 9)', async () => {
    patch.mockImplementation(async (_p, body) => ({ ...current, ...(body as object) }));
    await renderRoute(<AppShellLayout />);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/customer/cust-1'));
    await userEvent.selectOptions(within(navigation()).getByLabelText('Language'), 'fr');
    expect(patch).toHaveBeenCalledWith('/customer/cust-1/update', { languageCode: 'fr' });
    await waitFor(() => expect(i18n.language).toBe('fr'));
    // It stays switched (the saved languageCode no longer pulls it back).
    await new Promise((r) => setTimeout(r, 50));
    expect(i18n.language).toBe('fr');
    expect(screen.getByRole('link', { name: 'Compte' })).toBeInTheDocument();
  });

  it('a failed stop keeps the session and says so', async () => {
    get.mockImplementation(async (path: string) => {
      if (path === '/customer/cust-1') return current;
      if (path === '/broadcast/messages') return { records: [] };
      throw new ApiError(500, 'RM_ERROR_SYSTEM', 'boom');
    });
    await renderRoute(<AppShellLayout />);
    await userEvent.click(screen.getByRole('button', { name: 'Stop viewing as tenant' }));
    await waitFor(() => expect(notifyError).toHaveBeenCalled());
    expect(hardNavigate).not.toHaveBeenCalled();
    expect(getMimicLeaseId()).toBe('lease-9');
  });
});

describe('language (spec 1 §4)', () => {
  const select = () => within(navigation()).getByLabelText('Language');

  it('follows the customer languageCode once it loads', async () => {
    current = customer({ languageCode: 'fr' });
    await renderRoute(<AppShellLayout />);
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(await screen.findByRole('link', { name: 'Tableau de bord' })).toBeInTheDocument();
  });

  it('saves the customer and switches only when the save answers an id', async () => {
    patch.mockImplementation(async (_p, body) => ({ ...current, ...(body as object) }));
    await renderRoute(<AppShellLayout />);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/customer/cust-1'));
    await userEvent.selectOptions(select(), 'fr');
    expect(patch).toHaveBeenCalledWith('/customer/cust-1/update', { languageCode: 'fr' });
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(screen.getByRole('link', { name: 'Compte' })).toBeInTheDocument();
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Votre préférence de langue a été enregistrée.'));
  });

  it('keeps the locale and the selector when the answer has no id', async () => {
    patch.mockResolvedValue({} as Customer);
    await renderRoute(<AppShellLayout />);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/customer/cust-1'));
    await userEvent.selectOptions(select(), 'fr');
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith('Your language preference could not be saved. Please try again.'),
    );
    expect(i18n.language).toBe('en');
    expect(select()).toHaveValue('en');
  });

  it('keeps the locale when the save fails', async () => {
    patch.mockRejectedValue(new ApiError(500, 'RM_ERROR_SYSTEM', 'boom'));
    await renderRoute(<AppShellLayout />);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/customer/cust-1'));
    await userEvent.selectOptions(select(), 'fr');
    await waitFor(() => expect(notifyError).toHaveBeenCalled());
    expect(i18n.language).toBe('en');
    expect(select()).toHaveValue('en');
  });
});

describe('terms modal over the shell (spec 1 §4)', () => {
  it('shows until accepted, ignores Escape, and closes when the answer says yes', async () => {
    current = customer({ acknowledgedTerms: false });
    post.mockImplementation(async () => {
      current = { ...current, acknowledgedTerms: true };
      return { id: 'cust-1', acknowledgedTerms: true };
    });
    await renderRoute(<AppShellLayout />);
    const dialog = await screen.findByRole('dialog', { name: 'Terms of use' });
    expect(await within(dialog).findByText('1. Acceptance and eligibility')).toBeInTheDocument();
    expect(within(dialog).getByText('18. Governing law, disputes and language')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /close/i })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Terms of use' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(post).toHaveBeenCalledWith('/customer/cust-1/acceptterms');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Terms of use' })).toBeNull());
  });

  it('stays open with a message when the answer does not say yes', async () => {
    current = customer({ acknowledgedTerms: false });
    post.mockResolvedValue({ id: 'cust-1', acknowledgedTerms: false });
    await renderRoute(<AppShellLayout />);
    const dialog = await screen.findByRole('dialog', { name: 'Terms of use' });
    await within(dialog).findByText('1. Acceptance and eligibility');
    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your acceptance was not recorded');
    expect(screen.getByRole('dialog', { name: 'Terms of use' })).toBeInTheDocument();
  });

  it("shows the server's reason (in the UI's language) when the server refuses", async () => {
    current = customer({ acknowledgedTerms: false });
    post.mockRejectedValue(new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'Vous devez avoir 18 ans ou plus'));
    await renderRoute(<AppShellLayout />);
    const dialog = await screen.findByRole('dialog', { name: 'Terms of use' });
    await within(dialog).findByText('1. Acceptance and eligibility');
    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Vous devez avoir 18 ans ou plus');
  });

  it('while mimicking, only the tenant can accept', async () => {
    current = customer({ acknowledgedTerms: false });
    setMimicLeaseId('lease-9');
    await renderRoute(<AppShellLayout />);
    const dialog = await screen.findByRole('dialog', { name: 'Terms of use' });
    await within(dialog).findByText('1. Acceptance and eligibility');
    expect(within(dialog).getByRole('button', { name: 'I accept' })).toBeDisabled();
    expect(within(dialog).getByText(/Only the tenant can accept the terms of use/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Stop viewing as tenant' })).toBeEnabled();
  });

  it('is absent once the terms are accepted', async () => {
    await renderRoute(<AppShellLayout />);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/customer/cust-1'));
    expect(screen.queryByRole('dialog', { name: 'Terms of use' })).toBeNull();
  });
});

describe('broadcast alerts (spec 1 §2)', () => {
  it('shows CRITICAL as an alert and others as status, each dismissible', async () => {
    broadcasts = [
      {
        id: 'b1',
        severity: 'CRITICAL',
        message: 'x',
        messageEn: 'Payments are down',
        messageFr: 'Paiements en panne',
        startsAt: '2026-01-01',
        endsAt: null,
      },
      {
        id: 'b2',
        severity: 'INFO',
        message: 'x',
        messageEn: 'New feature',
        messageFr: 'Nouveauté',
        startsAt: '2026-01-01',
        endsAt: null,
      },
    ];
    await renderRoute(<AppShellLayout />);
    const critical = await screen.findByText('Payments are down');
    expect(critical.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByText('New feature').closest('[role="status"]')).not.toBeNull();
    const alert = critical.closest('[role="alert"]') as HTMLElement;
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss this message' }));
    expect(screen.queryByText('Payments are down')).toBeNull();
    expect(screen.getByText('New feature')).toBeInTheDocument();
  });
});
