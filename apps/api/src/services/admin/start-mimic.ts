// POST /admin/mimic: an admin acts as the tenant of a lease (spec 1 §4 Mimic mode, §6 Roles); the start is audited.
// The mimic session is a child of the admin's own session: it ends with it, and stopMimic goes back to it.
import type { AppContext } from '../../context.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { VerifiedClaims } from '../../lib/jwt.ts';
import { startMimic } from '../auth/sign-in.ts';

export async function startMimicSession(
  ctx: AppContext,
  input: { adminSession: VerifiedClaims; leaseId: string; actor: Actor },
): Promise<{ access_token: string }> {
  const adminId = input.adminSession.sessionRole.id;
  const accessToken = await startMimic(ctx, input.adminSession, input.leaseId);
  await recordAudit(ctx.db, {
    recordType: 'property_lease',
    recordId: input.leaseId,
    action: 'MIMIC_START',
    changes: { adminId },
    actor: input.actor,
  });
  return { access_token: accessToken };
}
