// Session and shell rules of spec 1 §2, §4 and §6.

// spec 1 §4: mimic mode is on when a customer session has a stored mimic lease id
export function isMimicking(input: { userType?: string | null; mimicLeaseId?: string | null }): boolean {
  return input.userType === 'TYPE_CUSTOMER' && !!input.mimicLeaseId;
}

// spec 1 §4: stopping mimic goes to /admin/tenants/{leaseId}/edit
export function mimicStopUrl(leaseId: string): string {
  return `/admin/tenants/${encodeURIComponent(leaseId)}/edit`;
}

// spec 1 §2 / §4: sign-out is hidden while mimicking
export function showSignOut(mimicking: boolean): boolean {
  return !mimicking;
}

// spec 1 §2: whether an account's security settings (its password form) are visible, as the customer record says
// (securitySettingsVisible): an account that signs in with a password of its own (not through Google, spec 1 §6; not
// one without a password yet, whose form could never succeed), seen by its owner (not an admin acting as the tenant,
// who may not change the tenant's credentials: spec 1 §4 mimic mode, refused by POST /changepassword).
export function securitySettingsVisible(input: {
  accountType?: string | null;
  hasPassword: boolean;
  mimicking: boolean;
}): boolean {
  return input.accountType !== 'TYPE_GOOGLE_OAUTH_ACCOUNT' && input.hasPassword && !input.mimicking;
}

// spec 1 §2 / §6: the security card is hidden for TYPE_GOOGLE_OAUTH_ACCOUNT or when security settings are not visible
export function showSecurityCard(input: { accountType?: string | null; securitySettingsVisible?: boolean | null }): boolean {
  return input.accountType !== 'TYPE_GOOGLE_OAUTH_ACCOUNT' && input.securitySettingsVisible !== false;
}

// spec 1 §4: the locale updates only if the customer save returns an id
export function shouldApplyLanguageChange(reply: { id?: string | number | null } | null | undefined): boolean {
  return reply?.id != null && reply.id !== '';
}

// spec 1 §2: the applications route shows in navigation only with at least one lease application
export function showApplicationsNav(applicationCount: number): boolean {
  return applicationCount > 0;
}

// spec 1 §2: the sign-in landing page redirects when the session from the token has no user id
export function shouldLeaveLanding(session: { id?: string | null } | null | undefined): boolean {
  return !session?.id;
}

// spec 1 §2: a token in the query string on load is stored and the address cleaned to its path
export function takeTokenFromUrl(url: string): { token: string | null; cleanPath: string } {
  const u = new URL(url, 'http://localhost');
  const token = u.searchParams.get('token');
  return {
    token: token && token !== '' ? token : null,
    cleanPath: u.searchParams.has('token') ? u.pathname : `${u.pathname}${u.search}`,
  };
}
