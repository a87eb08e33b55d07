// issue 25 "a failure is visible to the admin": the console's mail outbox. The admin sees the counts per status, the
// failed and uncertain mails first with their last error and attempts, sends one again after confirming (feedback, the
// server's refusal shown in the dialog), searches by address, and opens the sandbox inbox. A manager has no "Mail"
// section. French too; no serious axe violation.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client';
import i18n from '../../lib/i18n';
import { clearSession, setToken } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { fakeToken } from '../../test/session';
import type { OutboxPage, OutboxRecord } from './api/mail-outbox';
import { MailOutboxPage } from './mail-outbox-page';

vi.mock('../../lib/api-client', async (original) => (await import('../../test/api-client-mock')).mockApiClient(original));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

const failed: OutboxRecord = {
  id: 'o1',
  template: 'NOTICE',
  toAddress: 'tenant@demo.test',
  languageCode: 'en',
  status: 'FAILED',
  attempts: 6,
  nextAttemptAt: '2026-11-27T18:00:00.000Z',
  lastError: '550 mailbox unavailable',
  sentAt: null,
  createdAt: '2026-11-27T17:00:00.000Z',
  canResend: true,
};
const deadLink: OutboxRecord = {
  ...failed,
  id: 'o2',
  template: 'PASSWORD_RESET',
  toAddress: 'someone@demo.test',
  status: 'UNCERTAIN',
  attempts: 1,
  lastError: 'The sender stopped while delivering this mail: whether it left is unknown.',
  canResend: false,
};

function answer(over: Partial<OutboxPage> = {}) {
  get.mockImplementation(async (path: string) => {
    if (path === '/mail_outbox') {
      return {
        records: [failed, deadLink],
        total: 2,
        page: 1,
        counts: { PENDING: 3, SENDING: 0, SENT: 41, FAILED: 1, UNCERTAIN: 1 },
        sandboxInbox: true,
        ...over,
      };
    }
    // the console's language (AdminLayout)
    return { id: 'a-1', languageCode: i18n.language };
  });
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  setToken(fakeToken({ id: 'a-1', type: 'TYPE_ADMIN' }));
});
afterEach(async () => {
  clearSession();
  await i18n.changeLanguage('en');
});

describe('MailOutboxPage', () => {
  it('shows the counts and the failed and uncertain mails first, with their last error, attempts and times', async () => {
    answer();
    await renderWithProviders(<MailOutboxPage />);
    const counts = await screen.findByRole('list', { name: 'Mail by status' });
    expect(within(counts).getByTestId('count-SENT')).toHaveTextContent('Sent 41');
    expect(within(counts).getByTestId('count-FAILED')).toHaveTextContent('Failed 1');
    expect(get).toHaveBeenCalledWith('/mail_outbox', { query: { status: 'FAILED,UNCERTAIN', to: undefined, page: 1 } });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('FAILED,UNCERTAIN');

    const first = screen.getByRole('article', { name: 'tenant@demo.test, Notice' });
    expect(within(first).getByText('550 mailbox unavailable')).toBeInTheDocument();
    expect(within(first).getByText('6')).toBeInTheDocument();
    expect(within(first).getByText(/^27-Nov-2026 /)).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Send again — Notice to tenant@demo.test' })).toBeInTheDocument();

    // A reset link that is gone: no button, the reason instead.
    const dead = screen.getByRole('article', { name: 'someone@demo.test, Password reset' });
    expect(within(dead).queryByRole('button')).not.toBeInTheDocument();
    expect(within(dead).getByText(/single-use link is no longer kept/)).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Open the sandbox inbox' })).toHaveAttribute('href', '/sandbox/mail');
  });

  it('sends a mail again after confirming, with feedback; a refusal shows in the dialog', async () => {
    answer();
    const user = userEvent.setup();
    await renderWithProviders(<MailOutboxPage />);
    await user.click(await screen.findByRole('button', { name: 'Send again — Notice to tenant@demo.test' }));
    let dialog = await screen.findByRole('dialog', { name: 'Send this mail again?' });
    expect(dialog).toHaveTextContent('The mail to tenant@demo.test goes back to the queue');
    expect(post).not.toHaveBeenCalled();

    post.mockRejectedValueOnce(
      new ApiError(409, 'RM_ERROR_RECORD_LOCKED', 'Only a failed or uncertain mail can be sent again (this one is SENT).'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await within(dialog).findByText(/this one is SENT/)).toBeInTheDocument();

    post.mockResolvedValueOnce({ ...failed, status: 'PENDING', attempts: 0, canResend: false });
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(post).toHaveBeenLastCalledWith('/mail_outbox/o1/resend');
    expect(await screen.findByRole('status')).toHaveTextContent('The mail to tenant@demo.test is queued again.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is asked again.
    await waitFor(() => expect(get.mock.calls.filter(([p]) => p === '/mail_outbox').length).toBeGreaterThan(1));
    dialog = screen.queryByRole('dialog') as HTMLElement;
    expect(dialog).toBeNull();
  });

  it('filters by status and searches by address', async () => {
    answer({ records: [], total: 0 });
    const user = userEvent.setup();
    await renderWithProviders(<MailOutboxPage />);
    expect(await screen.findByText('No mail here.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/mail_outbox', { query: { status: undefined, to: undefined, page: 1 } }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Sent');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), ' demo.test ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/mail_outbox', { query: { status: 'SENT', to: 'demo.test', page: 1 } }),
    );
  });

  it('pages by 20', async () => {
    answer({ total: 45 });
    const user = userEvent.setup();
    await renderWithProviders(<MailOutboxPage />);
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/mail_outbox', { query: { status: 'FAILED,UNCERTAIN', to: undefined, page: 2 } }),
    );
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('has no link to the sandbox inbox when mail goes out through SMTP', async () => {
    answer({ sandboxInbox: false });
    await renderWithProviders(<MailOutboxPage />);
    await screen.findByRole('list', { name: 'Mail by status' });
    expect(screen.queryByRole('link', { name: 'Open the sandbox inbox' })).not.toBeInTheDocument();
  });

  it('is the admin\'s section: a manager has no "Mail" in the console\'s sections', async () => {
    answer();
    await renderWithProviders(<MailOutboxPage />);
    const nav = screen.getByRole('navigation', { name: /./ });
    expect(within(nav).getByRole('link', { name: 'Mail' })).toHaveAttribute('href', '/admin/mail');
    clearSession();
    setToken(fakeToken({ id: 'm-1', type: 'TYPE_MANAGER', companyId: 'co-1' }));
    await renderWithProviders(<MailOutboxPage />);
    const navs = screen.getAllByRole('navigation', { name: /./ });
    expect(within(navs[navs.length - 1]).queryByRole('link', { name: 'Mail' })).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    answer();
    await renderWithProviders(<MailOutboxPage />, { lang: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'File d’envoi des courriels' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Renvoyer — Avis à tenant@demo.test' })).toBeInTheDocument();
    expect(screen.getByTestId('count-FAILED')).toHaveTextContent('En échec 1');
    expect(screen.getAllByText(/^27-nov-2026 /).length).toBeGreaterThan(0);
  });

  it('has no serious or critical axe violation', async () => {
    answer();
    await renderWithProviders(<MailOutboxPage />);
    await screen.findByRole('list', { name: 'Mail by status' });
    const result = await axe.run(document.body, { resultTypes: ['violations'] });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
