import type { PaymentMethodType, YesNo } from './entities.ts';
import { leaseAcceptedPaymentTypes } from './lease-payment-options.ts';
import { getAddMethodTypes, usesBankLinkingWidget } from './payment-methods.ts';

// Moved to lease-payment-options.ts (the dashboard uses it without the rest of the payment-method rules).
export { leaseAcceptedPaymentTypes } from './lease-payment-options.ts';

// Which kinds of payment method a tenant is offered to add, from their leases (spec 1 §2 "Add payment method", §5, §8).

type Accepted = readonly string[] | Record<string, unknown> | null | undefined;

export interface AddMethodCompany {
  id?: string | null;
  country?: string | null;
  acceptedPaymentTypes?: Accepted;
  createBankAccountFromPlaidRequired?: boolean | YesNo | null;
}

export interface AddMethodLease<C extends AddMethodCompany = AddMethodCompany> {
  status?: string | null;
  joins?: {
    property?: { acceptedPaymentTypes?: Accepted } | null;
    company?: C | null;
  } | null;
}

// a terminated lease takes no payments (spec 1 §4), so what it accepts does not count
const isOpenLease = (lease: AddMethodLease): boolean => lease.status !== 'TERMINATED';

/**
 * spec 1 §2 / spec 2 §9: the add-method types (wallets excluded where asked) that at least one non-terminated lease
 * accepts. Empty → the 'merchant account not configured' alert (spec 1 §8, merchantNotConfigured).
 */
export function addMethodTypesForLeases(
  leases: readonly AddMethodLease[],
  options: { excludeWallets?: boolean } = {},
): PaymentMethodType[] {
  const accepted = new Set<string>();
  for (const lease of leases) if (isOpenLease(lease)) for (const t of leaseAcceptedPaymentTypes(lease)) accepted.add(t);
  return getAddMethodTypes(options).filter((t) => accepted.has(t));
}

// spec 1 §2: a bank account goes through the bank-linking widget when a (non-terminated) lease's company requires it;
// the widget's country is that company's
export function bankLinkingCompany<C extends AddMethodCompany>(leases: readonly AddMethodLease<C>[]): C | null {
  for (const lease of leases) {
    const company = lease.joins?.company;
    if (company && isOpenLease(lease) && usesBankLinkingWidget(company)) return company;
  }
  return null;
}
