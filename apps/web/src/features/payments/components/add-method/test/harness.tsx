// Test harness of the add-method modal: a signed-in tenant (an unsigned JWT: the client only decodes it), leases whose
// companies accept given types, records as the API answers them, and the modal rendered with the shared providers.
import { notifications } from '@mantine/notifications';
import type { AddressRecord, PaymentMethodRecord } from '@portal/domain/api-shapes';
import { afterEach, beforeEach, vi } from 'vitest';
import type { CompanyJoin, PropertyJoin, PropertyLease } from '../../../../../api/types';
import { clearSession, setToken } from '../../../../../lib/session';
import { renderWithProviders } from '../../../../../test/render';
import { AddPaymentMethodModal, type AddPaymentMethodModalProps } from '../add-payment-method-modal';

export const CUSTOMER_ID = 'cust-1';

const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
function tenantToken(): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const payload = { sessionRole: { id: CUSTOMER_ID, firstName: 'Camille', lastName: 'Tremblay', type: 'TYPE_CUSTOMER' }, exp };
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.sig`;
}

beforeEach(() => setToken(tenantToken()));
afterEach(() => {
  clearSession();
  notifications.clean();
  notifications.cleanQueue();
});

export const ALL_TYPES = ['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT', 'TYPE_PAY_PAL', 'TYPE_WALLET'];

export function company(over: Partial<CompanyJoin> = {}): CompanyJoin {
  return {
    id: 'co-1',
    parentId: null,
    name: 'Maple Leaf Property Management',
    country: 'CA',
    manageBalance: 'YES',
    overpaymentAllowed: 'NO',
    onlyPMPaymentAllowed: 'NO',
    blockPartialPayments: false,
    enforceCustomAmount: false,
    displayChargeCodes: false,
    chargeCodes: [],
    softMaximumPaymentAmount: null,
    acceptedPaymentTypes: ALL_TYPES,
    createBankAccountFromPlaidRequired: false,
    serviceCreditReporting: {},
    conciergeEnabled: false,
    customCard: null,
    integrationId: null,
    landlordId: null,
    ...over,
  };
}

export function property(over: Partial<PropertyJoin> = {}): PropertyJoin {
  return {
    id: 'p-1',
    companyId: 'co-1',
    propertyName: 'Harbourview Residences',
    street1: '1250 Granville Street',
    street2: null,
    city: 'Vancouver',
    province: 'BC',
    country: 'CA',
    postalCode: 'V6Z 1M6',
    category: 'RESIDENTIAL',
    propertyIdentifier: null,
    customCard: null,
    acceptedPaymentTypes: null,
    monevoIntegration: null,
    paypalCreditIntegration: null,
    insuranceIntegration: null,
    service_urcsi: null,
    service_neofinancial: null,
    payByTextEnabled: false,
    ...over,
  };
}

export function lease(
  co: CompanyJoin = company(),
  over: Partial<PropertyLease> = {},
  prop: PropertyJoin = property(),
): PropertyLease {
  return {
    id: 'lease-1',
    billingAccountType: 'TYPE_PROPERTY_LEASE',
    status: 'ACTIVE',
    unit: '804',
    userId: CUSTOMER_ID,
    userType: 'TYPE_CUSTOMER',
    propertyId: prop.id,
    companyId: co.id,
    startDate: '2024-01-01',
    endDate: null,
    tenantNotes: null,
    monthlyPaymentDueDay: 1,
    requireAutoPay: false,
    charges: [],
    services: [],
    blockPayments: {},
    blockPartialPayments: false,
    acceptInstallmentPay: false,
    openCharges: [],
    balance: 0,
    recurringSchedule: null,
    recurringScheduleStatus: null,
    recurringScheduleUpcomingPayment: null,
    recurringScheduleUpcomingPaymentDate: null,
    joins: { property: prop, company: co },
    ...over,
  };
}

export function methodRecord(over: Partial<PaymentMethodRecord> = {}): PaymentMethodRecord {
  return {
    id: 'pm-1',
    userId: CUSTOMER_ID,
    type: 'TYPE_CREDIT_CARD',
    label: 'VISA 4242',
    country: 'CA',
    brand: 'VISA',
    cardType: 'CREDIT',
    last4: '4242',
    expiryMonth: 12,
    expiryYear: 2030,
    nameOnCard: 'Camille Tremblay',
    billingAddressId: 'addr-9',
    accountHolder: null,
    bankName: null,
    routingNumber: null,
    institutionNumber: null,
    transitNumber: null,
    walletType: null,
    expireIn: null,
    email: null,
    createDate: '2026-11-20T10:00:00Z',
    ...over,
  };
}

export function addressRecord(over: Partial<AddressRecord> = {}): AddressRecord {
  return {
    id: 'addr-1',
    userId: CUSTOMER_ID,
    userType: 'TYPE_CUSTOMER',
    addressType: 'BILLING',
    suite: '12',
    street1: '2 King Street West',
    street2: null,
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M5H 2N2',
    country: 'CA',
    createDate: '2026-10-01T10:00:00Z',
    ...over,
  };
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
