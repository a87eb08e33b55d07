// The payments feature's public entry (issue 21 §3): what the autopay editor, the application form's fee step and the
// dashboard use of it. Other features import this file only, never a module inside the feature.
export { useFeeCalculation } from './api/calculate-fee';
export { usePaymentMethods } from './api/get-payment-methods';
export { isWindowsPlatform, useMethodLabel } from './components/method-display';
export { ChargeRows } from './components/pay/charge-rows';
export { MethodSelector } from './components/pay/method-selector';
export {
  type ChargeRowValues,
  checkPaymentForm,
  emptyChargeRow,
  type PaymentFormErrors,
  type PaymentFormValues,
  type PaymentPolicy,
  payableMethods,
  paymentPolicy,
} from './forms/payment-form';

/**
 * The payment modal, for the dashboard. Through its small loader module: the list of the modal's chunks to preload
 * (its whole graph) stays out of the chunk of whoever imports this entry (issue 9 bundle budget).
 */
export const loadPaymentModal = () => import('./components/pay/load-payment-modal').then((m) => m.loadPaymentModal());
