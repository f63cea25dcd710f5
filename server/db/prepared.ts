/**
 * Statements of the hot paths (one order, a chat message, the write limit), compiled once.
 * Drizzle's query builder turns tables and columns into SQL text on every call, which costs more
 * CPU than the database takes to answer a small statement; a `prepared` statement is built into
 * its text and parameter slots (`sql.placeholder`) at first use, then only its values change. On
 * PostgreSQL it runs as a named prepared statement (node-postgres parses it once per connection,
 * and the server plans it from then on without parsing); PGlite runs the same text unnamed. It
 * runs on the database or inside a transaction alike.
 *
 * Rows come as the drivers hand them over without Drizzle's mapping: JSON values parsed, and
 * timestamps as text. Statements therefore answer JSON built by the database (timestamps written
 * with `isoTimestamp`), which both drivers read the same way.
 */
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { fillPlaceholders, sql } from 'drizzle-orm'
import type { Queryable } from './client'

const dialect = new PgDialect()

export interface Prepared<Row> {
  /** The statement's rows for these placeholder values. */
  run(q: Queryable, values: Record<string, unknown>): Promise<Row[]>
  /**
   * The statement's text with its values written in by `literal` (text values only), to send
   * with another statement in one query (./lockingTransaction.ts). Its text must hold no `$`
   * other than its parameters'.
   */
  inlined(values: Record<string, string>, literal: (value: string) => string): string
}

/**
 * A statement named `name` (unique among the app's prepared statements: PostgreSQL keeps one
 * text per name and connection), built by `build` at its first run.
 */
export function prepared<Row>(name: string, build: () => SQL): Prepared<Row> {
  let query: ReturnType<PgDialect['sqlToQuery']> | undefined
  return {
    async run(q, values) {
      query ??= dialect.sqlToQuery(build())
      const statement = q._.session.prepareQuery(query, undefined, name, false)
      const result = (await statement.execute(values)) as { rows: Row[] }
      return result.rows
    },
    inlined(values, literal) {
      query ??= dialect.sqlToQuery(build())
      const params = fillPlaceholders(query.params, values)
      return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
        const value = params[Number(n) - 1]
        if (typeof value !== 'string') throw new Error(`${name}: parameter ${n} is not text`)
        return literal(value)
      })
    },
  }
}

/** A timestamptz as `Date#toISOString()` writes it: UTC, milliseconds, `Z` (null stays null). */
export const isoTimestamp = (column: AnyPgColumn | SQL): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
