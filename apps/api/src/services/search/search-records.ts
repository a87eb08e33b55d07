// POST /{recordType}/search (ARCHITECTURE "Searches"): one SQL round trip per page: the page, its total
// (count(*) OVER ()), nested arrays and joins are all built by one statement, and each record leaves the database
// as JSON text, money already in decimals (sql-fragments.ts). The API answer is those texts spliced together: no
// parse and re-serialise on the way through (issue 2 benchmark: the API must stay within a fifth of raw SQL).
import {
  SEARCH_DEFAULT_RECORDS_PER_PAGE,
  SEARCH_MAX_RECORDS_PER_PAGE,
  SEARCH_STATEMENT_TIMEOUT_MS,
} from '@portal/domain/search-limits';
import type { AppContext } from '../../context.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import type { Caller } from './caller.ts';
import { compileConditions, countValues, type SearchCondition, SqlParams } from './conditions.ts';
import { FairGate } from './fair-gate.ts';
import { type RecordTypeDef, recordTypeOf } from './registry.ts';
import type { Json } from './sql-fragments.ts';

export const DEFAULT_RECORDS_PER_PAGE = SEARCH_DEFAULT_RECORDS_PER_PAGE;
export const MAX_RECORDS_PER_PAGE = SEARCH_MAX_RECORDS_PER_PAGE;

/**
 * Units of one caller's lane (fair-gate.ts): a search takes 1, a heavy one the whole lane. PGlite runs one statement
 * at a time in arrival order: two light searches keep its thread busy (one running, the next queued) for a tenant
 * alone, while another caller's search waits behind at most two light searches or one heavy one of theirs. PostgreSQL
 * runs statements side by side on the search pool's 10 connections (db/client.ts): a caller may use 4 of them, so the
 * dashboard's calls run at once (two at a time cost a third of its speed, issue 21 §4) and 6 stay free for others.
 */
const laneUnits = (ctx: AppContext) => (ctx.database.kind === 'postgres' ? 4 : 2);
/** A search with more values, conditions or records per page than these is heavy: it takes the whole lane. */
const HEAVY_SEARCH = { values: 50, conditions: 5, recordsPerPage: 100 };

function searchWeight(request: SearchRequest): number {
  const heavy =
    countValues(request.conditions) > HEAVY_SEARCH.values ||
    request.conditions.length > HEAVY_SEARCH.conditions ||
    request.recordsPerPage > HEAVY_SEARCH.recordsPerPage;
  return heavy ? Number.POSITIVE_INFINITY : 1; // the whole lane (FairGate caps it)
}

const MAX_WAITING_SEARCHES = 200;
const gates = new WeakMap<AppContext, FairGate>();
function gateOf(ctx: AppContext): FairGate {
  let gate = gates.get(ctx);
  if (!gate) {
    gate = new FairGate({ perCaller: laneUnits(ctx), maxWaiting: MAX_WAITING_SEARCHES });
    gates.set(ctx, gate);
  }
  return gate;
}

/**
 * Searches of one caller whose body is being read, parsed and checked at once (issue 21 "Fair use"): the rest wait
 * before their body is read, so a flood of the heaviest searches (150 KB of JSON, 20,000 values each) cannot fill the
 * server's one thread with parsing and validation ahead of another tenant's light search: two more than the
 * caller's database lane, so its next searches are read while the lane's run.
 */
const admissionUnits = (ctx: AppContext) => laneUnits(ctx) + 2;
const admissions = new WeakMap<AppContext, FairGate>();

/** Waits for the caller's turn to have a search read and run; answers the function that ends the turn. */
export function admitSearch(ctx: AppContext, caller: Caller): Promise<() => void> {
  let gate = admissions.get(ctx);
  if (!gate) {
    gate = new FairGate({ perCaller: admissionUnits(ctx), maxWaiting: MAX_WAITING_SEARCHES });
    admissions.set(ctx, gate);
  }
  return gate.acquire(`${caller.role}:${caller.id}`);
}

/**
 * PostgreSQL's query_canceled by the search pool's statement timeout (its message, or a statement that ran that long
 * when the server's messages are translated). Any other cancel (pg_cancel_backend, a failover) is not the search's
 * fault: it goes on to the errors plugin, which answers 503 (issue 20 §2).
 */
function isStatementTimeout(err: unknown, elapsedMs: number): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (code !== '57014') return false;
  return /statement timeout/.test(String(message)) || elapsedMs >= SEARCH_STATEMENT_TIMEOUT_MS - 100;
}

export interface SearchRequest {
  conditions: readonly SearchCondition[];
  joins: readonly string[];
  page: number;
  recordsPerPage: number;
}

export interface SearchPage {
  records: Json[];
  totalPages: number;
  totalRecords: number;
  page: number;
}

/** A statement as positional text ($1..) and its parameters, run straight through the driver. */
export interface RawQuery {
  text: string;
  params: unknown[];
}

interface SearchRow {
  /** The record as JSON text. */
  r: string;
  total: number;
}

/** The record type for a path segment, or 404 like any unknown route. */
export function requireRecordType(segment: string): RecordTypeDef {
  const def = recordTypeOf(segment);
  if (!def) throw AppError.notFound('Record type');
  return def;
}

function whereClause(def: RecordTypeDef, caller: Caller, conditions: string[], params: SqlParams): string {
  const parts: string[] = [];
  if (def.filter) parts.push(def.filter);
  if (caller.role === 'tenant') parts.push(`${def.ownerColumn} = ${params.add(caller.id)}`);
  if (caller.role === 'manager') {
    if (!def.companyColumn) throw AppError.forbidden('Only tenants and administrators can do this');
    parts.push(`${def.companyColumn} = ${params.add(caller.companyId)}`);
  }
  parts.push(...conditions);
  return parts.length ? parts.join(' AND ') : 'true';
}

// The record's json_build_object for each combination of joins, built once (constant text per registry entry).
const selectCache = new Map<string, string>();
function selectFor(def: RecordTypeDef, joins: readonly string[]): string {
  const key = `${def.name}|${joins.join(',')}`;
  let text = selectCache.get(key);
  if (!text) {
    const pairs = joins.map((j) => `'${j}', ${def.joins[j]}`).join(', ');
    // Types without joins have no joins key (docs/api-contract.md shapes).
    text = Object.keys(def.joins).length
      ? `json_build_object(${def.select}, 'joins', json_build_object(${pairs}))`
      : `json_build_object(${def.select})`;
    selectCache.set(key, text);
  }
  return text;
}
/** The joins asked for, checked against the allow-list, de-duplicated, in the registry's order. */
function checkJoins(def: RecordTypeDef, joins: readonly string[], errors: FieldError[]): string[] {
  joins.forEach((j, i) => {
    if (!Object.hasOwn(def.joins, j)) {
      const allowed = Object.keys(def.joins);
      errors.push({
        field: `joins.${i}`,
        errorCode: 'RM_ERROR_RECORD_VALIDATION',
        message: `Unknown join "${j}" for ${def.name}. Allowed: ${allowed.length ? allowed.join(', ') : 'none'}`,
        fieldValue: j,
      });
    }
  });
  return Object.keys(def.joins).filter((j) => joins.includes(j));
}

/**
 * The statement of one search page: the inner query pages the scoped, filtered base rows (with the total
 * counted before LIMIT); the outer one builds the JSON records, joins and laterals for those rows only.
 */
export function buildSearchQuery(def: RecordTypeDef, caller: Caller, request: SearchRequest): RawQuery {
  const errors: FieldError[] = [];
  const params = new SqlParams();
  const compiled = compileConditions(def.fields, def.name, request.conditions, params);
  errors.push(...compiled.errors);
  const joins = checkJoins(def, request.joins, errors);
  if (errors.length) {
    throw new AppError('RM_ERROR_RECORD_VALIDATION', errors[0].message, { fieldErrors: errors, values: errors[0].values });
  }
  const a = def.alias;
  const where = whereClause(def, caller, compiled.sql, params);
  const limit = params.add(request.recordsPerPage);
  const offset = params.add((request.page - 1) * request.recordsPerPage);
  const select = `SELECT ${selectFor(def, joins)}::text AS r`;
  const page = `WHERE ${where} ORDER BY ${def.order} LIMIT ${limit} OFFSET ${offset}`;
  let text: string;
  if (caller.role === 'tenant') {
    // A tenant's scope is a handful of rows: the page carries them whole (measured faster than joining back).
    text = `${select}, ${a}._total::int AS total FROM (SELECT ${a}.*, count(*) OVER () AS _total FROM ${def.from} ${page}) ${a} ${def.laterals ?? ''} ORDER BY ${def.order}`;
  } else {
    // A manager's or the admin's scope can be thousands of rows (issue 23: a 2,000-lease property): the inner query
    // counts and pages ids only, then the page's rows are joined back by primary key (PGlite 28 against 39 ms).
    const rows = /\sJOIN\s/i.test(def.from) ? `(${def.from})` : def.from;
    text = `${select}, _p._total::int AS total FROM (SELECT ${a}.id AS _id, count(*) OVER () AS _total FROM ${def.from} ${page}) _p JOIN ${rows} ON ${a}.id = _p._id ${def.laterals ?? ''} ORDER BY ${def.order}`;
  }
  return { text, params: params.values };
}

function buildCountQuery(def: RecordTypeDef, caller: Caller, conditions: readonly SearchCondition[]): RawQuery {
  const params = new SqlParams();
  const compiled = compileConditions(def.fields, def.name, conditions, params);
  const text = `SELECT count(*)::int AS total FROM ${def.from} WHERE ${whereClause(def, caller, compiled.sql, params)}`;
  return { text, params: params.values };
}

async function rowsOf<T>(ctx: AppContext, query: RawQuery): Promise<T[]> {
  // Straight through the driver: no ORM on this hot path. On PostgreSQL the search pool bounds each statement's time.
  const run = ctx.database.rawSearch ?? ctx.database.raw;
  const started = performance.now();
  try {
    const result = await run(query.text, query.params);
    return result.rows as T[];
  } catch (err) {
    if (isStatementTimeout(err, performance.now() - started)) throw AppError.onField('conditions', 'server.search.tooSlow');
    throw err;
  }
}

/** One page as the records' JSON texts and the counts, in the caller's lane of the fair gate. */
function searchPage(ctx: AppContext, caller: Caller, def: RecordTypeDef, request: SearchRequest) {
  // Built (and refused) before queueing: a bad search never waits for a slot.
  const query = buildSearchQuery(def, caller, request);
  const lane = `${caller.role}:${caller.id}`;
  return gateOf(ctx).run(lane, () => runSearchPage(ctx, caller, def, request, query), searchWeight(request));
}

async function runSearchPage(ctx: AppContext, caller: Caller, def: RecordTypeDef, request: SearchRequest, query: RawQuery) {
  const rows = await rowsOf<SearchRow>(ctx, query);
  let totalRecords = rows[0]?.total ?? 0;
  if (rows.length === 0 && request.page > 1) {
    // Past the last page there is no row to carry the total: count separately (the only second round trip).
    const [count] = await rowsOf<{ total: number }>(ctx, buildCountQuery(def, caller, request.conditions));
    totalRecords = count?.total ?? 0;
  }
  return {
    records: rows.map((row) => row.r),
    totalPages: Math.ceil(totalRecords / request.recordsPerPage),
    totalRecords,
    page: request.page,
  };
}

/** The answer of POST /{recordType}/search as JSON text (a SearchPage). */
export async function searchPageJson(
  ctx: AppContext,
  caller: Caller,
  def: RecordTypeDef,
  request: SearchRequest,
): Promise<string> {
  const p = await searchPage(ctx, caller, def, request);
  return `{"records":[${p.records.join(',')}],"totalPages":${p.totalPages},"totalRecords":${p.totalRecords},"page":${p.page}}`;
}

/** One page with its records as objects (for callers that work on them rather than pass them on). */
export async function searchRecords(
  ctx: AppContext,
  caller: Caller,
  def: RecordTypeDef,
  request: SearchRequest,
): Promise<SearchPage> {
  const p = await searchPage(ctx, caller, def, request);
  return { ...p, records: p.records.map((r) => JSON.parse(r) as Json) };
}

/** One record of a type by id within the caller's scope, or null (a foreign id is the same as a missing one). */
export async function findRecord(ctx: AppContext, caller: Caller, def: RecordTypeDef, id: string): Promise<Json | null> {
  const page = await searchRecords(ctx, caller, def, {
    conditions: [{ field: 'id', operator: 'EQUALS', value: id }],
    joins: [],
    page: 1,
    recordsPerPage: 1,
  });
  return page.records[0] ?? null;
}
