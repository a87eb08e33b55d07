// Toasts (issue 9, WCAG 4.1.2): the close button of each toast has a name, in the language the app speaks.
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../lib/i18n';
import { notifyError, notifySuccess } from './notify';
import { ToastHost } from './toast-host';

afterEach(async () => {
  notifications.clean();
  await i18n.changeLanguage('en');
});

const renderHost = () =>
  render(
    <MantineProvider env="test">
      <ToastHost />
    </MantineProvider>,
  );

describe('toasts', () => {
  it('names the close button and closes with it', async () => {
    const user = userEvent.setup();
    renderHost();
    notifySuccess('Profile saved');
    const toast = (await screen.findByText('Profile saved')).closest('[role="alert"]') as HTMLElement;
    expect(toast).not.toBeNull();
    const close = within(toast).getByRole('button', { name: 'Close' });
    await user.click(close);
    await expect.poll(() => screen.queryByText('Profile saved')).toBeNull();
  });

  it('names it in French when the app speaks French', async () => {
    await i18n.changeLanguage('fr');
    renderHost();
    notifyError('Échec de l’enregistrement');
    const toast = (await screen.findByText('Échec de l’enregistrement')).closest('[role="alert"]') as HTMLElement;
    expect(within(toast).getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
  });
});
