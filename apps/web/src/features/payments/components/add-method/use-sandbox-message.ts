// Messages the sandbox provider pages (bank-linking widget, online wallet provider approval) post to the portal
// window they are framed in (docs/api-contract.md). Only same-origin messages from the named source are taken.
import { useEffect, useRef } from 'react';

export interface SandboxMessage {
  source: string;
  event: string;
  [field: string]: unknown;
}

function isSandboxMessage(data: unknown, source: string): data is SandboxMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { source?: unknown }).source === source &&
    typeof (data as { event?: unknown }).event === 'string'
  );
}

export function useSandboxMessage(source: string, onMessage: (message: SandboxMessage) => void, enabled = true): void {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    if (!enabled) return;
    const listen = (e: MessageEvent) => {
      // the sandbox pages are served by the portal's own origin: anything else is ignored
      if (e.origin !== window.location.origin || !isSandboxMessage(e.data, source)) return;
      handler.current(e.data);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [source, enabled]);
}

/** The sandbox page's address with its token and the UI language (?token=…&lang=…). */
export function sandboxPageUrl(pageUrl: string, token: string, lang: string): string {
  const url = new URL(pageUrl, window.location.origin);
  url.searchParams.set('token', token);
  url.searchParams.set('lang', lang === 'fr' ? 'fr' : 'en');
  return url.toString();
}
