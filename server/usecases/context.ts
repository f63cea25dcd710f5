/**
 * What every use case stands on: the database and the clock (both injected, so tests drive them),
 * and the few lines a use case logs (how something failed, never a clinical word: SEC-3).
 */
import type { Database } from '../db/client'

export interface UseCaseContext {
  db: Database
  now: () => Date
}

export interface UseCaseLog {
  warn(fields: Record<string, unknown>, message: string): void
  error(fields: Record<string, unknown>, message: string): void
}
