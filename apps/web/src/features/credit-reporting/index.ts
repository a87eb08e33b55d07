// The credit-reporting feature's public entry (issue 22): the dashboard's place for its card (in the first load, kept
// small) and the payment page's list of subscriptions. Other features import this file only.
import { lazy } from 'react';

export { CreditReportingSlot, type CreditReportingSlotProps } from './credit-reporting-slot';

/** The payment page's list of subscriptions (spec 2 §2), loaded with that page's own chunk when it renders. */
export const CreditReportingSubscriptions = /* @__PURE__ */ lazy(() =>
  import('./components/subscription-list').then((m) => ({ default: m.CreditReportingSubscriptions })),
);
