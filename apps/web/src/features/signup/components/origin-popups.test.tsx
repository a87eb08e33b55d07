// The dashboard's sign-up popups (lib/popup-rule.ts): the popup of the session's origin opens by itself when the tenant
// has nothing from that page yet, after the terms; closing it hides it for the browser session; the button reopens it.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, search } from '../../../lib/api-client';
import { clearSession, setToken } from '../../../lib/session';
import { application, lease } from '../../../test/dashboard-fixtures';
import { customerFixture, renderWithProviders } from '../../../test/render';
import { onboardingPage, originToken, page, property, routeApi } from '../test/fixtures';
import { OriginPopups } from './origin-popups';

vi.mock('../../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client')>();
  return { ...actual, search: vi.fn(), api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
const mockedApi = vi.mocked(api) as unknown as { get: ReturnType<typeof vi.fn>; post: ReturnType<typeof vi.fn> };
const mockedSearch = vi.mocked(search);

afterEach(() => {
  cleanup();
  clearSession();
  sessionStorage.clear();
});
beforeEach(() => {
  mockedApi.get.mockReset();
  mockedApi.post.mockReset();
  mockedSearch.mockReset();
});

function given({
  origin,
  leaseCompanyIds = [],
  applicationPages = [],
  acknowledgedTerms = true,
}: {
  origin: 'TYPE_ON_BOARDING_PAGE' | 'TYPE_LEASE_APPLICATION_PAGE';
  leaseCompanyIds?: string[];
  applicationPages?: string[];
  acknowledgedTerms?: boolean;
}) {
  const signupPage = origin === 'TYPE_ON_BOARDING_PAGE' ? 'harbourview-join' : 'harbourview';
  setToken(originToken({ id: 'cust-new', originType: origin, signupPage }));
  mockedSearch.mockImplementation(async (recordType: string) => {
    if (recordType === 'property_lease') return page(leaseCompanyIds.map((companyId, i) => lease({ id: `l${i}`, companyId })));
    return page(applicationPages.map((pageName, i) => application({ id: `a${i}`, pageName })));
  });
  routeApi(mockedApi, {
    'GET /customer/cust-new': () => customerFixture({ id: 'cust-new', acknowledgedTerms }),
    'GET /on_boarding_page/name/harbourview-join': () => onboardingPage(),
    'POST /company/company-1/properties': () => page([property()]),
    'POST /lease_application_page/name/harbourview/properties': () => page([property()]),
  });
}

describe('OriginPopups', () => {
  it('opens the property sign-up when the tenant has no lease with the page company; closing hides it, the button reopens', async () => {
    given({ origin: 'TYPE_ON_BOARDING_PAGE', leaseCompanyIds: ['other-company'] });
    await renderWithProviders(<OriginPopups />);
    expect(await screen.findByRole('dialog', { name: 'Join your property at Harbourview Properties' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sessionStorage.getItem('signup_popup_closed:signup:harbourview-join')).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: 'Join a property' }));
    expect(await screen.findByRole('dialog', { name: 'Join your property at Harbourview Properties' })).toBeInTheDocument();
  });

  it('does not open by itself when the tenant already has a lease with that company, or before the terms', async () => {
    given({ origin: 'TYPE_ON_BOARDING_PAGE', leaseCompanyIds: ['company-1'] });
    await renderWithProviders(<OriginPopups />);
    expect(await screen.findByRole('button', { name: 'Join a property' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    cleanup();
    given({ origin: 'TYPE_ON_BOARDING_PAGE', acknowledgedTerms: false });
    await renderWithProviders(<OriginPopups />);
    expect(await screen.findByRole('button', { name: 'Join a property' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the apply-now popup when there is no application on that page yet (after the 500 ms fetch delay)', async () => {
    given({ origin: 'TYPE_LEASE_APPLICATION_PAGE', applicationPages: ['another-page'] });
    await renderWithProviders(<OriginPopups />);
    expect(await screen.findByRole('dialog', { name: 'Apply for a rental' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('keeps the apply-now popup closed when the tenant already applied on that page', async () => {
    given({ origin: 'TYPE_LEASE_APPLICATION_PAGE', applicationPages: ['harbourview'] });
    await renderWithProviders(<OriginPopups />);
    await waitFor(() => expect(mockedSearch).toHaveBeenCalledWith('lease_application', expect.anything(), expect.anything()), {
      timeout: 10_000,
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply for a rental' })).toBeInTheDocument();
  });
});
