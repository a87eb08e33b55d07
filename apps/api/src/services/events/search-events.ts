// spec 2 §7 POST /events/search: the audit trail (audit_events, lib/audit.ts) and the tracking events (spec 2 §9) as one
// list, newest first, filtered by type, user, record and period, paged as the searches are.
//
// Who sees what (issue 24): the provider's admin every event. A manager the audit events of its own company: those whose
// record belongs to the company (the company itself, its properties, pages, invitations, notes, corporate users, and every
// searchable record type with a company: registry.ts companyColumn), and those written by one of the company's corporate
// users. Not a tenant's profile, payment methods or tracking events (no company owns those: a tenant may rent from
// several). A tenant none (403, at the route).
import type { AppContext } from '../../context.ts';
import type { ConsoleCaller } from '../search/caller.ts';
import { SqlParams } from '../search/conditions.ts';
import { RECORD_TYPES } from '../search/registry.ts';
import { isoInstant } from '../search/sql-fragments.ts';
import { type EventSource, isTrackingType } from './event-types.ts';

export interface EventQuery {
  /** An audit action (CREATE, PASSWORD_CHANGE…) or a tracking event (PAYMENT_OPEN…). */
  type?: string;
  /** The author of an audit event (actor) or the tenant of a tracking event. */
  userId?: string;
  /** A record type (case-insensitive; audit events only). */
  recordType?: string;
  recordId?: string;
  /** Start of the period, included (an ISO instant). */
  from?: string;
  /** End of the period, excluded (an ISO instant). */
  to?: string;
  page: number;
  recordsPerPage: number;
}

export interface EventRecord {
  id: string;
  source: EventSource;
  type: string;
  recordType: string | null;
  recordId: string | null;
  userId: string | null;
  userType: string | null;
  changes: unknown;
  createdAt: string;
}

export interface EventPage {
  records: EventRecord[];
  totalPages: number;
  totalRecords: number;
  page: number;
}

/** Record types outside the search registry whose company is known: the ids of a company's records (over $company). */
const EXTRA_COMPANY_RECORDS: Readonly<Record<string, (company: string) => string>> = {
  company: (c) => `SELECT ${c}::text`,
  property: (c) => `SELECT x.id FROM properties x WHERE x.company_id = ${c}`,
  corporate_user: (c) => `SELECT x.id FROM corporate_users x WHERE x.company_id = ${c}`,
  lease_invitation: (c) => `SELECT x.id FROM lease_invitations x WHERE x.company_id = ${c}`,
  lease_note: (c) => `SELECT x.id FROM lease_notes x WHERE x.company_id = ${c}`,
  on_boarding_page: (c) => `SELECT x.id FROM on_boarding_pages x WHERE x.company_id = ${c}`,
  lease_application_page: (c) => `SELECT x.id FROM lease_application_pages x WHERE x.company_id = ${c}`,
  // issue 24 API keys (their events are written as 'ApiKey'; matched in lower case below).
  apikey: (c) => `SELECT x.id FROM api_keys x WHERE x.company_id = ${c}`,
  api_key: (c) => `SELECT x.id FROM api_keys x WHERE x.company_id = ${c}`,
};

/**
 * Whether the audit event `ev` is of the manager's company (the rule in the header). One CASE on the event's type, each
 * branch `record_id IN (the company's ids of that type)`, uncorrelated: the database hashes each id set once and probes
 * it per event (EXPLAIN: hashed SubPlans; the count of 200,000 events takes 135 ms on PGlite, an OR of one test per
 * type instead took seconds).
 */
function managerScope(company: string): string {
  const idsByType: [string, string][] = [
    ...Object.values(RECORD_TYPES)
      .filter((def) => def.companyColumn)
      .map((def): [string, string] => [
        def.name,
        `SELECT ${def.alias}.id FROM ${def.from} WHERE ${def.companyColumn} = ${company}`,
      ]),
    ...Object.entries(EXTRA_COMPANY_RECORDS).map(([name, ids]): [string, string] => [name, ids(company)]),
  ];
  const byRecord = idsByType.map(([name, ids]) => `WHEN '${name}' THEN ev.record_id IN (${ids})`).join(' ');
  const byActor = `ev.actor_id IN (SELECT cu.id FROM corporate_users cu WHERE cu.company_id = ${company})`;
  return `(${byActor} OR coalesce(CASE lower(ev.record_type) ${byRecord} ELSE false END, false))`;
}

export async function searchEvents(ctx: AppContext, caller: ConsoleCaller, q: EventQuery): Promise<EventPage> {
  const params = new SqlParams();
  const audit: string[] = [];
  const tracking: string[] = [];
  if (q.type) {
    const p = params.add(q.type);
    audit.push(`ev.action = ${p}`);
    tracking.push(`te.event = ${p}`);
  }
  if (q.userId) {
    const p = params.add(q.userId);
    audit.push(`ev.actor_id = ${p}`);
    tracking.push(`te.user_id = ${p}`);
  }
  // Audit events name their record type in lower case (the registry name); upper case and the spelling given are
  // found too (an exact match keeps the (record_type, record_id) index usable).
  if (q.recordType) {
    const spellings = [...new Set([q.recordType, q.recordType.toLowerCase(), q.recordType.toUpperCase()])];
    audit.push(`ev.record_type IN (${spellings.map((v) => params.add(v)).join(', ')})`);
  }
  if (q.recordId) audit.push(`ev.record_id = ${params.add(q.recordId)}`);
  if (q.from) {
    const p = params.add(q.from, '::timestamptz');
    audit.push(`ev.created_at >= ${p}`);
    tracking.push(`te.created_at >= ${p}`);
  }
  if (q.to) {
    const p = params.add(q.to, '::timestamptz');
    audit.push(`ev.created_at < ${p}`);
    tracking.push(`te.created_at < ${p}`);
  }
  if (caller.role === 'manager') audit.push(managerScope(params.add(caller.companyId)));

  // Narrow parts (id, source, instant): the page is chosen over these only, and its rows are read by id after
  // (250,000 events: 3.8 s when every column rode through the count and the sort, see test/events-scale.test.ts).
  const parts: string[] = [];
  const counts: string[] = [];
  if (!q.type || !isTrackingType(q.type)) {
    const where = audit.length ? audit.join(' AND ') : 'true';
    parts.push(`SELECT ev.id, 'AUDIT' AS source, ev.created_at FROM audit_events ev WHERE ${where}`);
    counts.push(`(SELECT count(*) FROM audit_events ev WHERE ${where})`);
  }
  // A tracking event has no record, and no company (see the header): only the admin sees them.
  const trackingFits = !q.recordType && !q.recordId && (!q.type || isTrackingType(q.type));
  if (trackingFits && caller.role === 'admin') {
    const where = tracking.length ? tracking.join(' AND ') : 'true';
    parts.push(`SELECT te.id, 'TRACKING' AS source, te.created_at FROM tracking_events te WHERE ${where}`);
    counts.push(`(SELECT count(*) FROM tracking_events te WHERE ${where})`);
  }
  if (parts.length === 0) return { records: [], totalPages: 0, totalRecords: 0, page: q.page };

  const countParams = [...params.values];
  const limit = params.add(q.recordsPerPage);
  const offset = params.add((q.page - 1) * q.recordsPerPage);
  const text = `WITH page AS (
      SELECT u.id, u.source, u.created_at FROM (${parts.join(' UNION ALL ')}) u
      ORDER BY u.created_at DESC, u.id DESC LIMIT ${limit} OFFSET ${offset})
    SELECT p.id, p.source, coalesce(ev.action, te.event) AS type, ev.record_type, ev.record_id,
      coalesce(ev.actor_id, te.user_id) AS user_id, CASE WHEN te.id IS NULL THEN ev.actor_type ELSE 'TYPE_CUSTOMER' END AS user_type,
      ev.changes, ${isoInstant('p.created_at')} AS created_at
    FROM page p
    LEFT JOIN audit_events ev ON p.source = 'AUDIT' AND ev.id = p.id
    LEFT JOIN tracking_events te ON p.source = 'TRACKING' AND te.id = p.id
    ORDER BY p.created_at DESC, p.id DESC`;
  // On PostgreSQL the search pool bounds the statements' time, as for every search.
  const run = ctx.database.rawSearch ?? ctx.database.raw;
  const [{ rows }, total] = await Promise.all([
    run(text, params.values),
    run(`SELECT (${counts.join(' + ')})::int AS total`, countParams),
  ]);
  const totalRecords = Number(total.rows[0]?.total ?? 0);
  return {
    records: rows.map((r) => ({
      id: String(r.id),
      source: r.source as EventSource,
      type: String(r.type),
      recordType: (r.record_type as string | null) ?? null,
      recordId: (r.record_id as string | null) ?? null,
      userId: (r.user_id as string | null) ?? null,
      userType: (r.user_type as string | null) ?? null,
      changes: r.changes ?? null,
      createdAt: String(r.created_at),
    })),
    totalPages: Math.ceil(totalRecords / q.recordsPerPage),
    totalRecords,
    page: q.page,
  };
}
