import { type MessageKey, MSG } from './message-keys.ts';

// Status and display rules of spec 1 §4 and spec 2 §4.

export interface ChargeLike {
  dueDate: string;
  /** Decimal amount as the API carries it (or balance). */
  amount: number;
}

// spec 1 §4 / spec 2 §4: overdue = due date in the past and amount above 0 ('YYYY-MM-DD' strings)
export function isChargeOverdue(charge: ChargeLike, today: string): boolean {
  return charge.dueDate.slice(0, 10) < today.slice(0, 10) && charge.amount > 0;
}

// spec 2 §4: a lease is overdue when one of its charges is
export function isLeaseOverdue(openCharges: readonly ChargeLike[] | null | undefined, today: string): boolean {
  return (openCharges ?? []).some((c) => isChargeOverdue(c, today));
}

export interface LeasePaymentButtons {
  disabled: boolean;
  showPendingWarning: boolean;
}

// spec 1 §4: TERMINATED or SUSPENDED disables all payment buttons; PENDING disables them on the lease-only card (and warns, spec 1 §2)
export function getLeasePaymentButtons(
  status: string | null | undefined,
  options: { leaseOnlyCard: boolean },
): LeasePaymentButtons {
  if (status === 'TERMINATED' || status === 'SUSPENDED') return { disabled: true, showPendingWarning: false };
  if (status === 'PENDING') return { disabled: options.leaseOnlyCard, showPendingWarning: true };
  return { disabled: false, showPendingWarning: false };
}

// spec 1 §2: lease name with a '(terminated)' or '(suspended)' marker
export function leaseNameMarker(status: string | null | undefined): 'terminated' | 'suspended' | null {
  if (status === 'TERMINATED') return 'terminated';
  if (status === 'SUSPENDED') return 'suspended';
  return null;
}

// spec 1 §2: the marker's message key
export function leaseNameMarkerKey(status: string | null | undefined): MessageKey | null {
  const marker = leaseNameMarker(status);
  return marker === 'terminated' ? MSG.leaseTerminated : marker === 'suspended' ? MSG.leaseSuspended : null;
}

// spec 2 §4: statuses (and types) shown in text; INPROCESS shows as IN PROCESS, CHARGEBACK_REVERSAL as CHARGEBACK REVERSAL
const STATUS_KEYS: Record<string, MessageKey> = {
  COMPLETE: MSG.transactionStatusComplete,
  FAILED: MSG.transactionStatusFailed,
  PENDING: MSG.transactionStatusPending,
  INPROCESS: MSG.transactionStatusInProcess,
  AUTHORIZED: MSG.transactionStatusAuthorized,
  ONHOLD: MSG.transactionStatusOnHold,
  TIMEDOUT: MSG.transactionStatusTimedOut,
  CANCELLED: MSG.transactionStatusCancelled,
  NSF: MSG.transactionStatusNsf,
  RETURN: MSG.transactionStatusReturn,
  CHARGEBACK: MSG.transactionStatusChargeback,
  CHARGEBACK_REVERSAL: MSG.transactionStatusChargebackReversal,
};

// spec 2 §4: transaction status text key (null for statuses the spec does not show in text)
export function transactionStatusKey(status: string | null | undefined): MessageKey | null {
  return STATUS_KEYS[status ?? ''] ?? null;
}

// spec 2 §4: English label of a status (INPROCESS → 'IN PROCESS'); unknown statuses show with '_' as spaces
export function transactionStatusLabel(status: string | null | undefined): string {
  if (status === 'INPROCESS') return 'IN PROCESS';
  if (status === 'ONHOLD') return 'ON HOLD';
  if (status === 'TIMEDOUT') return 'TIMED OUT';
  return (status ?? '').replace(/_/g, ' ');
}

// spec 2 §4: transaction types shown: PAYMENT, REFUND (FEE_PAYMENT too)
export function transactionTypeKey(type: string | null | undefined): MessageKey | null {
  if (type === 'PAYMENT') return MSG.transactionTypePayment;
  if (type === 'REFUND') return MSG.transactionTypeRefund;
  if (type === 'FEE_PAYMENT') return MSG.transactionTypeFeePayment;
  if (type === 'CREDIT') return MSG.transactionTypeCredit; // issue 23: a manager's credit on the lease
  return STATUS_KEYS[type ?? ''] ?? null; // NSF, RETURN, CHARGEBACK, CHARGEBACK_REVERSAL are shown like statuses
}

export type TransactionStatusIcon = 'check' | 'clock';

// spec 1 §4 / spec 2 §4: check icon for COMPLETE; clock for FAILED, PENDING, INPROCESS, ONHOLD, TIMEDOUT; none otherwise
export function transactionStatusIcon(status: string | null | undefined): TransactionStatusIcon | null {
  if (status === 'COMPLETE') return 'check';
  if (status === 'FAILED' || status === 'PENDING' || status === 'INPROCESS' || status === 'ONHOLD' || status === 'TIMEDOUT') {
    return 'clock';
  }
  return null;
}

export interface ReceiptStatusNotice {
  key: MessageKey;
  /** The tooltip shows the parsed error (FAILED) or the funds notice (ONHOLD). */
  tooltip: 'error' | 'onHold' | null;
}

// spec 1 §4: FAILED receipts show 'payment pending' with an error tooltip; ONHOLD a funds tooltip; COMPLETE a success message
export function receiptStatusNotice(status: string | null | undefined): ReceiptStatusNotice | null {
  if (status === 'FAILED') return { key: MSG.transactionFailedPending, tooltip: 'error' };
  if (status === 'ONHOLD') return { key: MSG.transactionOnHoldTooltip, tooltip: 'onHold' };
  if (status === 'COMPLETE') return { key: MSG.transactionComplete, tooltip: null };
  return null;
}

// spec 1 §9: the last-7-days disclaimer counts COMPLETE or INPROCESS payments within 7 days
export const DISCLAIMER_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

function toMs(value: string | number | Date): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

// spec 1 §9 / spec 2 §4: disclaimer for COMPLETE or INPROCESS payments created within the 7 days before `now`
export function isInLast7DaysDisclaimer(
  tx: { status?: string | null; createDate?: string | number | null; transactionType?: string | null },
  now: string | number | Date,
): boolean {
  if (tx.status !== 'COMPLETE' && tx.status !== 'INPROCESS') return false;
  // issue 23: a manager's credit moved no money of the tenant's (no processing delay to warn of)
  if (tx.transactionType === 'CREDIT') return false;
  if (tx.createDate == null) return false;
  const created = toMs(tx.createDate);
  const at = toMs(now);
  if (Number.isNaN(created) || Number.isNaN(at)) return false;
  return at - created <= DISCLAIMER_WINDOW_MS;
}

// spec 1 §2: any of the payments shows the disclaimer
export function showLast7DaysDisclaimer(
  txs: readonly { status?: string | null; createDate?: string | number | null; transactionType?: string | null }[],
  now: string | number | Date,
): boolean {
  return txs.some((tx) => isInLast7DaysDisclaimer(tx, now));
}

/**
 * spec 1 §2: the file name shown is the sixth path segment of the document url, decoded.
 * "Path segment" = the non-empty parts of the URL's path (scheme, host, query and fragment excluded),
 * counted from 1. So `/api/document/{id}/download/{customerId}/{fileName}` → fileName
 * (api=1, document=2, id=3, download=4, customerId=5, fileName=6) and `https://host/a/b/c/d/e/name` → name.
 * With fewer than six segments the last one is used; a malformed escape is shown raw.
 */
export function documentNameFromUrl(url: string | null | undefined): string {
  if (!url) return '';
  const withoutOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  const path = withoutOrigin.split(/[?#]/)[0];
  const segments = path.split('/').filter((s) => s !== '');
  const segment = segments[5] ?? segments[segments.length - 1] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The document download URL whose sixth segment is the file name (what the API should return as Document.url). */
export function documentDownloadUrl(documentId: string, customerId: string, fileName: string): string {
  return `/api/document/${encodeURIComponent(documentId)}/download/${encodeURIComponent(customerId)}/${encodeURIComponent(fileName)}`;
}

// spec 1 §9: dashboard shows up to 3 page links from the current page (1-based pages)
export const PAGE_LINKS_SHOWN = 3;

// spec 1 §2 / spec 2 §9: page links current, current+1, current+2, limited to totalPages
export function pageLinks(current: number, totalPages: number): number[] {
  if (!Number.isFinite(totalPages) || totalPages < 1) return [];
  const start = Math.min(Math.max(1, Math.trunc(current)), totalPages);
  const end = Math.min(totalPages, start + PAGE_LINKS_SHOWN - 1);
  const links: number[] = [];
  for (let p = start; p <= end; p++) links.push(p);
  return links;
}

// spec 1 §9: payment transaction history page size (fetch)
export const TRANSACTION_PAGE_SIZE = 5;

// spec 1 §4 / spec 2 §3: upcoming status defaults to the text 'No Status'
export const NO_STATUS_TEXT = 'No Status';

// spec 1 §4: upcoming status label (the status, else 'No Status')
export function upcomingStatusLabel(status: string | null | undefined): string {
  return status && status.trim() !== '' ? status : NO_STATUS_TEXT;
}

// spec 1 §4: the 'No Status' text is translated (null when a status is present)
export function upcomingStatusKey(status: string | null | undefined): MessageKey | null {
  return status && status.trim() !== '' ? null : MSG.upcomingStatusNoStatus;
}

// spec 1 §4 / spec 2 §4: a recurring-schedule entry with status PENDING is an upcoming payment
export function isUpcomingPayment(entry: { status?: string | null }): boolean {
  return entry.status === 'PENDING';
}

export type TransactionErrorProvider = 'SPLIT_PAY' | 'ONLINE_WALLET' | 'GEO' | 'OTHER';

/** Which provider produced an error: from paymentProviderId / method type, else from the error's first part. */
export function transactionErrorProvider(error: string, provider?: string | null): TransactionErrorProvider {
  const hint = `${provider ?? ''} ${error.split(':')[0]}`.toUpperCase();
  if (/SPLIT|INSTALL?MENT/.test(hint)) return 'SPLIT_PAY';
  if (/PAYPAL|PAY_PAL|ONLINE_WALLET/.test(hint)) return 'ONLINE_WALLET';
  if (/GEO/.test(hint)) return 'GEO';
  return 'OTHER';
}

export type FailedTooltip = { text: string } | { key: MessageKey; values: { detail: string } };

// spec 1 §8: failed tooltip: split on ':'; split pay → 3rd part if >10 chars; online wallet → 'Error' + last; geo → last; else raw
export function failedTransactionTooltip(error: string | null | undefined, provider?: string | null): FailedTooltip {
  const raw = error ?? '';
  const parts = raw.split(':');
  const last = parts[parts.length - 1].trim();
  switch (transactionErrorProvider(raw, provider)) {
    case 'SPLIT_PAY': {
      const third = (parts[2] ?? '').trim();
      return { text: third.length > 10 ? third : raw };
    }
    case 'ONLINE_WALLET':
      return { key: MSG.transactionErrorPrefix, values: { detail: last } };
    case 'GEO':
      return { text: last };
    default:
      return { text: raw };
  }
}
