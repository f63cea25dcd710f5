/**
 * Follow-up recommendations (FU-25..FU-40) as a backend answers them, read tolerantly at the
 * edge: a follow-up needs an id, its exam (modality and body part) and its window to be shown;
 * a status a backend does not know reads as open (it is still to be done), never as closed.
 * The pre-sign check's proposals (FU-25) are read here too: one without an exam is left out.
 */
import type { UserRef } from '../model'
import { readList, type Read, type Skipped } from './lists'
import { readUserRef } from './people'
import { isRecord, readCalendarDate, readId, readText, readTimestamp } from './values'

export type FollowUpStatus = 'open' | 'overdue' | 'completed' | 'declined'

/** The fields of a recommendation, as found in a report and as confirmed at signing. */
export interface FollowUpFields {
  modality: string
  body_part: string
  /** Calendar dates, YYYY-MM-DD, inclusive. */
  due_from: string
  due_to: string
  reason: string
}

/** A recommendation the pre-sign check found: its fields and the sentence it was read from. */
export interface FollowUpProposal extends FollowUpFields {
  text: string
}

export interface FollowUpResolution {
  status: 'completed' | 'declined'
  /** null: a matching order completed it by itself. */
  by: UserRef | null
  at: string | null
  reason: string
  order_id: string | null
  /** The completing order's accession number, when the backend names it (FU-41). */
  accession_number: string | null
}

export interface FollowUp extends FollowUpProposal {
  id: string
  patient_id: string
  source_order_id: string
  status: FollowUpStatus
  patient: { first_name: string; last_name: string; mrn: string | null }
  source: { accession_number: string; study_description: string }
  resolution: FollowUpResolution | null
}

export interface FollowUpPage {
  items: FollowUp[]
  /** Where the next page starts; null on the last. */
  next_cursor: string | null
  /** How many match, when the backend says. */
  total: number | null
}

const STATUSES: readonly FollowUpStatus[] = ['open', 'overdue', 'completed', 'declined']

const trimmed = (value: unknown): string => readText(value)?.trim() ?? ''
const orNull = (value: unknown): string | null => trimmed(value) || null

function readFields(raw: Readonly<Record<string, unknown>>): Read<FollowUpProposal> {
  const modality = trimmed(raw.modality)
  if (!modality) return { ok: false, field: 'modality' }
  const bodyPart = trimmed(raw.body_part)
  if (!bodyPart) return { ok: false, field: 'body_part' }
  const from = readCalendarDate(raw.due_from)
  const to = readCalendarDate(raw.due_to)
  if (from === undefined) return { ok: false, field: 'due_from' }
  if (to === undefined) return { ok: false, field: 'due_to' }
  return {
    ok: true,
    value: {
      modality,
      body_part: bodyPart,
      due_from: from,
      due_to: to,
      reason: trimmed(raw.reason),
      text: trimmed(raw.text),
    },
  }
}

export function readFollowUpProposal(raw: unknown): Read<FollowUpProposal> {
  return isRecord(raw) ? readFields(raw) : { ok: false, field: 'follow_up' }
}

/**
 * The check's proposals: a list (possibly empty), or undefined when the answer holds none (a
 * backend without follow-ups: the signature then leaves the choice to the server, FU-27).
 */
export function readFollowUpProposals(raw: unknown): FollowUpProposal[] | undefined {
  if (!isRecord(raw) || !Array.isArray(raw.follow_ups)) return undefined
  const list = readList(raw.follow_ups, readFollowUpProposal)
  return list.ok ? list.value : undefined
}

/** A matching order's words as our server writes them: 'Matching order ACC456 received'. */
const MATCHING_ORDER = /^matching order (\S+) received\.?$/i

function readResolution(raw: unknown, status: FollowUpStatus): FollowUpResolution | null {
  if (status !== 'completed' && status !== 'declined') return null
  const given = isRecord(raw) ? raw : {}
  return {
    status,
    by: readUserRef(given.by),
    at: readTimestamp(given.at) ?? null,
    reason: trimmed(given.reason),
    order_id: readId(given.order_id) ?? null,
    accession_number: orNull(given.accession_number),
  }
}

/**
 * The accession number of the order that completed it by itself: as the backend names it
 * (FU-41), else as the resolution's words name it (a backend that says no more).
 */
export function matchingAccession(resolution: FollowUpResolution): string | null {
  if (resolution.by !== null) return null
  return resolution.accession_number ?? MATCHING_ORDER.exec(resolution.reason)?.[1] ?? null
}

export function readFollowUp(raw: unknown): Read<FollowUp> {
  if (!isRecord(raw)) return { ok: false, field: 'follow_up' }
  const id = readId(raw.id)
  if (id === undefined) return { ok: false, field: 'id' }
  const fields = readFields(raw)
  if (!fields.ok) return fields
  const statusText = trimmed(raw.status).toLowerCase()
  const status = STATUSES.find((known) => known === statusText) ?? 'open'
  const patient = isRecord(raw.patient) ? raw.patient : {}
  const source = isRecord(raw.source) ? raw.source : {}
  return {
    ok: true,
    value: {
      ...fields.value,
      id,
      patient_id: readId(raw.patient_id) ?? readId(patient.id) ?? '',
      source_order_id: readId(raw.source_order_id) ?? '',
      status,
      patient: {
        first_name: trimmed(patient.first_name),
        last_name: trimmed(patient.last_name),
        mrn: orNull(patient.mrn) ?? orNull(patient.medical_record_number),
      },
      source: {
        accession_number: trimmed(source.accession_number),
        study_description: trimmed(source.study_description),
      },
      resolution: readResolution(raw.resolution, status),
    },
  }
}

/** A page of follow-ups: its list as any list answer, its cursor and total when given. */
export function readFollowUpPage(
  raw: unknown,
): { ok: true; value: FollowUpPage; skipped: Skipped | null } | { ok: false; issues: string[] } {
  const list = readList(isRecord(raw) && 'items' in raw ? raw.items : raw, readFollowUp)
  if (!list.ok) return list
  const total = isRecord(raw) && typeof raw.total === 'number' ? raw.total : null
  return {
    ok: true,
    value: {
      items: list.value,
      next_cursor: isRecord(raw) ? orNull(raw.next_cursor) : null,
      total,
    },
    skipped: list.skipped,
  }
}

/** PATCH's answer: the follow-up as it now is. */
export function readFollowUpAnswer(
  raw: unknown,
): { ok: true; value: FollowUp } | { ok: false; issues: string[] } {
  const read = readFollowUp(raw)
  return read.ok ? read : { ok: false, issues: [`${read.field}: cannot be read`] }
}
