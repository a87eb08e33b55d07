// The autopay feature's public entry (issue 21 §3): what the dashboard's lease card uses of it. Other features import
// this file only, never a module inside the feature.
export { BankBlockedAlert } from './components/bank-blocked-alert';

/**
 * The autopay modal, loaded on the first open. Through its small loader module: the list of the modal's chunks to
 * preload (its whole graph) stays out of the dashboard route, which imports this entry (issue 9 bundle budget).
 */
export const loadAutopayModal = () => import('./components/load-autopay-modal').then((m) => m.loadAutopayModal());
