// Modals loaded on their first open: a loader while the chunk loads, then the modal, and focus back on the opener.
import { Button, MantineProvider, Modal } from '@mantine/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ComponentType, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyModal } from './lazy-modal';

afterEach(() => cleanup());

function Details({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Details" transitionProps={{ duration: 0 }}>
      <Button onClick={onClose}>Done</Button>
    </Modal>
  );
}

function Page({ LazyDetails }: { LazyDetails: ComponentType<{ opened: boolean; onClose: () => void }> }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Open details</Button>
      <LazyDetails opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

function setup() {
  let finishLoad: () => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<typeof Details>((resolve) => {
        finishLoad = () => resolve(Details);
      }),
  );
  render(
    <MantineProvider>
      <Page LazyDetails={lazyModal(load)} />
    </MantineProvider>,
  );
  return { load, finish: () => act(async () => finishLoad()) };
}

describe('lazyModal', () => {
  it('loads nothing until the first open', () => {
    const { load } = setup();
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a loader while the chunk loads, then the modal; closing gives focus back to the opener', async () => {
    const user = userEvent.setup();
    const { load, finish } = setup();
    const opener = screen.getByRole('button', { name: 'Open details' });
    await user.click(opener);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(opener).toHaveFocus();
    await finish();
    const dialog = await screen.findByRole('dialog', { name: 'Details' });
    expect(screen.queryByRole('status')).toBeNull();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
    // opening again needs no second load
    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Details' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
