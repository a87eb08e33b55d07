// The payment hot path's statements built once (issue 8 "Benchmark"): drizzle renders each one to constant SQL text
// with placeholders on first use (as services/fees/method-fee-profile.ts does), every call only fills the values, and
// rows are mapped by the columns' own drizzle mappers. Run through the driver (db/client.ts rawOf), inside or outside a
// transaction.
import { type Column, fillPlaceholders, getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Executor, rawOf } from '../../db/client.ts';

/** A statement's text, built on first use, and its parameters filled by name. */
export function statement(build: () => SQL): (values: Record<string, unknown>) => { text: string; params: unknown[] } {
  let compiled: { sql: string; params: unknown[] } | null = null;
  return (values) => {
    compiled ??= new PgDialect().sqlToQuery(build());
    return { text: compiled.sql, params: fillPlaceholders(compiled.params, values) };
  };
}

/** Runs a built statement on the executor (the database, or an open transaction). */
export async function runStatement(
  executor: Executor,
  query: { text: string; params: unknown[] },
): Promise<Record<string, unknown>[]> {
  return (await rawOf(executor)(query.text, query.params)).rows;
}

/** Dates and timestamps are read as text, as drizzle reads them (its string mode). */
const readsAsText = (column: Column) => /^(date|timestamp)/.test(column.getSQLType());

/** How a field is named in the rows: its key with a prefix, or (byName) its column's own name. */
export interface RowNames {
  prefix?: string;
  byName?: boolean;
}
const aliasOf = (key: string, column: Column, names: RowNames) => (names.byName ? column.name : `${names.prefix ?? ''}${key}`);

/**
 * `column AS "alias", …` for the fields (aliases: RowNames); with `qualifier`, the columns are read from that table
 * alias (e.g. a CTE) rather than from their table.
 */
export function selectList(fields: Record<string, Column>, opts: RowNames & { qualifier?: string } = {}): SQL {
  return sql.join(
    Object.entries(fields).map(([key, column]) => {
      const ref = opts.qualifier ? sql`${sql.identifier(opts.qualifier)}.${sql.identifier(column.name)}` : sql`${column}`;
      return sql`${ref}${sql.raw(readsAsText(column) ? '::text' : '')} AS ${sql.identifier(aliasOf(key, column, opts))}`;
    }),
    sql.raw(', '),
  );
}

/** Every column of a table, keyed as drizzle's select model. */
export const columnsOf = (table: Table): Record<string, Column> => getTableColumns(table);

/** A row of `selectList(fields, names)` as drizzle maps it (null stays null). */
export function mapRow<T>(fields: Record<string, Column>, row: Record<string, unknown>, names: RowNames = {}): T {
  const out: Record<string, unknown> = {};
  for (const key in fields) {
    const value = row[aliasOf(key, fields[key], names)];
    out[key] = value == null ? null : fields[key].mapFromDriverValue(value);
  }
  return out as T;
}

/** A value as drizzle sends it for the column (jsonb as its JSON text). */
export function driverValue(column: Column, value: unknown): unknown {
  return value == null ? null : column.mapToDriverValue(value);
}
