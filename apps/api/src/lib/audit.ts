// The audit trail behind GET /{recordType}/{id}/history (spec 2 §7) and /events/search.
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import { auditEvents } from '../db/schema.ts';

export interface Actor {
  id: string | null;
  type: string | null;
}

export function actorOf(request: FastifyRequest): Actor {
  const s = request.session;
  if (!s) return { id: null, type: null };
  // While mimicking, the admin or manager (issue 23, spec 1 §6) is the real author of a change.
  if (s.mimic) return { id: s.mimic.adminId, type: s.mimic.adminType ?? 'TYPE_ADMIN' };
  return { id: s.sessionRole.id, type: s.sessionRole.type };
}

/** Field-by-field differences between two versions of a record (only changed keys). */
export function diffRecords(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (key === 'updatedAt' || key === 'passwordHash') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out[key] = { from: before[key], to: after[key] };
  }
  return out;
}

export async function recordAudit(
  db: Executor,
  event: { recordType: string; recordId: string; action: string; changes?: unknown; actor: Actor },
): Promise<void> {
  await db.insert(auditEvents).values({
    recordType: event.recordType,
    recordId: event.recordId,
    action: event.action,
    changes: event.changes ?? null,
    actorId: event.actor.id,
    actorType: event.actor.type,
  });
}
