// Test harness of the add-method modal: a signed-in tenant (an unsigned JWT: the client only decodes it), leases whose
// companies accept given types, records as the API answers them, and the modal rendered with the shared providers.
import type { AddressRecord, Customer, PaymentMethodRecord } from '@portal/domain/api-shapes';
import { vi } from 'vitest';
import type { CompanyJoin, PropertyJoin, PropertyLease } from '../../../../../api/types';
import { api } from '../../../../../lib/api-client';
import { companyFixture, leaseFixture, propertyFixture } from '../../../../../test/fixtures';
import { address, card } from '../../../../../test/payment-fixtures';
import { renderWithProviders } from '../../../../../test/render';
import { signInTenantForEachTest } from '../../../../../test/session';
import { AddPaymentMethodModal, type AddPaymentMethodModalProps } from '../add-payment-method-modal';

export const CUSTOMER_ID = 'cust-1';

signInTenantForEachTest(CUSTOMER_ID);

export const ALL_TYPES = ['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT', 'TYPE_PAY_PAL', 'TYPE_WALLET'];

export function company(over: Partial<CompanyJoin> = {}): CompanyJoin {
  return companyFixture({ overpaymentAllowed: 'NO', acceptedPaymentTypes: ALL_TYPES, ...over });
}

export function property(over: Partial<PropertyJoin> = {}): PropertyJoin {
  return propertyFixture({ id: 'p-1', ...over });
}

export function lease(
  co: CompanyJoin = company(),
  over: Partial<PropertyLease> = {},
  prop: PropertyJoin = property(),
): PropertyLease {
  return leaseFixture({
    userId: CUSTOMER_ID,
    propertyId: prop.id,
    companyId: co.id,
    joins: { property: prop, company: co },
    ...over,
  });
}

export function methodRecord(over: Partial<PaymentMethodRecord> = {}): PaymentMethodRecord {
  return card({
    id: 'pm-1',
    userId: CUSTOMER_ID,
    label: 'VISA 4242',
    expiryMonth: 12,
    expiryYear: 2030,
    billingAddressId: 'addr-9',
    createDate: '2026-11-20T10:00:00Z',
    ...over,
  });
}

export function addressRecord(over: Partial<AddressRecord> = {}): AddressRecord {
  return {
    ...address,
    userId: CUSTOMER_ID,
    suite: '12',
    street1: '2 King Street West',
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M5H 2N2',
    createDate: '2026-10-01T10:00:00Z',
    ...over,
  };
}

/** The tenant as GET /customer/{id} answers (Canadian unless told). */
export function customerRecord(over: Partial<Customer> = {}): Customer {
  return {
    id: CUSTOMER_ID,
    firstName: 'Camille',
    lastName: 'Tremblay',
    email: 'tenant@demo.test',
    birthDate: '1990-04-12',
    phone: '+16045550142',
    phoneMetadata: null,
    phoneStatus: null,
    alternatePhone: null,
    languageCode: 'en',
    preferredContactMethod: null,
    muteTextMessageNotification: false,
    textMessageNotificationMutedBy: null,
    acknowledgedTerms: true,
    country: 'CA',
    accountType: null,
    ...over,
  };
}

/** GET /customer/{the tenant} answers `customer` (the files using this harness mock the api client's `api`). */
export function answerCustomer(customer: Customer = customerRecord()) {
  vi.mocked(api.get).mockImplementation((async (path: string) =>
    path === `/customer/${CUSTOMER_ID}` ? customer : undefined) as unknown as typeof api.get);
}

export async function renderModal(props: Partial<AddPaymentMethodModalProps> = {}, { lang = 'en' }: { lang?: 'en' | 'fr' } = {}) {
  const onClose = vi.fn();
  const onAdded = vi.fn();
  const view = await renderWithProviders(
    <AddPaymentMethodModal opened onClose={onClose} onAdded={onAdded} context="payment-page" leases={[lease()]} {...props} />,
    { lang, withToasts: true },
  );
  return { onClose, onAdded, view };
}

/** A message from a sandbox provider page, as the framed page posts it to the portal window. */
export function postFromSandbox(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}
