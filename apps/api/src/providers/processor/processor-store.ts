// What the sandbox processor remembers (charges, refunds, removed tokens), as an external processor keeps them on its
// side: one answer per idempotency key for every API process (issue 20 §2: with the records in each process's memory,
// two servers on one database recorded charged payments as declined and charged one application fee twice).
// The server keeps them in the database's sandbox_processor_* tables, written by their own statements (never inside
// the portal's transactions, as a real processor's are not); tests without a database keep them in memory.
// Never a card or account number: tokens, amounts and ids only.
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { toIsoInstant } from '@portal/domain/dates';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sandboxProcessorCharges, sandboxProcessorDeletedTokens, sandboxProcessorRefunds } from '../../db/schema.ts';
import type { Charge, ChargeReturn, ChargeStatus, Refund } from './processor.ts';

export interface ProcessorStore {
  /** The charge made with this idempotency key. */
  findCharge(idempotencyKey: string): Promise<Charge | null>;
  findChargeById(id: string): Promise<Charge | null>;
  /** Records a new charge; when its key is already taken (another process won), answers the one recorded first. */
  recordCharge(charge: Charge): Promise<Charge>;
  findRefund(idempotencyKey: string): Promise<Refund | null>;
  /**
   * Records a refund and adds it to its charge's refunded amount, atomically and only while the charge has that much
   * left; answers the refund recorded under the key (this one, or one recorded first), or null when too much.
   */
  recordRefund(refund: Refund): Promise<Refund | null>;
  isTokenDeleted(token: string): Promise<boolean>;
  deleteToken(token: string, at: string): Promise<void>;
  /** issue 23: marks a charge returned once (the first code and time kept); answers the return, or null if no charge. */
  markReturned(chargeId: string, returnCode: string, at: string): Promise<ChargeReturn | null>;
  /** Returns recorded at or after `since`, oldest first. */
  listReturns(since: string): Promise<ChargeReturn[]>;
}

export function createMemoryProcessorStore(): ProcessorStore {
  const charges = new Map<string, Charge>();
  const refunds = new Map<string, Refund>();
  const deleted = new Set<string>();
  const returns = new Map<string, ChargeReturn>();
  const copy = <T extends object>(v: T | undefined): T | null => (v ? { ...v } : null);
  return {
    findCharge: async (key) => copy(charges.get(key)),
    findChargeById: async (id) => copy([...charges.values()].find((c) => c.id === id)),
    recordCharge: async (charge) => {
      const earlier = charges.get(charge.idempotencyKey);
      if (earlier) return { ...earlier };
      charges.set(charge.idempotencyKey, { ...charge });
      return { ...charge };
    },
    findRefund: async (key) => copy(refunds.get(key)),
    recordRefund: async (refund) => {
      const earlier = refunds.get(refund.idempotencyKey);
      if (earlier) return { ...earlier };
      const charge = [...charges.values()].find((c) => c.id === refund.chargeId);
      if (!charge || charge.refundedCents + refund.amountCents > charge.amountCents) return null;
      charge.refundedCents += refund.amountCents;
      refunds.set(refund.idempotencyKey, { ...refund });
      return { ...refund };
    },
    isTokenDeleted: async (token) => deleted.has(token),
    deleteToken: async (token) => {
      deleted.add(token);
    },
    markReturned: async (chargeId, returnCode, at) => {
      const charge = [...charges.values()].find((c) => c.id === chargeId);
      if (!charge) return null;
      if (!returns.has(chargeId))
        returns.set(chargeId, {
          chargeId,
          idempotencyKey: charge.idempotencyKey,
          amountCents: charge.amountCents,
          returnCode,
          returnedAt: at,
        });
      return { ...(returns.get(chargeId) as ChargeReturn) };
    },
    listReturns: async (since) =>
      [...returns.values()]
        .filter((r) => Date.parse(r.returnedAt) >= Date.parse(since))
        .sort((a, b) => Date.parse(a.returnedAt) - Date.parse(b.returnedAt))
        .map((r) => ({ ...r })),
  };
}

const c = sandboxProcessorCharges;
type ChargeRecord = typeof c.$inferSelect;
const chargeOf = (r: ChargeRecord): Charge => ({
  id: r.id,
  idempotencyKey: r.idempotencyKey,
  token: r.token,
  amountCents: r.amountCents,
  currency: r.currency as Charge['currency'],
  status: r.status as ChargeStatus,
  createdAt: toIsoInstant(r.createdAt),
  settledAt: null,
  refundedCents: r.refundedCents,
  errorCode: r.errorCode,
  errorMessage: r.errorMessage,
});
const refundOf = (r: typeof sandboxProcessorRefunds.$inferSelect): Refund => ({
  id: r.id,
  chargeId: r.chargeId,
  idempotencyKey: r.idempotencyKey,
  amountCents: r.amountCents,
  status: 'APPROVED',
  createdAt: toIsoInstant(r.createdAt),
});

/**
 * The database's tables. `legacyLog`: the JSON-lines file earlier versions kept in DATA_DIR/sandbox; its events are
 * copied into the tables once (before the first answer) and the file renamed, so charges made before an upgrade are
 * still found by their keys.
 */
export function createDatabaseProcessorStore(db: Executor, opts: { legacyLog?: string } = {}): ProcessorStore {
  let imported: Promise<void> | null = null;
  const ready = () => {
    imported ??= opts.legacyLog && existsSync(opts.legacyLog) ? importLegacyLog(db, opts.legacyLog) : Promise.resolve();
    return imported;
  };
  const findCharge = async (key: string) => {
    await ready();
    const [row] = await db.select().from(c).where(eq(c.idempotencyKey, key)).limit(1);
    return row ? chargeOf(row) : null;
  };
  return {
    findCharge,
    async findChargeById(id) {
      await ready();
      const [row] = await db.select().from(c).where(eq(c.id, id)).limit(1);
      return row ? chargeOf(row) : null;
    },
    async recordCharge(charge) {
      await ready();
      // A concurrent insert of the same key waits for the first one's commit, then does nothing.
      const [row] = await db
        .insert(c)
        .values({
          idempotencyKey: charge.idempotencyKey,
          id: charge.id,
          token: charge.token,
          amountCents: charge.amountCents,
          currency: charge.currency,
          status: charge.status,
          createdAt: charge.createdAt,
          refundedCents: 0,
          errorCode: charge.errorCode,
          errorMessage: charge.errorMessage,
        })
        .onConflictDoNothing({ target: c.idempotencyKey })
        .returning();
      if (row) return chargeOf(row);
      const earlier = await findCharge(charge.idempotencyKey);
      if (!earlier) throw new Error(`sandbox processor: charge ${charge.idempotencyKey} neither recorded nor found`);
      return earlier;
    },
    async findRefund(key) {
      await ready();
      const [row] = await db.select().from(sandboxProcessorRefunds).where(eq(sandboxProcessorRefunds.idempotencyKey, key));
      return row ? refundOf(row) : null;
    },
    async recordRefund(refund) {
      await ready();
      const r = sandboxProcessorRefunds;
      return db
        .transaction(async (tx) => {
          const [inserted] = await tx
            .insert(r)
            .values({
              idempotencyKey: refund.idempotencyKey,
              id: refund.id,
              chargeId: refund.chargeId,
              amountCents: refund.amountCents,
              createdAt: refund.createdAt,
            })
            .onConflictDoNothing({ target: r.idempotencyKey })
            .returning();
          if (!inserted) {
            const [earlier] = await tx.select().from(r).where(eq(r.idempotencyKey, refund.idempotencyKey));
            return earlier ? refundOf(earlier) : null;
          }
          const updated = await tx
            .update(c)
            .set({ refundedCents: sql`${c.refundedCents} + ${refund.amountCents}` })
            .where(sql`${c.id} = ${refund.chargeId} AND ${c.refundedCents} + ${refund.amountCents} <= ${c.amountCents}`)
            .returning({ id: c.id });
          if (updated.length === 0) throw new RefundTooLarge();
          return refundOf(inserted);
        })
        .catch((err: unknown) => {
          if (err instanceof RefundTooLarge) return null;
          throw err;
        });
    },
    async isTokenDeleted(token) {
      await ready();
      const [row] = await db
        .select({ token: sandboxProcessorDeletedTokens.token })
        .from(sandboxProcessorDeletedTokens)
        .where(eq(sandboxProcessorDeletedTokens.token, token));
      return !!row;
    },
    async deleteToken(token, at) {
      await ready();
      await db.insert(sandboxProcessorDeletedTokens).values({ token, deletedAt: at }).onConflictDoNothing();
    },
    async markReturned(chargeId, returnCode, at) {
      await ready();
      // Once: a second call keeps the first return (returned_at IS NULL guards the update).
      await db.update(c).set({ returnedAt: at, returnCode }).where(sql`${c.id} = ${chargeId} AND ${c.returnedAt} IS NULL`);
      const [row] = await db.select().from(c).where(eq(c.id, chargeId)).limit(1);
      return row?.returnedAt ? returnOf(row) : null;
    },
    async listReturns(since) {
      await ready();
      const rows = await db.select().from(c).where(sql`${c.returnedAt} >= ${since}::timestamptz`).orderBy(c.returnedAt, c.id);
      return rows.map(returnOf);
    },
  };
}

const returnOf = (r: ChargeRecord): ChargeReturn => ({
  chargeId: r.id,
  idempotencyKey: r.idempotencyKey,
  amountCents: r.amountCents,
  returnCode: r.returnCode ?? 'R01',
  returnedAt: toIsoInstant(r.returnedAt as string),
});

class RefundTooLarge extends Error {}

type LegacyEvent = { t: 'charge'; charge: Charge } | { t: 'refund'; refund: Refund } | { t: 'delete'; token: string; at: string };

/** Copies the events of an earlier version's JSON-lines log into the tables (idempotent), then renames the file. */
async function importLegacyLog(db: Executor, file: string): Promise<void> {
  const refunded = new Map<string, number>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    let e: LegacyEvent;
    try {
      e = JSON.parse(line) as LegacyEvent;
    } catch {
      continue; // a line torn by a crash mid-write was never acknowledged
    }
    if (e.t === 'charge') {
      const ch = e.charge;
      await db
        .insert(c)
        .values({
          idempotencyKey: ch.idempotencyKey,
          id: ch.id,
          token: ch.token,
          amountCents: ch.amountCents,
          currency: ch.currency,
          status: ch.status,
          createdAt: ch.createdAt,
          refundedCents: 0,
          errorCode: ch.errorCode,
          errorMessage: ch.errorMessage,
        })
        .onConflictDoNothing();
    } else if (e.t === 'refund') {
      const inserted = await db
        .insert(sandboxProcessorRefunds)
        .values({
          idempotencyKey: e.refund.idempotencyKey,
          id: e.refund.id,
          chargeId: e.refund.chargeId,
          amountCents: e.refund.amountCents,
          createdAt: e.refund.createdAt,
        })
        .onConflictDoNothing()
        .returning({ id: sandboxProcessorRefunds.id });
      if (inserted.length > 0) refunded.set(e.refund.chargeId, (refunded.get(e.refund.chargeId) ?? 0) + e.refund.amountCents);
    } else {
      await db.insert(sandboxProcessorDeletedTokens).values({ token: e.token, deletedAt: e.at }).onConflictDoNothing();
    }
  }
  for (const [chargeId, cents] of refunded) {
    await db
      .update(c)
      .set({ refundedCents: sql`${c.refundedCents} + ${cents}` })
      .where(eq(c.id, chargeId));
  }
  renameSync(file, `${file}.imported`);
}
