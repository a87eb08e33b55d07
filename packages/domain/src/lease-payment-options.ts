// Which ways of paying a lease offers, from its settings alone (spec 1 §2, §3): the accepted payment types and pay
// later. Kept apart, with no imports, so the dashboard's lease card can use them without the payment-method rules
// (issue 2 bundle budget); payment-methods.ts and add-method-options.ts re-export them.

type Accepted = readonly string[] | Record<string, unknown> | null | undefined;

/** acceptedPaymentTypes as a list of method types, from a list or a map of flags. */
export function normalizeAcceptedTypes(accepted: Accepted): Set<string> {
  if (!accepted) return new Set();
  if (Array.isArray(accepted)) return new Set(accepted as readonly string[]);
  return new Set(
    Object.entries(accepted)
      .filter(
        ([, v]) =>
          v === true || v === 'YES' || (typeof v === 'object' && v !== null && (v as { enabled?: unknown }).enabled === true),
      )
      .map(([k]) => k),
  );
}

/** A lease as these rules read it: its property's and its company's accepted types. */
export interface AcceptedTypesLease {
  joins?: {
    property?: { acceptedPaymentTypes?: Accepted } | null;
    company?: { acceptedPaymentTypes?: Accepted } | null;
  } | null;
}

// spec 1 §3: acceptedPaymentTypes exist per company and per property; the property's list, when set, is the lease's
export function leaseAcceptedPaymentTypes(lease: AcceptedTypesLease): Set<string> {
  const own = lease.joins?.property?.acceptedPaymentTypes;
  return normalizeAcceptedTypes(own != null ? own : lease.joins?.company?.acceptedPaymentTypes);
}

// spec 1 §2: pay later shows when the lease accepts instalment pay or the online wallet provider's pay-later
export function showPayLater(input: { instalmentAccepted: boolean; payPalCreditEnabled: boolean }): boolean {
  return input.instalmentAccepted || input.payPalCreditEnabled;
}

export interface PayLaterLease extends AcceptedTypesLease {
  acceptInstallmentPay?: boolean | null;
  joins?: AcceptedTypesLease['joins'] & {
    property?: { acceptedPaymentTypes?: Accepted; paypalCreditIntegration?: { enabled?: boolean | null } | null } | null;
  };
}

// spec 1 §2: a lease's pay-later button: instalment pay accepted (the lease's flag or its accepted types), or the
// property's online-wallet-provider pay later (paypalCreditIntegration)
export function leaseShowsPayLater(lease: PayLaterLease): boolean {
  return showPayLater({
    instalmentAccepted: !!lease.acceptInstallmentPay || leaseAcceptedPaymentTypes(lease).has('TYPE_INSTALLMENT_PAY'),
    payPalCreditEnabled: !!lease.joins?.property?.paypalCreditIntegration?.enabled,
  });
}
