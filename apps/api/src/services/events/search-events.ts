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

/** Record types outside the search registry whose company is known, as an SQL test of `ev.record_id` (over $company). */
const EXTRA_COMPANY_SCOPES: Readonly<Record<string, (company: string) => string>> = {
  company: (c) => `ev.record_id = ${c}`,
  property: (c) => `EXISTS (SELECT 1 FROM properties x WHERE x.id = ev.record_id AND x.company_id = ${c})`,
  corporate_user: (c) => `EXISTS (SELECT 1 FROM corporate_users x WHERE x.id = ev.record_id AND x.company_id = ${c})`,
  lease_invitation: (c) => `EXISTS (SELECT 1 FROM lease_invitations x WHERE x.id = ev.record_id AND x.company_id = ${c})`,
  lease_note: (c) => `EXISTS (SELECT 1 FROM lease_notes x WHERE x.id = ev.record_id AND x.company_id = ${c})`,
  on_boarding_page: (c) => `EXISTS (SELECT 1 FROM on_boarding_pages x WHERE x.id = ev.record_id AND x.company_id = ${c})`,
  lease_application_page: (c) =>
    `EXISTS (SELECT 1 FROM lease_application_pages x WHERE x.id = ev.record_id AND x.company_id = ${c})`,
  // issue 24 API keys (their events are written as 'ApiKey'; matched in lower case below).
  apikey: (c) => `EXISTS (SELECT 1 FROM api_keys x WHERE x.id = ev.record_id AND x.company_id = ${c})`,
  api_key: (c) => `EXISTS (SELECT 1 FROM api_keys x WHERE x.id = ev.record_id AND x.company_id = ${c})`,
};

/** Whether the audit event `ev` is of the manager's company (the rule in the header). */
function managerScope(company: string): string {
  const byRecord = [
    ...Object.values(RECORD_TYPES)
      .filter((def) => def.companyColumn)
      .map(
        (def) =>
          `WHEN '${def.name}' THEN EXISTS (SELECT 1 FROM ${def.from} WHERE ${def.alias}.id = ev.record_id AND ${def.companyColumn} = ${company})`,
      ),
    ...Object.entries(EXTRA_COMPANY_SCOPES).map(([name, test]) => `WHEN '${name}' THEN ${test(company)}`),
  ].join(' ');
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

  const parts: string[] = [];
  if (!q.type || !isTrackingType(q.type)) {
    parts.push(`SELECT ev.id, 'AUDIT' AS source, ev.action AS type, ev.record_type, ev.record_id, ev.actor_id AS user_id,
        ev.actor_type AS user_type, ev.changes, ev.created_at
      FROM audit_events ev WHERE ${audit.length ? audit.join(' AND ') : 'true'}`);
  }
  // A tracking event has no record, and no company (see the header): only the admin sees them.
  const trackingFits = !q.recordType && !q.recordId && (!q.type || isTrackingType(q.type));
  if (trackingFits && caller.role === 'admin') {
    parts.push(`SELECT te.id, 'TRACKING' AS source, te.event AS type, NULL::text AS record_type, NULL::text AS record_id,
        te.user_id, 'TYPE_CUSTOMER' AS user_type, NULL::jsonb AS changes, te.created_at
      FROM tracking_events te WHERE ${tracking.length ? tracking.join(' AND ') : 'true'}`);
  }
  if (parts.length === 0) return { records: [], totalPages: 0, totalRecords: 0, page: q.page };

  const union = parts.join(' UNION ALL ');
  const limit = params.add(q.recordsPerPage);
  const offset = params.add((q.page - 1) * q.recordsPerPage);
  const text = `SELECT e.id, e.source, e.type, e.record_type, e.record_id, e.user_id, e.user_type, e.changes,
      ${isoInstant('e.created_at')} AS created_at, count(*) OVER ()::int AS total
    FROM (${union}) e ORDER BY e.created_at DESC, e.id DESC LIMIT ${limit} OFFSET ${offset}`;
  // On PostgreSQL the search pool bounds the statement's time, as for every search.
  const run = ctx.database.rawSearch ?? ctx.database.raw;
  const { rows } = await run(text, params.values);
  let totalRecords = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && q.page > 1) {
    // Past the last page no row carries the total: count the same union.
    const countParams = params.values.slice(0, -2);
    const [count] = (await run(`SELECT count(*)::int AS total FROM (${union}) e`, countParams)).rows;
    totalRecords = Number(count?.total ?? 0);
  }
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
