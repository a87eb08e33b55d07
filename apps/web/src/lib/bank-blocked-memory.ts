// spec 1 §8 / spec 2 §8: the bank-blocked alert shows once per lease, whichever screen shows it first (the payment
// page's notice or the lease card): the leases already alerted are remembered on this device.

/** localStorage: ids of the leases whose bank-blocked alert was shown. */
export const BANK_BLOCKED_SHOWN_KEY = 'payments.bankBlockedAlertShown';

export function readShownLeaseIds(): Set<string> {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(BANK_BLOCKED_SHOWN_KEY) ?? '[]');
    return new Set(Array.isArray(raw) ? raw.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export function writeShownLeaseIds(ids: ReadonlySet<string>): void {
  try {
    window.localStorage.setItem(BANK_BLOCKED_SHOWN_KEY, JSON.stringify([...ids]));
  } catch {
    // storage full or disabled: the alert may show again, which is harmless
  }
}
