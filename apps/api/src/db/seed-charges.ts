// Issue 23 demo: the seed's open charges that are a lease's recurring charge of a month carry the monthly posting's key
// (rent:<leaseId>:<YYYY-MM>:<line>), as if the job had posted them: `npm run jobs -- --now <next month's due date>`
// then posts only what is missing (next month's parking on the Harbourview lease, the US lease's next rent), never a
// second rent, and the demo autopay ("the balance then due") pays it.
import type { AppContext } from '../context.ts';

const KEY_SEEDED_CHARGES = `UPDATE open_charges c
SET posting_key = 'rent:' || c.billing_account_id || ':' || to_char(c.post_month, 'YYYY-MM') || ':' || (line.ord - 1)
FROM property_leases l CROSS JOIN LATERAL jsonb_array_elements(l.charges) WITH ORDINALITY AS line(value, ord)
WHERE l.id = c.billing_account_id AND c.posting_key IS NULL AND c.post_month IS NOT NULL
  AND line.value->>'code' = c.code AND (line.value->>'amount')::bigint = c.amount`;

export async function seedDemoCharges(ctx: AppContext): Promise<void> {
  await ctx.database.raw(KEY_SEEDED_CHARGES);
}
