// Lazy screens (spec 1 §8): a chunk that fails to load, or has not loaded after 120 s, shows the reload message.
import { MantineProvider } from '@mantine/core';
import { LAZY_CHUNK_TIMEOUT_MS } from '@portal/domain/constants';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { ChunkLoadError, withChunkTimeout } from '../lib/lazy-chunk';
import { MemoryRouter } from '../lib/navigation';
import { lazyRoute } from './lazy-route';
import { RouteErrorBoundary } from './route-error';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const ThePage = () => <p>the page</p>;

/** Rendered inside an awaited act: a screen that suspends with use() retries through React's act queue. */
async function renderScreen(Screen: ReturnType<typeof lazyRoute>) {
  await act(async () => {
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/screen']}>
          <RouteErrorBoundary>
            <Suspense fallback={<p>loading</p>}>
              <Switch>
                <Route path="/screen">
                  <Screen />
                </Route>
              </Switch>
            </Suspense>
          </RouteErrorBoundary>
        </MemoryRouter>
      </MantineProvider>,
    );
  });
}

describe('withChunkTimeout', () => {
  it('passes a load through', async () => {
    await expect(withChunkTimeout(async () => 'module')).resolves.toBe('module');
  });

  it('rejects with ChunkLoadError once the 120-second timeout passes', async () => {
    vi.useFakeTimers();
    const result = withChunkTimeout(() => new Promise<never>(() => {}));
    const outcome = result.then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(LAZY_CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).name).toBe('ChunkLoadError');
    expect(LAZY_CHUNK_TIMEOUT_MS).toBe(120_000);
  });
});

describe('lazy screens', () => {
  it('render once their chunk is here', async () => {
    const Screen = lazyRoute(async () => ({ Page: ThePage }), 'Page');
    await renderScreen(Screen);
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });

  it('render at once, with no loading fallback, when preloaded (main.tsx preloads the first address)', async () => {
    const Screen = lazyRoute(async () => ({ Page: ThePage }), 'Page');
    await Screen.preload();
    await renderScreen(Screen);
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('show the reload message when the chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Screen = lazyRoute<'Page'>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 'Page');
    await renderScreen(Screen);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page could not be loaded');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('show the reload message when the chunk has not loaded after 120 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Screen = lazyRoute<'Page'>(() => new Promise(() => {}), 'Page');
    await renderScreen(Screen);
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LAZY_CHUNK_TIMEOUT_MS);
    });
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
