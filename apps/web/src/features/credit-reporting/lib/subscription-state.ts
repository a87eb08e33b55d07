// What the credit-reporting screens show for a lease (spec 2 §4 "Credit reporting"): which subscription counts, the
// card's action (active → edit, otherwise resubscribe), the next renewal or end date, the error alert of spec 2 §8.
import type { CreditReportStatus, CreditReportSubscription } from '@portal/domain/credit-report-shapes';
import { CREDIT_REPORT_LIVE_STATUSES } from '@portal/domain/credit-report-shapes';
import { creditReportAction } from '@portal/domain/credit-reporting';
import { addDays } from '@portal/domain/dates';
import { mapCreditReportingError } from '@portal/domain/errors';
import { MSG } from '@portal/domain/message-keys';
import type { MessageRef } from '@portal/domain/rule';
import { answerOf } from '../../../lib/api-client';

export const isLive = (s: Pick<CreditReportSubscription, 'status'>) =>
  (CREDIT_REPORT_LIVE_STATUSES as readonly string[]).includes(s.status);

/** The subscription a lease shows: its live one, else its most recent (by creation). */
export function currentSubscription(
  subscriptions: readonly CreditReportSubscription[],
  leaseId: string,
): CreditReportSubscription | null {
  const mine = subscriptions.filter((s) => s.billingAccountId === leaseId);
  const live = mine.find(isLive);
  if (live) return live;
  return [...mine].sort((a, b) => (a.createDate < b.createDate ? 1 : a.createDate > b.createDate ? -1 : 0))[0] ?? null;
}

export type CardAction = 'signup' | 'edit' | 'resubscribe';

// spec 2 §4: active shows an edit button, non-active a resubscribe button; none yet → sign up
export function cardAction(subscription: Pick<CreditReportSubscription, 'status'> | null): CardAction {
  return subscription ? creditReportAction(subscription.status) : 'signup';
}

export type DateLine =
  | { kind: 'renews'; date: string }
  | { kind: 'reportedUntil'; date: string }
  | { kind: 'ended'; date: string };

/**
 * The date a subscription's reader needs: an active one renews the day after its paid year; unsubscribed (no
 * renewal) and suspended ones are reported until expiry; terminated and expired ones ended.
 */
export function dateLine(
  s: Pick<CreditReportSubscription, 'status' | 'autoRenew' | 'expiryDate'> & { endedAt?: string | null },
): DateLine {
  if (s.status === 'ACTIVE' && s.autoRenew) return { kind: 'renews', date: addDays(s.expiryDate, 1) };
  if (isLive(s)) return { kind: 'reportedUntil', date: s.expiryDate };
  // a stopped subscription ended when it was stopped (the search answers endedAt), an expired one at its expiry
  return { kind: 'ended', date: s.endedAt ?? s.expiryDate };
}

export const STATUS_KEYS: Record<CreditReportStatus, string> = {
  ACTIVE: 'creditReporting.status.ACTIVE',
  UNSUBSCRIBED: 'creditReporting.status.UNSUBSCRIBED',
  SUSPENDED: 'creditReporting.status.SUSPENDED',
  TERMINATED: 'creditReporting.status.TERMINATED',
  EXPIRED: 'creditReporting.status.EXPIRED',
};

/** An alert of the sign-up or manage modal: its message and whether it sends the tenant to Account (birth date). */
export interface CreditReportAlert {
  /** A domain message, or one of this feature's texts (creditReporting.*). */
  message: { key: MessageRef['key'] | (string & {}); values?: MessageRef['values'] };
  accountLink: boolean;
}

// spec 2 §8: NOT_SUPPORTED → bank accounts not supported; REQUIRED_FIELD birthDate → the Account alert; "start date is
// missing" → speak to the property manager; other → the server's message (or the generic try-again alert)
export function creditReportAlert(error: unknown): CreditReportAlert {
  const message = mapCreditReportingError(answerOf(error));
  return { message, accountLink: message.key === MSG.birthDateMissing };
}
