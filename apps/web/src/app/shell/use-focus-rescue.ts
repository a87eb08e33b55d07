// Issue 21 §1 (WCAG 2.4.3 focus order): a modal gives focus back to the control that opened it (Mantine does, 10 ms
// after closing), but when that control is gone or disabled by then (the payment modal's receipt: the lease card
// re-renders with its new balance) focus fell to the page body and a keyboard user restarted from the top. After a
// modal leaves, focus on the body goes to the last control focused outside any modal, else to the page's <main>.
import { useEffect } from 'react';

const MODAL = '[role="dialog"], [role="alertdialog"]';
/** Later than Mantine's own return of focus (use-focus-return: 10 ms after close). */
const AFTER_MANTINE_MS = 60;

const canTakeFocus = (el: HTMLElement | null): el is HTMLElement =>
  !!el && el.isConnected && !el.matches(':disabled, [inert] *') && el.getClientRects().length > 0;

export function useFocusRescue(fallbackId: string): void {
  useEffect(() => {
    let opener: HTMLElement | null = null;
    let timer = 0;
    const onFocusIn = (event: FocusEvent) => {
      const el = event.target;
      if (el instanceof HTMLElement && !el.closest(MODAL)) opener = el;
    };
    const rescue = () => {
      const active = document.activeElement;
      const modalOpen = [...document.querySelectorAll<HTMLElement>(MODAL)].some((m) => m.getClientRects().length > 0);
      if ((active && active !== document.body) || modalOpen) return;
      const target = canTakeFocus(opener) ? opener : document.getElementById(fallbackId);
      target?.focus({ preventScroll: true });
    };
    // A modal that closed: a removed node that is or holds a dialog (Mantine reuses one portal node for all of them).
    const isModal = (node: Node) => node instanceof Element && (node.matches(MODAL) || !!node.querySelector(MODAL));
    const observer = new MutationObserver((records) => {
      if (!records.some((r) => [...r.removedNodes].some(isModal))) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(rescue, AFTER_MANTINE_MS);
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [fallbackId]);
}
