/**
 * Readers of the product's entities (patient, order, report, message) from whatever a backend
 * answered, into the SPA's model (`../model.ts`). An entry is refused only for what no screen can
 * do without, and the refusal names the field; every other field takes its empty form.
 */
import { REPORT_SECTION_KEYS, type ReportSectionKey } from '../../../../contract'
import {
  contentVersionOf,
  type Message,
  type MessageMeta,
  type Order,
  type Patient,
  type Addendum,
  type Report,
  type ReportRevision,
  type ReportSections,
  type UserRef,
} from '../model'
import {
  isRecord,
  readBoolean,
  readCalendarDate,
  readId,
  readInputType,
  readPriority,
  readRating,
  readRole,
  readSex,
  readText,
  readTimestamp,
  type Raw,
} from './values'

export type Read<T> = { ok: true; value: T } | { ok: false; field: string }

const refused = (field: string): { ok: false; field: string } => ({ ok: false, field })

export function readPatient(raw: unknown): Read<Patient> {
  if (!isRecord(raw)) return refused('patient')
  const id = readId(raw.id)
  if (id === undefined) return refused('id')
  return {
    ok: true,
    value: {
      id,
      first_name: readText(raw.first_name) ?? '',
      last_name: readText(raw.last_name) ?? '',
      date_of_birth: readCalendarDate(raw.date_of_birth) ?? null,
      sex: readSex(raw.sex),
    },
  }
}

function readSections(raw: unknown): ReportSections {
  const source: Raw = isRecord(raw) ? raw : {}
  const sections = {} as ReportSections
  for (const key of REPORT_SECTION_KEYS) sections[key] = readText(source[key]) ?? ''
  return sections
}

/** FNV-1a over the content: a version for reports whose backend gives none. */
function contentVersion(sections: ReportSections, isFinal: boolean): string {
  const text = JSON.stringify([REPORT_SECTION_KEYS.map((key) => sections[key]), isFinal])
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return contentVersionOf(hash.toString(16).padStart(8, '0'))
}

/** A report known only by its content: what the SPA wrote, when the backend answered without it. */
export function reportOfContent(sections: ReportSections, isFinal: boolean): Report {
  return {
    sections,
    is_final: isFinal,
    updated_at: null,
    version: contentVersion(sections, isFinal),
    finalized_at: null,
    finalized_by: null,
    addenda: [],
  }
}

function readUserRef(raw: unknown): UserRef | null {
  if (!isRecord(raw)) return null
  const name = readText(raw.name)?.trim()
  const userId = readId(raw.user_id) ?? readId(raw.id) ?? null
  if (!name && userId === null) return null
  return { user_id: userId, name: name || (userId ?? '') }
}

export function readAddendum(raw: unknown): Read<Addendum> {
  if (!isRecord(raw)) return refused('addendum')
  const id = readId(raw.id)
  if (id === undefined) return refused('id')
  const text = readText(raw.text)
  if (text === undefined) return refused('text')
  return {
    ok: true,
    value: {
      id,
      text,
      author: readUserRef(raw.author),
      created_at: readTimestamp(raw.created_at) ?? null,
    },
  }
}

function readAddenda(raw: unknown): Addendum[] {
  if (!Array.isArray(raw)) return []
  return raw.map(readAddendum).flatMap((read) => (read.ok ? [read.value] : []))
}

export function readRevision(raw: unknown): Read<ReportRevision> {
  if (!isRecord(raw)) return refused('revision')
  const id = readId(raw.id)
  if (id === undefined) return refused('id')
  const author = isRecord(raw.author) ? raw.author : {}
  const person = readUserRef(author)
  return {
    ok: true,
    value: {
      id,
      sections: readSections(raw.sections),
      author:
        readText(author.kind) === 'assistant' || !person
          ? { kind: 'assistant' }
          : { kind: 'user', user_id: person.user_id, name: person.name },
      cause: readText(raw.cause) ?? 'save',
      sections_changed: Array.isArray(raw.sections_changed)
        ? raw.sections_changed.filter(isSectionKey)
        : [],
      created_at: readTimestamp(raw.created_at) ?? null,
    },
  }
}

/** A report from its own answer or nested in an order; null when there is none. */
export function readReport(raw: unknown): Report | null {
  if (!isRecord(raw)) return null
  // Some backends send the sections at the top level of the report.
  const sections = readSections(isRecord(raw.sections) ? raw.sections : raw)
  const isFinal = readBoolean(raw.is_final) ?? false
  const updatedAt =
    typeof raw.updated_at === 'string' && raw.updated_at.trim() !== '' ? raw.updated_at : null
  return {
    sections,
    is_final: isFinal,
    updated_at: updatedAt,
    version: updatedAt ?? contentVersion(sections, isFinal),
    finalized_at: readTimestamp(raw.finalized_at) ?? null,
    finalized_by: readUserRef(raw.finalized_by),
    addenda: readAddenda(raw.addenda),
  }
}

/** Whether an answer holds a report at all (a report write may answer `{success: true}`). */
export function holdsReport(raw: unknown): boolean {
  if (!isRecord(raw)) return false
  const sections = isRecord(raw.sections) ? raw.sections : raw
  return REPORT_SECTION_KEYS.some((key) => typeof sections[key] === 'string')
}

export function readOrder(raw: unknown): Read<Order> {
  if (!isRecord(raw)) return refused('order')
  const id = readId(raw.id)
  if (id === undefined) return refused('id')
  const patient = raw.patient === undefined ? null : readPatient(raw.patient)
  const patientId = readId(raw.patient_id) ?? (patient?.ok ? patient.value.id : undefined)
  if (patientId === undefined) return refused('patient_id')
  const priority = readPriority(raw.priority)
  if (priority === undefined) return refused('priority')
  const order: Order = {
    id,
    patient_id: patientId,
    status: readText(raw.status) ?? '',
    modality: readText(raw.modality) ?? '',
    body_part: readText(raw.body_part) ?? '',
    study_description: readText(raw.study_description) ?? '',
    priority,
    accession_number: readText(raw.accession_number) ?? '',
    patient: patient?.ok ? patient.value : null,
    report: readReport(raw.report),
  }
  const indication = readText(raw.indication)
  if (indication !== undefined) order.indication = indication
  const orderedAt = readTimestamp(raw.ordered_at)
  if (orderedAt !== undefined) order.ordered_at = orderedAt
  return { ok: true, value: order }
}

function isSectionKey(value: unknown): value is ReportSectionKey {
  return REPORT_SECTION_KEYS.includes(value as ReportSectionKey)
}

function readMeta(raw: unknown): MessageMeta | null {
  if (!isRecord(raw)) return null
  const type = readText(raw.type)
  if (!type) return null
  const meta: MessageMeta = { type }
  const structured = readBoolean(raw.structured)
  if (structured !== undefined) meta.structured = structured
  if (Array.isArray(raw.sections)) meta.sections = raw.sections.filter(isSectionKey)
  return meta
}

export function readMessage(raw: unknown): Read<Message> {
  if (!isRecord(raw)) return refused('message')
  const id = readId(raw.id) ?? readId(raw.message_id)
  if (id === undefined) return refused('id')
  const role = readRole(raw.role)
  if (role === undefined) return refused('role')
  const content = readText(raw.content)
  if (content === undefined) return refused('content')
  return {
    ok: true,
    value: {
      id,
      order_id: readId(raw.order_id) ?? null,
      user_id: readId(raw.user_id) ?? null,
      role,
      content,
      input_type: readInputType(raw.input_type),
      created_at: readTimestamp(raw.created_at) ?? null,
      rating: readRating(raw.rating),
      meta_data: readMeta(raw.meta_data),
      author_name: readText(raw.author_name)?.trim() || null,
    },
  }
}
