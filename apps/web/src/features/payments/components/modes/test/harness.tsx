// Test harness of the payment modes: a signed-in tenant (an unsigned JWT: the client only decodes it), Canadian and US
// leases, the answers of the mode calls, and rendering with the shared providers (toasts on).
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import type { CashSlip, InstalmentAmount, InstalmentPlan } from '@portal/domain/payment-shapes';
import type { ReactElement } from 'react';
import type { CompanyJoin, PropertyLease } from '../../../../../api/types';
import { CUSTOMER_ID, card, lease, method, paymentResult, property } from '../../../../../test/payment-fixtures';
import { renderWithProviders } from '../../../../../test/render';
import { signInTenantForEachTest } from '../../../../../test/session';

export { CUSTOMER_ID, card, method, paymentResult };

signInTenantForEachTest(CUSTOMER_ID);

/** A Canadian lease (Harbourview Residences, unit 804, BC) whose company accepts the given types. */
export function caLease(
  accepted: string[] = ['TYPE_CREDIT_CARD', 'TYPE_CASH'],
  over: Partial<PropertyLease> = {},
  province = 'BC',
) {
  const l = lease('lease-1', 'Harbourview Residences', over, { acceptedPaymentTypes: accepted });
  return { ...l, joins: { ...l.joins, property: property('Harbourview Residences', { province }) } };
}

/** A US lease (Lakeside Commons, unit 804) whose company accepts the given types. */
export function usLease(accepted: string[] = ['TYPE_CREDIT_CARD', 'TYPE_CASH'], over: Partial<CompanyJoin> = {}) {
  const l = lease('lease-us', 'Lakeside Commons', {}, { country: 'US', acceptedPaymentTypes: accepted, ...over });
  return { ...l, joins: { ...l.joins, property: property('Lakeside Commons', { country: 'US', province: 'WA' }) } };
}

export function cashSlip(over: Partial<CashSlip> = {}): CashSlip {
  return {
    id: 'slip-1',
    token: '1234567890123456',
    amount: 1925,
    type: 'TYPE_LOADHUB_CASH',
    billingAccountId: 'lease-1',
    status: 'ACTIVE',
    createDate: '2026-11-19T15:12:00.000Z',
    ...over,
  };
}

export function instalmentPlan(over: Partial<InstalmentPlan> = {}): InstalmentPlan {
  return {
    id: 'plan-1',
    type: 'TYPE_INSTALLMENT_PAY',
    installments: 4,
    termsAndConditionsUrl: '/api/sandbox/installment-pay/terms?lang=en',
    acceptedTermsAndConditions: false,
    fundingMethodId: 'pm-visa',
    amount: 1000,
    installmentDetails: { paymentDetails: [] },
    ...over,
  };
}

/** 1000.00 funded, 6.99% fee (69.90): first instalment 250.00 + 69.90. */
export function instalmentAmount(over: Partial<InstalmentAmount> = {}): InstalmentAmount {
  return {
    id: 'plan-1',
    amount: 1000,
    feeAmount: 69.9,
    feePaidByCompany: false,
    installments: 4,
    firstInstalmentAmount: 319.9,
    total: 1069.9,
    currency: 'CAD',
    ...over,
  };
}

export function wallet(over: Partial<PaymentMethodRecord> = {}): PaymentMethodRecord {
  return method({
    id: 'pm-wallet',
    type: 'TYPE_WALLET',
    label: 'Wallet',
    walletType: 'APPLE_PAY',
    expireIn: new Date(Date.now() + 3_600_000).toISOString(),
    ...over,
  });
}

export function renderMode(ui: ReactElement, lang: 'en' | 'fr' = 'en') {
  return renderWithProviders(ui, { lang, withToasts: true });
}

/** The Idempotency-Key header of a mocked api call's options. */
export function keyOf(options: unknown): string | undefined {
  return (options as { headers?: Record<string, string> } | undefined)?.headers?.['Idempotency-Key'];
}

/** Replaces navigator.userAgent for one test (restore with the returned function). */
export function withUserAgent(ua: string, maxTouchPoints = 5): () => void {
  const uaSpy = Object.getOwnPropertyDescriptor(window.navigator, 'userAgent');
  const mtpSpy = Object.getOwnPropertyDescriptor(window.navigator, 'maxTouchPoints');
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });
  Object.defineProperty(window.navigator, 'maxTouchPoints', { value: maxTouchPoints, configurable: true });
  return () => {
    if (uaSpy) Object.defineProperty(window.navigator, 'userAgent', uaSpy);
    else delete (window.navigator as { userAgent?: string }).userAgent;
    if (mtpSpy) Object.defineProperty(window.navigator, 'maxTouchPoints', mtpSpy);
    else delete (window.navigator as { maxTouchPoints?: number }).maxTouchPoints;
  };
}

export const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
