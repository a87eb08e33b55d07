/**
 * The help page for screens outside the customer shell (the sign-up modals): /help, public. Issue 21 §1: it was a
 * help domain that never resolved.
 */
export const HELP_CENTRE_URL = '/help';
