// The job's lease step (issue 11): a lease an approved application created is PENDING until its start date; on that
// day (the job's clock, UTC date) it becomes ACTIVE.
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { propertyLeases } from '../../db/schema.ts';

/** The ids of the leases activated. */
export async function activateApprovedLeases(ctx: AppContext): Promise<string[]> {
  const now = ctx.now();
  const today = now.toISOString().slice(0, 10);
  const rows = await ctx.db
    .update(propertyLeases)
    .set({ status: 'ACTIVE', updatedAt: now.toISOString() })
    .where(
      and(
        eq(propertyLeases.status, 'PENDING'),
        eq(propertyLeases.origin, 'APPLICATION'),
        isNotNull(propertyLeases.approvedAt),
        lte(propertyLeases.startDate, today),
      ),
    )
    .returning({ id: propertyLeases.id });
  return rows.map((r) => r.id);
}
