// spec 2 §9 tracking pixels, first-party: a tenant opened an add-on screen. Only the user id, the event and the time are
// kept (no lease, address, browser or IP), on our own server; an admin reads them, a tenant never does.
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { trackingEvents } from '../../db/schema.ts';

export const TRACKING_EVENTS = ['CREDIT_REPORTING_OPEN', 'INSURANCE_OPEN', 'PAYMENT_OPEN', 'AUTOPAY_OPEN'] as const;
export type TrackingEvent = (typeof TRACKING_EVENTS)[number];

export async function recordTrackingEvent(db: Executor, userId: string, event: TrackingEvent, at: Date): Promise<void> {
  await db.insert(trackingEvents).values({ userId, event, createdAt: at.toISOString() });
}

export interface TrackingEventQuery {
  event?: TrackingEvent;
  /** First day of the period, YYYY-MM-DD (UTC), included. */
  from?: string;
  /** Last day of the period, YYYY-MM-DD (UTC), included. */
  to?: string;
  page: number;
  recordsPerPage: number;
}

export interface TrackingEventList {
  records: { id: string; userId: string; event: string; createdAt: string }[];
  /** Opens per event and UTC day over the whole period (not just this page), newest day first. */
  counts: { day: string; event: string; count: number }[];
  totalPages: number;
  totalRecords: number;
  page: number;
}

const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
};

export async function findTrackingEvents(db: Executor, q: TrackingEventQuery): Promise<TrackingEventList> {
  const conditions: SQL[] = [];
  if (q.event) conditions.push(eq(trackingEvents.event, q.event));
  if (q.from) conditions.push(gte(trackingEvents.createdAt, `${q.from}T00:00:00.000Z`));
  if (q.to) conditions.push(lt(trackingEvents.createdAt, nextDay(q.to)));
  const where = conditions.length ? and(...conditions) : undefined;
  const day = sql<string>`to_char(${trackingEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [[{ total }], rows, counts] = await Promise.all([
    db.select({ total: count() }).from(trackingEvents).where(where),
    db
      .select({
        id: trackingEvents.id,
        userId: trackingEvents.userId,
        event: trackingEvents.event,
        createdAt: trackingEvents.createdAt,
      })
      .from(trackingEvents)
      .where(where)
      .orderBy(desc(trackingEvents.createdAt), desc(trackingEvents.id))
      .limit(q.recordsPerPage)
      .offset((q.page - 1) * q.recordsPerPage),
    db
      .select({ day, event: trackingEvents.event, count: count() })
      .from(trackingEvents)
      .where(where)
      .groupBy(day, trackingEvents.event)
      .orderBy(desc(day), trackingEvents.event)
      .limit(1000),
  ]);
  return {
    records: rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
    counts: counts.map((c) => ({ day: c.day, event: c.event, count: Number(c.count) })),
    totalPages: Math.ceil(total / q.recordsPerPage),
    totalRecords: total,
    page: q.page,
  };
}
