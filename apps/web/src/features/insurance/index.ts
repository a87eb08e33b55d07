// The insurance feature's public entry (issue 22): the dashboard's place for its card (in the first load, kept small)
// and the payment page's list of policies. Other features import this file only.
import { lazy } from 'react';
import { withChunkTimeout } from '../../lib/lazy-chunk';

export { InsuranceSlot } from './insurance-slot';

/** The payment page's list of policies (spec 2 §2), loaded with that page when it renders. */
export const InsurancePoliciesSection = /* @__PURE__ */ lazy(() =>
  withChunkTimeout(() => import('./components/policies-section')).then((m) => ({ default: m.InsurancePoliciesSection })),
);
