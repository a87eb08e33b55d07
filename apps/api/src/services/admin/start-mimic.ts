// POST /admin/mimic: an admin acts as the tenant of a lease (spec 1 §4 Mimic mode, §6 Roles); the start is audited.
import type { AppContext } from '../../app.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { startMimic } from '../auth/sign-in.ts';

export async function startMimicSession(
  ctx: AppContext,
  input: { adminId: string; leaseId: string; actor: Actor },
): Promise<{ access_token: string }> {
  const accessToken = await startMimic(ctx, input.adminId, input.leaseId);
  await recordAudit(ctx.db, {
    recordType: 'property_lease',
    recordId: input.leaseId,
    action: 'MIMIC_START',
    changes: { adminId: input.adminId },
    actor: input.actor,
  });
  return { access_token: accessToken };
}
