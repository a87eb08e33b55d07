// spec 2 §9 tracking pixels, first-party (issue 22): tell our own server that the tenant opened an add-on screen
// (POST /api/tracking/{event}: it keeps the user id, the event and the time, nothing else).
//
// Usage, once when the screen opens (e.g. in the modal's effect on `opened`):
//   useEffect(() => { if (opened) trackOpen('INSURANCE_OPEN'); }, [opened]);
// Fire and forget: it never waits, never throws, never retries and never signs the tenant out (a refused or failed
// call is simply dropped), so it cannot block or break the screen. Nothing is sent while an admin acts as a tenant.
import { getToken, isMimicking } from './session';

export type TrackedOpen = 'CREDIT_REPORTING_OPEN' | 'INSURANCE_OPEN' | 'PAYMENT_OPEN' | 'AUTOPAY_OPEN';

export function trackOpen(event: TrackedOpen): void {
  try {
    const token = getToken();
    if (!token || isMimicking()) return;
    // fetch with keepalive, not sendBeacon: a beacon cannot carry the bearer token; keepalive lets it outlive the page.
    void fetch(`/api/tracking/${event}`, {
      method: 'POST',
      keepalive: true,
      headers: { authorization: `Bearer ${token}` },
    }).catch(() => undefined);
  } catch {
    // no fetch, or storage unavailable: tracking is never worth an error
  }
}
