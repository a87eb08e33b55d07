// The payment modal's entry for the dashboard: the dashboard imports this small module lazily, and it imports the modal,
// so the list of the modal's chunks to preload (its whole graph) is not part of the dashboard route (bundle budget).
export const loadPaymentModal = () => import('./payment-modal').then((m) => m.PaymentModal);
