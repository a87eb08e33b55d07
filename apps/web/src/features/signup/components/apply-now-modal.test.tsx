// The apply-now popup (spec 2 §2): the application page's properties; Apply Now opens the form, Save For Later keeps it.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api-client';
import { createMemoryRouter, RouterProvider } from '../../../test/memory-router';
import { renderWithProviders } from '../../../test/render';
import { page, property, routeApi } from '../test/fixtures';
import { ApplyNowModal } from './apply-now-modal';

vi.mock('../../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client')>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
const mockedApi = vi.mocked(api) as unknown as { get: ReturnType<typeof vi.fn>; post: ReturnType<typeof vi.fn> };

afterEach(cleanup);
beforeEach(() => {
  mockedApi.get.mockReset();
  mockedApi.post.mockReset();
});

const routes = {
  'POST /lease_application_page/name/harbourview/properties': (body: unknown) =>
    (body as { searchValue?: string }).searchValue === 'nothing' ? page([]) : page([property()]),
  'GET /lease_application/new': () => ({ id: 'app-42', status: 'NOT_STARTED' }),
};

async function renderPopup(onClose = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: '/customer/dashboard', element: <ApplyNowModal opened onClose={onClose} pageName="harbourview" /> },
      { path: '/apply/:page', element: <p>application form</p> },
    ],
    { initialEntries: ['/customer/dashboard'] },
  );
  await renderWithProviders(<RouterProvider router={router} />, { withToasts: true, router: (ui) => ui });
  return { router, onClose };
}

describe('ApplyNowModal', () => {
  it("searches the page's properties; Apply Now starts an application and opens its form", async () => {
    const calls = routeApi(mockedApi, routes);
    const { router } = await renderPopup();
    const dialog = await screen.findByRole('dialog', { name: 'Apply for a rental' });
    expect(await within(dialog).findByText('Harbourview Towers')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      path: '/lease_application_page/name/harbourview/properties',
      body: {},
      query: { recordsPerPage: 400, page: 1 },
    });
    await userEvent.click(within(dialog).getByLabelText('Zip or postal code'));
    await userEvent.paste('nothing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText('No property matches this search.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Zip or postal code'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: /^Apply Now/ }));
    await screen.findByText('application form');
    expect(router.state.location.pathname).toBe('/apply/harbourview');
    expect(router.state.location.search).toBe('?applicationId=app-42');
    expect(calls.find((c) => c.path === '/lease_application/new')?.query).toEqual({
      pageName: 'harbourview',
      propertyId: 'prop-1',
    });
  });

  it('Save For Later keeps the application, says where to find it and closes', async () => {
    routeApi(mockedApi, routes);
    const { onClose, router } = await renderPopup();
    await userEvent.click(await screen.findByRole('button', { name: /^Save For Later/ }));
    expect(await screen.findByText('Saved: find it under your applications.')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/customer/dashboard');
  });

  it('shows a refusal as an alert', async () => {
    routeApi(mockedApi, {
      ...routes,
      'GET /lease_application/new': () => {
        throw new ApiError(409, 'RM_ERROR_TOO_MANY_APPLICATIONS', 'You have too many open applications.');
      },
    });
    const { onClose } = await renderPopup();
    await userEvent.click(await screen.findByRole('button', { name: /^Apply Now/ }));
    const dialog = screen.getByRole('dialog', { name: 'Apply for a rental' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have too many open applications.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
