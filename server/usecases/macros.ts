/**
 * Each clinician's own macros (MAC-1..MAC-4), always scoped to the caller: another clinician's
 * macro is, for them, one that does not exist, and a name is theirs once whatever its case.
 */
import type { Macro, MacroRequest } from '../../contract'
import * as macros from '../repo/macros'
import type { UseCaseContext } from './context'

export function listMacros({ db }: UseCaseContext, userId: string): Promise<Macro[]> {
  return macros.listMacros(db, userId)
}

export function createMacro(
  { db, now }: UseCaseContext,
  userId: string,
  input: MacroRequest,
): Promise<Macro> {
  return macros.createMacro(db, userId, input, now())
}

export function updateMacro(
  { db, now }: UseCaseContext,
  userId: string,
  id: string,
  input: MacroRequest,
): Promise<Macro> {
  return macros.updateMacro(db, userId, id, input, now())
}

export function deleteMacro({ db }: UseCaseContext, userId: string, id: string): Promise<void> {
  return macros.deleteMacro(db, userId, id)
}
