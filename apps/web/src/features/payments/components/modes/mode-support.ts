// What the extra payment modes (spec 1 §4: paysafe cash, union pay, loadhub cash, instalment, wallet, the online wallet
// provider) share: money in the lease's currency and the user's locale, one Idempotency-Key per payment attempt, the
// error envelope as the domain's error rules read it, and the iOS Safari check of spec 1 §4 (popups need a direct tap).
import { mapPaymentError } from '@portal/domain/errors';
import { currencyForCountry, formatMoney, type MoneyDisplay } from '@portal/domain/money';
import { payableNowCents } from '@portal/domain/payment-amounts';
import type { MessageRef } from '@portal/domain/rule';
import { useMemo, useRef } from 'react';
import type { PropertyLease } from '../../../../api/types';
import { ApiError, answerOf } from '../../../../lib/api-client';
import { localToday, useLang } from '../method-display';

/** Money of a lease: its company's currency, formatted in the UI language. */
export function useLeaseMoney(lease: PropertyLease, currency?: MoneyDisplay['currency']) {
  const lang = useLang();
  const display: MoneyDisplay = { currency: currency ?? currencyForCountry(lease.joins.company?.country), locale: lang };
  return { display, lang, money: (cents: number) => formatMoney(cents, display.currency, display.locale) };
}

/** A 4xx answer other than a key conflict is final for its key: a new try is a new attempt (and a new key). */
const isAnswered = (err: unknown) => err instanceof ApiError && err.status < 500 && err.status !== 409;

/**
 * One Idempotency-Key per payment attempt, the same on every retry of it (a double click, a lost answer): a new key only
 * when what is paid changes or the server has answered the attempt.
 */
export function useAttemptKeys() {
  const current = useRef<{ signature: string; key: string; answered: boolean } | null>(null);
  return useMemo(
    () => ({
      keyFor(signature: string): string {
        const c = current.current;
        if (!c || c.signature !== signature || c.answered) {
          current.current = { signature, key: crypto.randomUUID(), answered: false };
        }
        return (current.current as { key: string }).key;
      },
      /** The call came back: a success, or an error that is final for its key. */
      settled(err?: unknown) {
        if (current.current && (err === undefined || isAnswered(err))) current.current.answered = true;
      },
    }),
    [],
  );
}

/** spec 1 §8 "Payments": a payment call's refusal, as the payment flow shows it (null: a network failure). */
export function paymentErrorRef(
  err: unknown,
  lease: PropertyLease,
  enteredCents: number,
  display: MoneyDisplay,
): MessageRef | null {
  if (!(err instanceof ApiError)) return null;
  const open = lease.openCharges ?? [];
  return mapPaymentError(answerOf(err), {
    hasOpenCharges: open.length > 0,
    overpaymentAllowed: lease.joins.company?.overpaymentAllowed ?? 'NO',
    payableNowCents: payableNowCents(open, localToday()),
    enteredCents,
    display,
  });
}

/**
 * spec 1 §4: on iOS Safari a new tab opens only from a direct tap, so the redirect asks first. iPadOS presents itself as
 * a Mac: a Mac with a touch screen is an iPad. Other iOS browsers name themselves (CriOS, FxiOS, EdgiOS, OPiOS…).
 */
export function isIosSafari(userAgent: string, maxTouchPoints = 0): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  if (!ios || !/AppleWebKit/.test(userAgent) || !/Safari\//.test(userAgent)) return false;
  return !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|YaBrowser|DuckDuckGo/.test(userAgent);
}

export function isIosSafariBrowser(): boolean {
  if (typeof navigator === 'undefined') return false;
  return isIosSafari(navigator.userAgent ?? '', navigator.maxTouchPoints ?? 0);
}
