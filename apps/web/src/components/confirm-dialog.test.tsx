// Confirmation dialogs (issue 9): opened, focus lands on the safe choice, so Enter or a stray keypress never deletes.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ConfirmDialog } from './confirm-dialog';

function renderDialog() {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const view = renderWithProviders(
    <ConfirmDialog opened title="Delete this document?" confirmLabel="Delete" danger onConfirm={onConfirm} onCancel={onCancel}>
      lease.png will be deleted.
    </ConfirmDialog>,
  );
  return { ...view, onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it('focuses Cancel, not the destructive choice, and Enter there cancels', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Delete this document?' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());
    expect(dialog).toContainElement(cancel);
    await user.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms only on the confirm button', async () => {
    const user = userEvent.setup();
    const { onConfirm } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
