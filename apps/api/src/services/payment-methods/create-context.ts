// Who adds a method and how the answer is worded: shared by every POST /create path.
import type { AppContext } from '../../app.ts';
import type { Actor } from '../../lib/audit.ts';
import type { Lang } from '../../lib/i18n.ts';

export interface CreateContext {
  ctx: AppContext;
  customerId: string;
  actor: Actor;
  /** Language of the label in the answer. */
  lang: Lang;
  /** The `session-id` header (the device session), for the processor's fraud checks. */
  deviceSessionId?: string;
}

/** A created record (201) or an existing one answered instead (200). */
export interface Created<R> {
  status: 200 | 201;
  record: R;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (
    let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return !constraint || e.constraint === constraint || (e.message ?? '').includes(constraint);
  }
  return false;
}
