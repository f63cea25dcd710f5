/**
 * Readers of the product's entities (patient, order, report, message) from whatever a backend
 * answered, into the SPA's model (`../model.ts`). An entry is refused only for what no screen can
 * do without, and the refusal names the field; every other field takes its empty form.
 */
import { REPORT_SECTION_KEYS, type ReportSectionKey } from '../../../../contract'
import type {
  Communication,
  Message,
  MessageMeta,
  Order,
  Addendum,
  QaSignedOver,
  Report,
  ReportRevision,
  ReportSections,
} from '../model'
import type { Read } from './lists'
import { readUserRef } from './people'
import {
  contentVersion,
  readListedReport,
  readOrderWith,
  readPatient,
  readSections,
  refused,
} from './rows'
import {
  isRecord,
  readBoolean,
  readId,
  readInputType,
  readRating,
  readRole,
  readText,
  readTimestamp,
} from './values'

export type { Read }
export { readPatient, readUserRef }

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

/** A critical result communication (CR-1, CR-19): shown with an id and a recipient. */
export function readCommunication(raw: unknown): Read<Communication> {
  if (!isRecord(raw)) return refused('communication')
  const id = readId(raw.id)
  if (id === undefined) return refused('id')
  const recipient = readText(raw.recipient)?.trim()
  if (!recipient) return refused('recipient')
  return {
    ok: true,
    value: {
      id,
      recipient,
      role: readText(raw.role)?.trim() ?? '',
      method: readText(raw.method) ?? '',
      communicated_at: readTimestamp(raw.communicated_at) ?? null,
      read_back: readBoolean(raw.read_back) ?? false,
      recorded_by: readUserRef(raw.recorded_by),
    },
  }
}

/** A report's own communications; undefined when it does not carry them (the list is asked). */
function readCarriedCommunications(raw: unknown): Communication[] | undefined {
  if (!Array.isArray(raw)) return undefined
  return raw.map(readCommunication).flatMap((read) => (read.ok ? [read.value] : []))
}

export function readRevision(raw: unknown): Read<ReportRevision> {
  if (!isRecord(raw)) return refused('revision')
  const id = readId(raw.id)
  if (id === undefined) return refused('id')
  const author = isRecord(raw.author) ? raw.author : {}
  const person = readUserRef(author)
  const signedOver = readSignedOver(raw.qa_override)
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
      ...(signedOver ? { qa_override: signedOver } : {}),
    },
  }
}

/** What a signature signed over, when there is a reason to show; else nothing. */
function readSignedOver(raw: unknown): QaSignedOver | undefined {
  if (!isRecord(raw)) return undefined
  const reason = readText(raw.reason)?.trim()
  if (!reason) return undefined
  const codes = Array.isArray(raw.codes)
    ? raw.codes.filter((code): code is string => typeof code === 'string')
    : []
  return { reason, codes }
}

/** A report from its own answer or nested in an order; null when there is none. */
export function readReport(raw: unknown): Report | null {
  const listed = readListedReport(raw)
  if (!isRecord(raw) || listed === null) return null
  const signedOver = readSignedOver(raw.qa_override)
  const communications = readCarriedCommunications(raw.communications)
  return {
    ...listed,
    finalized_at: readTimestamp(raw.finalized_at) ?? null,
    finalized_by: readUserRef(raw.finalized_by),
    addenda: readAddenda(raw.addenda),
    ...(signedOver ? { qa_override: signedOver } : {}),
    ...(communications ? { communications } : {}),
  }
}

/** Whether an answer holds a report at all (a report write may answer `{success: true}`). */
export function holdsReport(raw: unknown): boolean {
  if (!isRecord(raw)) return false
  const sections = isRecord(raw.sections) ? raw.sections : raw
  return REPORT_SECTION_KEYS.some((key) => typeof sections[key] === 'string')
}

/**
 * The single order (GET /orders/:id): every field a list entry has (`claimed_by` and `ordered_at`
 * among them), and what only it carries.
 */
export function readOrder(raw: unknown): Read<Order> {
  const read = readOrderWith(raw, readReport)
  if (!read.ok || !isRecord(raw)) return read
  const order: Order = read.value
  const indication = readText(raw.indication)
  if (indication !== undefined) order.indication = indication
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
