// issue 7 "Benchmark": POST /calculatefeewithfeeprofile as the payment page makes it (the demo tenant's Visa at
// Harbourview's company), and the exact fee lookup SQL the API runs for it (services/fees/method-fee-profile.ts).

import type { Executor } from '../apps/api/src/db/client.ts';
import { DEMO_IDS } from '../apps/api/src/db/seed.ts';
import { methodFeeLookupQuery } from '../apps/api/src/services/fees/method-fee-profile.ts';
import type { RawQuery } from '../apps/api/src/services/search/search-records.ts';

export const FEE_PATH = '/api/calculatefeewithfeeprofile';

export const feeRequestBody = { amount: 1925, companyId: DEMO_IDS.companyCa, paymentMethod: DEMO_IDS.cardVisa };

export function feeQuery(db: Executor): RawQuery {
  return methodFeeLookupQuery(db, {
    customerId: DEMO_IDS.tenant,
    companyId: feeRequestBody.companyId,
    paymentMethodId: feeRequestBody.paymentMethod,
  });
}
