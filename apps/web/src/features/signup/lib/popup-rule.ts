// issue 11: when the dashboard opens the sign-up popup of the session's origin by itself.
// Rule: originType is set, and
//  - onboarding (TYPE_ON_BOARDING_PAGE): the tenant has no lease with that page's company yet;
//  - application (TYPE_LEASE_APPLICATION_PAGE): the tenant has no application on that page yet;
// and the terms are accepted (the terms modal comes first), and the popup was not closed in this browser session.
// While originType is set the dashboard also shows a button that reopens the popup at any time.

export type PopupKind = 'signup' | 'applyNow';

export function shouldOpenPopup(input: {
  kind: PopupKind;
  signupPage: string;
  pageCompanyId: string | null | undefined;
  leaseCompanyIds: readonly string[];
  applicationPageNames: readonly (string | null | undefined)[];
  termsAccepted: boolean;
  dismissed: boolean;
}): boolean {
  if (input.dismissed || !input.termsAccepted) return false;
  if (input.kind === 'signup') return !!input.pageCompanyId && !input.leaseCompanyIds.includes(input.pageCompanyId);
  return !input.applicationPageNames.includes(input.signupPage);
}

const dismissKey = (kind: PopupKind, page: string) => `signup_popup_closed:${kind}:${page}`;

export function isPopupDismissed(kind: PopupKind, page: string): boolean {
  try {
    return sessionStorage.getItem(dismissKey(kind, page)) === '1';
  } catch {
    return false;
  }
}

export function dismissPopup(kind: PopupKind, page: string): void {
  try {
    sessionStorage.setItem(dismissKey(kind, page), '1');
  } catch {
    // storage blocked: the popup shows again on the next visit
  }
}
