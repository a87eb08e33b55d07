// issue 21 §1: a union pay / paysafe cash payment is paid or cancelled in the provider's tab. When that tab tells this
// window (postMessage, same origin: the sandbox pages' assets/payment-modes.js) or the tenant comes back to this tab,
// the leases and payments are read again, so the balance and the payment's status are the provider's, not a reload's.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { leaseKeys, transactionKeys } from './query-keys';

export interface ProviderEvent {
  source: 'sandbox-paysafecash' | 'sandbox-geoswift';
  event: 'paid' | 'cancelled';
  transactionId: string;
}

/** The provider tab's message, or null for any other message (another origin, another shape). */
export function readProviderEvent(
  e: Pick<MessageEvent, 'origin' | 'data'>,
  origin = window.location.origin,
): ProviderEvent | null {
  if (e.origin !== origin || !e.data || typeof e.data !== 'object') return null;
  const { source, event, transactionId } = e.data as Record<string, unknown>;
  if (source !== 'sandbox-paysafecash' && source !== 'sandbox-geoswift') return null;
  if (event !== 'paid' && event !== 'cancelled') return null;
  if (typeof transactionId !== 'string') return null;
  return { source, event, transactionId };
}

/**
 * While `active` (a payment is pending at a provider): re-reads the leases and payments when the provider's tab
 * reports, when this window gets the focus back or becomes visible again; `onEvent` hears the provider's outcome.
 */
export function useProviderReturn(active: boolean, onEvent?: (event: ProviderEvent) => void): void {
  const qc = useQueryClient();
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  useEffect(() => {
    if (!active) return;
    const refresh = () => {
      void qc.invalidateQueries({ queryKey: leaseKeys.lists() });
      void qc.invalidateQueries({ queryKey: transactionKeys.lists() });
    };
    const onMessage = (e: MessageEvent) => {
      const event = readProviderEvent(e);
      if (!event) return;
      refresh();
      onEventRef.current?.(event);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('message', onMessage);
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('message', onMessage);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active, qc]);
}
