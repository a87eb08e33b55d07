// What the tenant's leases allow for payment methods: which types their managers accept (spec 1 §3 acceptedPaymentTypes,
// the property's list when set, else the company's), whether methods may be changed at all (spec 1 §5
// onlyPMPaymentAllowed), and the currency and bank-linking company that follow from them.
import { type AddMethodLease, bankLinkingCompany, leaseAcceptedPaymentTypes } from '@portal/domain/add-method-options';
import type { Country, YesNo } from '@portal/domain/entities';
import { type Currency, currencyForCountry } from '@portal/domain/money';
import { arePaymentMethodChangesDisabled } from '@portal/domain/payment-methods';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, customers, properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

export interface TenantCompany {
  id: string;
  name: string;
  country: string;
  acceptedPaymentTypes: string[];
  onlyPMPaymentAllowed: YesNo;
  createBankAccountFromPlaidRequired: boolean;
}

export interface TenantLease extends AddMethodLease<TenantCompany> {
  id: string;
  status: string;
  joins: { property: { acceptedPaymentTypes: string[] | null }; company: TenantCompany };
}

/** The tenant's leases (oldest first) with their property's and company's payment settings. */
export async function findTenantLeases(db: Executor, customerId: string): Promise<TenantLease[]> {
  const rows = await db
    .select({
      id: propertyLeases.id,
      status: propertyLeases.status,
      propertyAccepted: properties.acceptedPaymentTypes,
      company: {
        id: companies.id,
        name: companies.name,
        country: companies.country,
        acceptedPaymentTypes: companies.acceptedPaymentTypes,
        onlyPMPaymentAllowed: companies.onlyPMPaymentAllowed,
        createBankAccountFromPlaidRequired: companies.createBankAccountFromPlaidRequired,
      },
    })
    .from(propertyLeases)
    .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
    .innerJoin(companies, eq(companies.id, propertyLeases.companyId))
    .where(eq(propertyLeases.userId, customerId))
    .orderBy(asc(propertyLeases.createdAt), asc(propertyLeases.id));
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    joins: { property: { acceptedPaymentTypes: r.propertyAccepted }, company: r.company },
  }));
}

const isOpen = (lease: TenantLease) => lease.status !== 'TERMINATED';

// spec 1 §5 / spec 2 §5: add and remove are refused when every lease's company has onlyPMPaymentAllowed YES
export function assertMayChangeMethods(leases: readonly TenantLease[]): void {
  if (arePaymentMethodChangesDisabled(leases.map((lease) => ({ company: lease.joins.company }))))
    throw new AppError('RM_ERROR_FORBIDDEN', 'server.paymentMethods.changesDisabled');
}

// spec 1 §3 / §8: a method type none of the tenant's (non-terminated) leases accepts cannot be added
export function assertTypeAccepted(leases: readonly TenantLease[], type: string): void {
  if (!leases.some((lease) => isOpen(lease) && leaseAcceptedPaymentTypes(lease).has(type)))
    throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'server.paymentMethods.notSupported');
}

/** Both checks of adding a method of `type`. */
export async function assertMayAdd(db: Executor, customerId: string, type: string): Promise<TenantLease[]> {
  const leases = await findTenantLeases(db, customerId);
  assertMayChangeMethods(leases);
  assertTypeAccepted(leases, type);
  return leases;
}

/** The company the tenant pays: that of their first non-terminated lease (else any lease). */
export function payeeCompany(leases: readonly TenantLease[]): TenantCompany | null {
  return (leases.find(isOpen) ?? leases[0])?.joins.company ?? null;
}

// spec 1 §9: the wallets' and the online wallet provider's currency: USD when the tenant pays a US company (else the
// tenant's own country decides)
export function payeeCurrency(leases: readonly TenantLease[], customerCountry: string): Currency {
  return currencyForCountry(payeeCompany(leases)?.country ?? customerCountry);
}

/** The country of a wallet method (or online wallet account) paying in `currency`. */
export function countryOfCurrency(currency: Currency): Country {
  return currency === 'USD' ? 'US' : 'CA';
}

// spec 1 §2: the bank-linking widget's country is that of the company requiring it, else the customer's
export function bankLinkCountry(leases: readonly TenantLease[], customerCountry: string): Country {
  const country = bankLinkingCompany(leases)?.country ?? customerCountry;
  return country === 'US' ? 'US' : 'CA';
}

export interface CustomerBasics {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  country: string;
  languageCode: string;
}

export async function findCustomerBasics(db: Executor, customerId: string): Promise<CustomerBasics> {
  const [row] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      country: customers.country,
      languageCode: customers.languageCode,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.paymentMethods.customerNotFound');
  return row;
}
