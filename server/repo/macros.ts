/**
 * Each clinician's own macros (MAC-1..MAC-3). Every query is scoped to the caller's user id, so a
 * macro of someone else is, for them, a macro that does not exist (404). A name is unique per
 * clinician whatever its letter case: the unique index decides, not a read before the write.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { MACRO_EXISTS_ERROR, type Macro, type MacroRequest } from '../../contract'
import type { Database } from '../db/client'
import { macros } from '../db/schema'
import { isUniqueViolation } from '../db/uniqueViolation'
import { Conflict, NotFound } from '../domain/errors'

type MacroRow = typeof macros.$inferSelect

const toMacro = (row: MacroRow): Macro => ({
  id: row.id,
  name: row.name,
  text: row.text,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
})

const macroExists = (name: string) =>
  new Conflict(`You already have a macro named '${name}'.`, MACRO_EXISTS_ERROR)

/** A duplicate name becomes the 409; anything else stays what it was. */
async function refusingDuplicates<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw macroExists(name)
    throw error
  }
}

export async function listMacros(db: Database, userId: string): Promise<Macro[]> {
  const rows = await db
    .select()
    .from(macros)
    .where(eq(macros.userId, userId))
    .orderBy(asc(sql`lower(${macros.name})`), asc(macros.id))
  return rows.map(toMacro)
}

export async function createMacro(
  db: Database,
  userId: string,
  input: MacroRequest,
  now: Date,
): Promise<Macro> {
  const [row] = await refusingDuplicates(input.name, () =>
    db
      .insert(macros)
      .values({ id: randomUUID(), userId, ...input, createdAt: now, updatedAt: now })
      .returning(),
  )
  if (!row) throw new Error('insert returned no row')
  return toMacro(row)
}

export async function updateMacro(
  db: Database,
  userId: string,
  id: string,
  input: MacroRequest,
  now: Date,
): Promise<Macro> {
  const [row] = await refusingDuplicates(input.name, () =>
    db
      .update(macros)
      .set({ ...input, updatedAt: now })
      .where(and(eq(macros.id, id), eq(macros.userId, userId)))
      .returning(),
  )
  if (!row) throw new NotFound('The macro')
  return toMacro(row)
}

export async function deleteMacro(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(macros)
    .where(and(eq(macros.id, id), eq(macros.userId, userId)))
    .returning({ id: macros.id })
  if (deleted.length === 0) throw new NotFound('The macro')
}
