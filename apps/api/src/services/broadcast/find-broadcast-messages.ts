// GET /broadcast/messages (spec 1 §2 Shell: broadcast messages by severity CRITICAL, WARNING or other).
import type { BroadcastMessage, BroadcastSeverity } from '@portal/domain/api-shapes';
import { toIsoInstant } from '@portal/domain/dates';
import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { broadcastMessages, corporateUsers, customers } from '../../db/schema.ts';
import type { SessionClaims } from '../../lib/jwt.ts';
import { findTenantCompanyIds } from '../customer/tenant-scope.ts';

// spec 1 §2: CRITICAL → alert, WARNING → warning, anything else → info
const toSeverity = (s: string): BroadcastSeverity => (s === 'CRITICAL' || s === 'WARNING' ? s : 'INFO');

/** Active messages (startsAt ≤ now < endsAt, or no end) for everyone or for one of the caller's companies. */
export async function findActiveBroadcastMessages(
  ctx: AppContext,
  session: SessionClaims,
): Promise<{ records: BroadcastMessage[] }> {
  const role = session.sessionRole;
  let language = 'en';
  let companyIds: string[] = [];
  if (role.type === 'TYPE_CUSTOMER') {
    const [c] = await ctx.db
      .select({ languageCode: customers.languageCode })
      .from(customers)
      .where(eq(customers.id, role.id))
      .limit(1);
    language = c?.languageCode ?? 'en';
    companyIds = await findTenantCompanyIds(ctx.db, role.id);
  } else {
    const [u] = await ctx.db
      .select({ companyId: corporateUsers.companyId })
      .from(corporateUsers)
      .where(eq(corporateUsers.id, role.id))
      .limit(1);
    if (u?.companyId) companyIds = [u.companyId];
  }
  const now = ctx.now().toISOString();
  const rows = await ctx.db
    .select()
    .from(broadcastMessages)
    .where(
      and(
        lte(broadcastMessages.startsAt, now),
        or(isNull(broadcastMessages.endsAt), gt(broadcastMessages.endsAt, now)),
        companyIds.length > 0
          ? or(isNull(broadcastMessages.companyId), inArray(broadcastMessages.companyId, companyIds))
          : isNull(broadcastMessages.companyId),
      ),
    )
    .orderBy(
      sql`case ${broadcastMessages.severity} when 'CRITICAL' then 0 when 'WARNING' then 1 else 2 end`,
      desc(broadcastMessages.startsAt),
    );
  return {
    records: rows.map((m) => ({
      id: m.id,
      severity: toSeverity(m.severity),
      message: language === 'fr' ? m.messageFr : m.messageEn,
      messageEn: m.messageEn,
      messageFr: m.messageFr,
      startsAt: toIsoInstant(m.startsAt),
      endsAt: m.endsAt ? toIsoInstant(m.endsAt) : null,
    })),
  };
}
