// issue 25: the sandbox inbox page. A newcomer on the demo sees the mail the portal "sent" (filtered by ?to=), opens one,
// follows its link (a real anchor), views its HTML in a sandboxed frame; the list follows new mail every few seconds.
// Without the demo's public flag the page says the inbox is for administrators. French too; no serious axe violation.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client';
import i18n from '../../lib/i18n';
import { MemoryRouter } from '../../lib/navigation';
import { renderWithProviders } from '../../test/render';
import type { InboxMessage } from './api/sandbox-mail';
import { linksToTop, SandboxMailPage } from './sandbox-mail-page';

vi.mock('../../lib/api-client', async (original) => (await import('../../test/api-client-mock')).mockApiClient(original));

const get = vi.mocked(api.get);

const reset: InboxMessage = {
  id: 'm2',
  to: 'tenant@demo.test',
  from: 'Tenant portal <no-reply@portal.localhost>',
  subject: 'Reset your password',
  createdAt: '2026-11-27T19:30:05.000Z',
  text: 'Hello Camille,\n\nChoose a new password: http://localhost:8080/reset-password/tok_123\n\nThe portal',
  html: '<p>Hello Camille,</p><p><a href="http://localhost:8080/reset-password/tok_123">Choose a new password</a></p><script>parent.hacked=1</script>',
};
const notice = {
  id: 'm1',
  to: 'tenant@demo.test',
  from: 'Tenant portal <no-reply@portal.localhost>',
  subject: 'Payment received',
  createdAt: '2026-11-27T19:00:00.000Z',
};

function answer(records = [reset, notice]) {
  get.mockImplementation(async (path: string) => {
    if (path === '/sandbox/mail')
      return {
        records: records.map(({ id, to, from, subject, createdAt }) => ({ id, to, from, subject, createdAt })),
        total: records.length,
        page: 1,
      };
    if (path === '/sandbox/mail/m2') return reset;
    throw new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'Mail not found');
  });
}

const at = (url: string) => ({ router: (ui: React.ReactElement) => <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter> });

beforeEach(() => {
  get.mockReset();
});
afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

describe('linksToTop', () => {
  it('puts the base target in the head when there is one, else first', () => {
    expect(linksToTop('<!doctype html><html><head><meta charset="utf-8"></head><body><a href="x">x</a></body></html>')).toBe(
      '<!doctype html><html><head><base target="_top"><meta charset="utf-8"></head><body><a href="x">x</a></body></html>',
    );
    expect(linksToTop('<HEAD lang="fr"><title>t</title></HEAD>')).toBe(
      '<HEAD lang="fr"><base target="_top"><title>t</title></HEAD>',
    );
    expect(linksToTop('<p>plain</p>')).toBe('<base target="_top"><p>plain</p>');
  });
});

describe('SandboxMailPage', () => {
  it('lists the mail of the address in ?to=, opens one with its link clickable, and shows its HTML sandboxed', async () => {
    answer();
    const user = userEvent.setup();
    await renderWithProviders(<SandboxMailPage />, at('/sandbox/mail?to=tenant@demo.test'));
    expect(screen.getByRole('heading', { level: 1, name: 'Sandbox inbox' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Recipient' })).toHaveValue('tenant@demo.test');
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(get).toHaveBeenCalledWith('/sandbox/mail', { query: { to: 'tenant@demo.test', page: 1 } });
    const items = within(list).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual([
      expect.stringContaining('Reset your password'),
      expect.stringContaining('Payment received'),
    ]);
    expect(items[0]).toHaveTextContent('To: tenant@demo.test');

    await user.click(items[0]);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Reset your password' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    const article = screen.getByRole('article');
    expect(within(article).getByText('Tenant portal <no-reply@portal.localhost>')).toBeInTheDocument();
    const link = within(article).getByRole('link', { name: 'http://localhost:8080/reset-password/tok_123' });
    expect(link).toHaveAttribute('href', 'http://localhost:8080/reset-password/tok_123');
    // The HTML part is never injected into the page.
    expect(document.querySelector('script')).toBeNull();

    await user.click(within(article).getByRole('button', { name: 'View as HTML' }));
    const frame = within(article).getByTitle('The mail as HTML') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-top-navigation-by-user-activation');
    // Its links open in this window (inside the frame the portal refuses to be shown).
    expect(frame.getAttribute('srcdoc')).toBe(`<base target="_top">${reset.html}`);
    expect(within(article).getByRole('button', { name: 'View as plain text' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks again with another recipient, and shows all again', async () => {
    answer([]);
    const user = userEvent.setup();
    await renderWithProviders(<SandboxMailPage />, at('/sandbox/mail'));
    expect(await screen.findByText('No mail yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Recipient' }), ' New.Tenant@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/sandbox/mail', { query: { to: 'New.Tenant@Example.com', page: 1 } }),
    );
    expect(await screen.findByText('No mail to New.Tenant@Example.com yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/sandbox/mail', { query: { to: undefined, page: 1 } }));
  });

  it('follows new mail every few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer([notice as InboxMessage]);
    await renderWithProviders(<SandboxMailPage />, at('/sandbox/mail'));
    await screen.findByText('Payment received');
    answer();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await screen.findByText('Reset your password')).toBeInTheDocument();
  });

  it.each([401, 403])('answered %i: says the inbox is for administrators, with a way to sign in', async (status) => {
    get.mockRejectedValue(new ApiError(status, status === 401 ? 'RM_ERROR_UNAUTHORIZED' : 'RM_ERROR_FORBIDDEN', 'no'));
    await renderWithProviders(<SandboxMailPage />, at('/sandbox/mail'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This inbox is for administrators');
    expect(within(alert).getByRole('link', { name: 'Sign in as an administrator' })).toHaveAttribute(
      'href',
      '/signin?next=%2Fsandbox%2Fmail',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('with SMTP: says there is no sandbox inbox', async () => {
    get.mockRejectedValue(new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'no inbox'));
    await renderWithProviders(<SandboxMailPage />, at('/sandbox/mail'));
    expect(await screen.findByText('This server sends real e-mail: there is no sandbox inbox.')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    answer();
    await renderWithProviders(<SandboxMailPage />, { lang: 'fr', ...at('/sandbox/mail') });
    expect(screen.getByRole('heading', { level: 1, name: 'Boîte de réception de test' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Messages' })).toBeInTheDocument();
    // The narrow no-break space of French typography before the colon (the matcher folds it into a space).
    expect(screen.getAllByText(/À : tenant@demo\.test/)).toHaveLength(2);
    expect(screen.getAllByText(/^27-nov-2026 /, { selector: 'time' })).toHaveLength(2);
  });

  it('has no serious or critical axe violation', async () => {
    answer();
    const user = userEvent.setup();
    await renderWithProviders(<SandboxMailPage />, at('/sandbox/mail'));
    await user.click(within(await screen.findByRole('list', { name: 'Messages' })).getAllByRole('button')[0]);
    await screen.findByRole('article');
    const result = await axe.run(document.body, { resultTypes: ['violations'] });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
