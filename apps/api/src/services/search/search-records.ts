// POST /{recordType}/search (ARCHITECTURE "Searches"): one SQL round trip per page: the page, its total
// (count(*) OVER ()), nested arrays and joins are all built by one statement.
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../app.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import type { Caller } from './caller.ts';
import { compileConditions, type SearchCondition } from './conditions.ts';
import { type RecordTypeDef, recordTypeOf } from './registry.ts';
import type { Json } from './sql-fragments.ts';

export const DEFAULT_RECORDS_PER_PAGE = 20;
export const MAX_RECORDS_PER_PAGE = 400;

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

interface SearchRow {
  r: Json;
  total: number;
}

/** The record type for a path segment, or 404 like any unknown route. */
export function requireRecordType(segment: string): RecordTypeDef {
  const def = recordTypeOf(segment);
  if (!def) throw AppError.notFound('Record type');
  return def;
}

function whereClause(def: RecordTypeDef, caller: Caller, conditions: SQL[]): SQL {
  const parts: SQL[] = [];
  if (def.filter) parts.push(sql.raw(def.filter));
  if (caller.role === 'tenant') parts.push(sql`${sql.raw(def.ownerColumn)} = ${caller.id}`);
  parts.push(...conditions);
  return parts.length ? sql.join(parts, sql.raw(' AND ')) : sql.raw('true');
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
export function buildSearchQuery(def: RecordTypeDef, caller: Caller, request: SearchRequest): SQL {
  const errors: FieldError[] = [];
  const compiled = compileConditions(def.fields, def.name, request.conditions);
  errors.push(...compiled.errors);
  const joins = checkJoins(def, request.joins, errors);
  if (errors.length) throw AppError.validation(errors, errors[0].message);
  const a = sql.raw(def.alias);
  const order = sql.raw(def.order);
  const offset = (request.page - 1) * request.recordsPerPage;
  return sql`SELECT ${sql.raw(selectFor(def, joins))} AS r, ${a}.total_records::int AS total FROM (SELECT ${a}.*, count(*) OVER () AS total_records FROM ${sql.raw(def.from)} WHERE ${whereClause(def, caller, compiled.sql)} ORDER BY ${order} LIMIT ${request.recordsPerPage} OFFSET ${offset}) ${a} ${sql.raw(def.laterals ?? '')} ORDER BY ${order}`;
}

function buildCountQuery(def: RecordTypeDef, caller: Caller, conditions: readonly SearchCondition[]): SQL {
  const compiled = compileConditions(def.fields, def.name, conditions);
  return sql`SELECT count(*)::int AS total FROM ${sql.raw(def.from)} WHERE ${whereClause(def, caller, compiled.sql)}`;
}

async function rowsOf<T>(ctx: AppContext, query: SQL): Promise<T[]> {
  // Straight through the driver: drizzle's execute() costs about 0.3 ms a call more on this hot path.
  const { text, params } = toRawQuery(query);
  const result = await ctx.database.raw(text, params);
  return result.rows as T[];
}

export async function searchRecords(
  ctx: AppContext,
  caller: Caller,
  def: RecordTypeDef,
  request: SearchRequest,
): Promise<SearchPage> {
  const rows = await rowsOf<SearchRow>(ctx, buildSearchQuery(def, caller, request));
  let totalRecords = rows[0]?.total ?? 0;
  if (rows.length === 0 && request.page > 1) {
    // Past the last page there is no row to carry the total: count separately (the only second round trip).
    const [count] = await rowsOf<{ total: number }>(ctx, buildCountQuery(def, caller, request.conditions));
    totalRecords = count?.total ?? 0;
  }
  return {
    records: rows.map((row) => def.map(row.r)),
    totalPages: Math.ceil(totalRecords / request.recordsPerPage),
    totalRecords,
    page: request.page,
  };
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

const dialect = new PgDialect();

/** The statement as positional text and parameters ($1..), for running through the raw driver. */
export function toRawQuery(query: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}
