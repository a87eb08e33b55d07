// The autopay modal's entry for the dashboard: the dashboard imports this small module lazily, and it imports the
// modal, so the list of the modal's chunks to preload (its whole graph) is not part of the dashboard route (bundle budget).
export const loadAutopayModal = () => import('./autopay-modal').then((m) => m.AutopayModal);
