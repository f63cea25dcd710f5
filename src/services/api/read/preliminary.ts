/**
 * A report's preliminary read (RV-13), read tolerantly: a backend without the teaching flow sends
 * none (null), and one whose state or sender cannot be read is as none, so the report shows as an
 * ordinary draft rather than a review nobody can act on.
 */
import type { PreliminaryState } from '../../../../contract'
import type { Preliminary, ReportSections } from '../model'
import { readUserRef } from './people'
import { isRecord, readText, readTimestamp } from './values'

/** The contract's states (written out: see AWAITING_REVIEW in teachingApi.ts for why). */
const STATES: ReadonlySet<string> = new Set<PreliminaryState>([
  'awaiting_review',
  'returned',
  'signed',
])

function isState(value: unknown): value is PreliminaryState {
  return typeof value === 'string' && STATES.has(value)
}

function readReturned(raw: unknown): Preliminary['returned'] {
  if (!isRecord(raw)) return null
  return {
    by: readUserRef(raw.by),
    at: readTimestamp(raw.at) ?? null,
    comment: readText(raw.comment) ?? '',
  }
}

/** `sectionsOf` is the report's own section reader (passed in: rows.ts reads lists with this). */
export function readPreliminary(
  raw: unknown,
  sectionsOf: (raw: unknown) => ReportSections,
): Preliminary | null {
  if (!isRecord(raw) || !isState(raw.state)) return null
  const by = readUserRef(raw.by)
  if (by === null) return null
  return {
    state: raw.state,
    by,
    at: readTimestamp(raw.at) ?? null,
    sections: sectionsOf(raw.sections),
    returned: readReturned(raw.returned),
  }
}
