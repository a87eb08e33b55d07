// features/dashboard's public entry (issue 21 §3 web layers): what other features use of it — the past payments list
// whose receipt a notice's "View the receipt" link opens (features/notifications' receipt-link test composes the two).
export { PastPayments } from './components/past-payments';
