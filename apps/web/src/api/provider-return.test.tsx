import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { readProviderEvent, useProviderReturn } from './provider-return';
import { leaseKeys, transactionKeys } from './query-keys';

const origin = window.location.origin;
const said = { source: 'sandbox-geoswift', event: 'cancelled', transactionId: 'tx-1' };

function setup(active: boolean) {
  const qc = new QueryClient();
  const invalidate = vi.spyOn(qc, 'invalidateQueries').mockResolvedValue();
  const onEvent = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  const hook = renderHook(({ on }) => useProviderReturn(on, onEvent), { wrapper, initialProps: { on: active } });
  return { invalidate, onEvent, hook };
}

describe('the provider tab reports back (issue 21 §1)', () => {
  it('reads only the sandbox pages’ message from this origin', () => {
    expect(readProviderEvent({ origin, data: said })).toEqual(said);
    expect(readProviderEvent({ origin: 'https://elsewhere.example', data: said })).toBeNull();
    expect(readProviderEvent({ origin, data: { ...said, event: 'stolen' } })).toBeNull();
    expect(readProviderEvent({ origin, data: 'cancelled' })).toBeNull();
  });

  it('reads the leases and payments again when the tab reports or the window gets the focus back', () => {
    const { invalidate, onEvent, hook } = setup(true);
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin, data: said }));
    });
    expect(onEvent).toHaveBeenCalledWith(said);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: leaseKeys.lists() });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: transactionKeys.lists() });
    invalidate.mockClear();
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: leaseKeys.lists() });
    hook.unmount();
    invalidate.mockClear();
    window.dispatchEvent(new Event('focus'));
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('does nothing while no payment is pending', () => {
    const { invalidate, onEvent } = setup(false);
    window.dispatchEvent(new MessageEvent('message', { origin, data: said }));
    window.dispatchEvent(new Event('focus'));
    expect(invalidate).not.toHaveBeenCalled();
    expect(onEvent).not.toHaveBeenCalled();
  });
});
