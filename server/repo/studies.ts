/**
 * Reads and writes of orders, their conversations and reports. Writes that touch several rows run
 * in one transaction; the order row is locked first so concurrent writes to one study serialize.
 * Every report write appends its revision (`./reportHistory`), and every act its audit event
 * (`./audit`), in the transaction of the write.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import type {
  Addendum,
  InputType,
  Message,
  Order,
  Patient,
  Rating,
  Report,
  ReportSectionKey,
  ReportSections,
  RevisionCause,
} from '../../contract'
import {
  IN_PROGRESS,
  PATIENT_SUMMARY,
  PRECONDITION_FAILED,
  REPORT_SECTION_KEYS,
  reportChangedError,
  reportETag as versionTag,
} from '../../contract'
import type { StudyContext } from '../assistant/types'
import type { Database, Queryable, Tx } from '../db/client'
import { messages, orders, patients, reports } from '../db/schema'
import { badRequest, conflict, HttpError, notFound } from '../http/errors'
import { auditOf, displayName, recordAudit, type Actor } from './audit'
import {
  appendRevision,
  deleteHistory,
  insertAddendum,
  listAddenda,
  listRevisions,
  sectionsOf,
  writtenByPeople,
} from './reportHistory'
import {
  orderJson,
  patientColumns,
  toMessage,
  toOrder,
  toPatient,
  toReport,
  type OrderRow,
  type ReportRow,
} from './mappers'

export async function listPatients(db: Database): Promise<Patient[]> {
  const rows = await db
    .select(patientColumns)
    .from(patients)
    .orderBy(asc(patients.lastName), asc(patients.firstName))
  return rows.map(toPatient)
}

const orderQuery = (db: Queryable) =>
  db
    .select({ order: orders, patient: patients, report: reports })
    .from(orders)
    .innerJoin(patients, eq(patients.id, orders.patientId))
    .leftJoin(reports, eq(reports.orderId, orders.id))

/**
 * Every order in insertion order (`seq`, the server's order: the worklist's sort keeps it for
 * ties), built as one JSON array by the database (see `orderJson`).
 */
export async function listOrders(db: Database): Promise<Order[]> {
  const [row] = await db
    .select({ list: sql<Order[]>`coalesce(json_agg(${orderJson} order by ${orders.seq}), '[]')` })
    .from(orders)
    .innerJoin(patients, eq(patients.id, orders.patientId))
    .leftJoin(reports, eq(reports.orderId, orders.id))
  return row?.list ?? []
}

/** The addenda a report answer carries: only a final report has any. */
const addendaOf = (q: Queryable, report: ReportRow | null | undefined): Promise<Addendum[]> =>
  report?.isFinal ? listAddenda(q, report.orderId) : Promise.resolve([])

/** A report as the API answers it, with its addenda. */
async function reportAnswer(q: Queryable, row: ReportRow): Promise<Report> {
  return toReport(row, await addendaOf(q, row))
}

export async function getOrder(db: Queryable, id: string): Promise<Order> {
  const [row] = await orderQuery(db).where(eq(orders.id, id))
  if (!row) throw notFound('Order')
  return toOrder(row.order, row.patient, row.report, await addendaOf(db, row.report))
}

/** Every revision of the order's report, newest first (404 for an unknown order). */
export async function listReportRevisions(db: Database, orderId: string) {
  return db.transaction(async (tx) => {
    await assertOrderExists(tx, orderId)
    return listRevisions(tx, orderId)
  })
}

/** Locks the order row for the rest of the transaction; 404 when it does not exist. */
async function lockOrder(tx: Tx, id: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
  if (!row) throw notFound('Order')
  return row
}

export async function loadStudy(db: Queryable, orderId: string): Promise<StudyContext> {
  const [row] = await orderQuery(db).where(eq(orders.id, orderId))
  if (!row) throw notFound('Order')
  const { order, patient, report } = row
  return {
    order: {
      id: order.id,
      modality: order.modality,
      bodyPart: order.bodyPart,
      studyDescription: order.studyDescription,
      indication: order.indication,
      priority: order.priority,
      accessionNumber: order.accessionNumber,
      orderedAt: order.orderedAt,
    },
    patient: {
      firstName: patient.firstName,
      lastName: patient.lastName,
      dateOfBirth: patient.dateOfBirth,
      sex: patient.sex,
      history: patient.history,
    },
    report: report ? { sections: sectionsOf(report), isFinal: report.isFinal } : null,
  }
}

export async function listMessages(db: Queryable, orderId: string): Promise<Message[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.orderId, orderId))
    .orderBy(asc(messages.seq))
  return rows.map(toMessage)
}

export async function assertOrderExists(db: Queryable, orderId: string): Promise<void> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))
  if (!row) throw notFound('Order')
}

export interface ExchangeInput {
  orderId: string
  actor: Actor
  content: string
  inputType: InputType
  reply: string
  /** Sections the assistant wants to change. */
  sections: Partial<Record<ReportSectionKey, string>> | undefined
}

/**
 * Stores one exchange: the clinician's message, the assistant's reply and any report change, and
 * moves the order to in_progress on its first user message. A report finalized while the
 * assistant was thinking is left alone.
 */
export async function storeExchange(db: Database, input: ExchangeInput, now: () => Date) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId)
    const [prior] = await tx
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.orderId, order.id), eq(messages.role, 'user')))
    if ((prior?.n ?? 0) === 0 && order.status !== IN_PROGRESS) {
      await tx.update(orders).set({ status: IN_PROGRESS }).where(eq(orders.id, order.id))
    }
    const userAt = now()
    const userId = input.actor.userId
    await tx.insert(messages).values({
      id: randomUUID(),
      orderId: order.id,
      userId,
      role: 'user',
      content: input.content,
      inputType: input.inputType,
      authorName: await displayName(tx, input.actor),
      createdAt: userAt,
    })
    await recordAudit(
      tx,
      auditOf(input.actor, 'message_sent', order.id, userAt, { input_type: input.inputType }),
    )

    let changed: ReportSectionKey[] = []
    let replaced: ReportSectionKey[] = []
    if (input.sections) {
      const [current] = await tx.select().from(reports).where(eq(reports.orderId, order.id))
      if (!current?.isFinal) {
        changed = REPORT_SECTION_KEYS.filter((key) => input.sections?.[key] !== undefined)
        if (changed.length > 0) {
          const overwritten = changed.filter(
            (key) => (input.sections?.[key] ?? '') !== sectionsOf(current)[key],
          )
          replaced = await writtenByPeople(tx, order.id, sectionsOf(current), overwritten)
          const values = Object.fromEntries(
            changed.map((key) => [key, input.sections?.[key] ?? '']),
          )
          const at = nextVersionTime(now(), order, current)
          const written = await upsertReport(tx, order.id, values, at)
          const revised = await appendRevision(tx, {
            orderId: order.id,
            before: sectionsOf(current),
            after: sectionsOf(written),
            author: { kind: 'assistant' },
            cause: 'assistant',
            at,
          })
          await recordAudit(
            tx,
            auditOf(input.actor, 'assistant_update', order.id, at, { sections: revised }),
          )
        }
      }
    }

    // The reply is stamped after the question even when the clock has not moved.
    const replyAt = new Date(Math.max(now().getTime(), userAt.getTime() + 1))
    const replyId = randomUUID()
    const reply = input.reply + replacedNote(replaced)
    await tx.insert(messages).values({
      id: replyId,
      orderId: order.id,
      userId,
      role: 'assistant',
      content: reply,
      inputType: 'text',
      metaData:
        changed.length > 0
          ? { type: 'report_update', sections: changed, ...(replaced.length > 0 && { replaced }) }
          : { type: 'reply' },
      createdAt: replyAt,
    })
    return {
      message_id: replyId,
      content: reply,
      created_at: replyAt.toISOString(),
      report_updated: changed.length > 0,
    }
  })
}

const SECTION_NAMES: Readonly<Record<ReportSectionKey, string>> = {
  history: 'History',
  technique: 'Technique',
  comparison: 'Comparison',
  findings: 'Findings',
  impression: 'Impression',
}

/**
 * What a reply adds when the assistant replaced text a clinician wrote: which sections, and how
 * to get the text back. Empty when it replaced nobody's words.
 */
export function replacedNote(replaced: readonly ReportSectionKey[]): string {
  if (replaced.length === 0) return ''
  const names = replaced.map((key) => SECTION_NAMES[key])
  const list =
    names.length === 1
      ? names.join('')
      : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`
  const section = names.length === 1 ? 'section' : 'sections'
  return `\n\nThis replaced the ${list} ${section} you had written; 'Undo assistant change' in the report brings your text back.`
}

/** The latest of some instants; null when there is none. */
function latest(...instants: (Date | null | undefined)[]): Date | null {
  const times = instants.flatMap((instant) => (instant ? [instant.getTime()] : []))
  return times.length > 0 ? new Date(Math.max(...times)) : null
}

/**
 * A report's `updated_at` is its version (the ETag of PUT and finalize preconditions), so every
 * write moves it forward, by a millisecond past the previous one when the clock has not moved:
 * two writes never share a version. "The previous one" is the current report's version or, when
 * the conversation was cleared, the version of the report deleted then (the order's
 * `reportVersionFloor`), whichever is later: a stale client's If-Match never names a new report.
 * Callers hold the order row lock (and pass the row it returned), so writes are serialized.
 */
function nextVersionTime(now: Date, order: OrderRow, previous: ReportRow | undefined): Date {
  const last = latest(previous?.updatedAt, order.reportVersionFloor)
  if (!last) return now
  return new Date(Math.max(now.getTime(), last.getTime() + 1))
}

/** The version of a report as the API shows it: its `updated_at`, quoted like an ETag. */
export function reportETag(report: Report): string {
  return versionTag(report.updated_at)
}

/**
 * HTTP preconditions of PUT report and POST finalize (RFC 9110 §13.1): `If-Match` lists the
 * versions the client's change was written against, `If-None-Match: *` says it expected no report
 * at all. Absent headers impose nothing.
 */
export interface ReportPreconditions {
  ifMatch?: string | undefined
  ifNoneMatch?: string | undefined
}

const reportChanged = () =>
  new HttpError(PRECONDITION_FAILED, reportChangedError.error, reportChangedError.message)

/** `"a", W/"b", *` -> ['"a"', 'W/"b"', '*']; an unquoted single value is taken as one tag. */
function entityTags(header: string): string[] {
  const tags = header.match(/\*|(?:W\/)?"[^"]*"/g)
  if (tags) return tags
  const bare = header.trim()
  return bare ? [`"${bare}"`] : []
}

/** Whether a header's tag list names the current version (`*`: any report at all). */
function listMatches(header: string, current: ReportRow | undefined): boolean {
  if (!current) return false
  const etag = versionTag(current.updatedAt.toISOString())
  // Strong comparison (If-Match requires it): a weak tag never matches.
  return entityTags(header).some((tag) => tag === '*' || tag === etag)
}

function assertPreconditions(pre: ReportPreconditions, current: ReportRow | undefined): void {
  if (pre.ifMatch !== undefined && !listMatches(pre.ifMatch, current)) throw reportChanged()
  if (pre.ifNoneMatch !== undefined && listMatches(pre.ifNoneMatch, current)) throw reportChanged()
}

async function upsertReport(tx: Tx, orderId: string, values: Partial<ReportSections>, at: Date) {
  const [row] = await tx
    .insert(reports)
    .values({ orderId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: reports.orderId, set: { ...values, updatedAt: at } })
    .returning()
  return row as ReportRow
}

export async function rateMessage(
  db: Database,
  orderId: string,
  messageId: string,
  rating: Rating | null,
  actor: Actor,
  now: () => Date,
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ role: messages.role })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.orderId, orderId)))
    if (!row) throw notFound('Message')
    if (row.role !== 'assistant') {
      throw badRequest('Only assistant replies can be rated.')
    }
    await tx.update(messages).set({ rating }).where(eq(messages.id, messageId))
    await recordAudit(
      tx,
      auditOf(actor, 'message_rated', orderId, now(), { message_id: messageId, rating }),
    )
  })
}

/**
 * Creates the structured patient summary once per conversation. The order row lock makes two
 * simultaneous first calls produce one summary.
 */
export async function initializeConversation(
  db: Database,
  orderId: string,
  actor: Actor,
  summarize: (study: StudyContext) => Promise<string>,
  now: () => Date,
): Promise<{ content?: string }> {
  return db.transaction(async (tx) => {
    await lockOrder(tx, orderId)
    await recordAudit(tx, auditOf(actor, 'study_opened', orderId, now()))
    const existing = await tx
      .select({ id: messages.id, meta: messages.metaData })
      .from(messages)
      .where(eq(messages.orderId, orderId))
    if (existing.some((m) => m.meta?.type === PATIENT_SUMMARY)) return {}
    const content = await summarize(await loadStudy(tx, orderId))
    await tx.insert(messages).values({
      id: randomUUID(),
      orderId,
      userId: actor.userId,
      role: 'assistant',
      content,
      inputType: 'text',
      metaData: { type: PATIENT_SUMMARY, structured: true },
      createdAt: now(),
    })
    return { content }
  })
}

/**
 * The start of both clinician report writes (PUT and finalize): locks the order row, loads the
 * current report, answers 409 with `finalMessage` when it is final (before any precondition is
 * looked at), then checks the preconditions. The check and the caller's write happen under the
 * lock in one transaction, so of two writers holding the same version exactly one wins.
 */
async function lockDraftForWrite(
  tx: Tx,
  orderId: string,
  preconditions: ReportPreconditions,
  finalMessage: string,
): Promise<{ order: OrderRow; current: ReportRow | undefined }> {
  const order = await lockOrder(tx, orderId)
  const [current] = await tx.select().from(reports).where(eq(reports.orderId, orderId))
  if (current?.isFinal) throw conflict(finalMessage)
  assertPreconditions(preconditions, current)
  return { order, current }
}

export interface ReportWrite {
  actor: Actor
  preconditions?: ReportPreconditions
}

/**
 * Replaces every section (see `lockDraftForWrite` for the 409 and the preconditions) and appends
 * the revision, with the clinician's cause (`save`, or `undo` / `restore`).
 */
export async function saveReport(
  db: Database,
  orderId: string,
  sections: ReportSections,
  now: () => Date,
  write: ReportWrite & { cause?: Extract<RevisionCause, 'save' | 'undo' | 'restore'> },
): Promise<Report> {
  return db.transaction(async (tx) => {
    const { order, current } = await lockDraftForWrite(
      tx,
      orderId,
      write.preconditions ?? {},
      'This report has been finalized and cannot be edited.',
    )
    const at = nextVersionTime(now(), order, current)
    const row = await upsertReport(tx, orderId, sections, at)
    const cause = write.cause ?? 'save'
    const changed = await appendRevision(tx, {
      orderId,
      before: sectionsOf(current),
      after: sectionsOf(row),
      author: {
        kind: 'user',
        userId: write.actor.userId,
        name: await displayName(tx, write.actor),
      },
      cause,
      at,
    })
    await recordAudit(
      tx,
      auditOf(write.actor, 'report_saved', orderId, at, { cause, sections: changed }),
    )
    return toReport(row, [])
  })
}

/** Signs the report: the signer's id and name go on it, and a `finalize` revision is appended. */
export async function finalizeReport(
  db: Database,
  orderId: string,
  now: () => Date,
  write: ReportWrite,
): Promise<Report> {
  return db.transaction(async (tx) => {
    // The signature goes on the version the clinician saw, or on nothing.
    const { order, current } = await lockDraftForWrite(
      tx,
      orderId,
      write.preconditions ?? {},
      'This report is already finalized.',
    )
    const empty = !current || REPORT_SECTION_KEYS.every((key) => current[key].trim() === '')
    if (empty) throw conflict('There is nothing to finalize: the report is empty.')
    const at = nextVersionTime(now(), order, current)
    const name = await displayName(tx, write.actor)
    const [row] = await tx
      .update(reports)
      .set({
        isFinal: true,
        finalizedAt: at,
        finalizedBy: write.actor.userId,
        finalizedByName: name,
        updatedAt: at,
      })
      .where(eq(reports.orderId, orderId))
      .returning()
    const signed = row as ReportRow
    await appendRevision(tx, {
      orderId,
      before: sectionsOf(current),
      after: sectionsOf(signed),
      author: { kind: 'user', userId: write.actor.userId, name },
      cause: 'finalize',
      at,
    })
    await recordAudit(tx, auditOf(write.actor, 'report_finalized', orderId, at))
    return reportAnswer(tx, signed)
  })
}

/**
 * Appends an addendum to a final report (409 while the report is not final, or there is none),
 * moves the report's version on and appends an `addendum` revision.
 */
export async function addAddendum(
  db: Database,
  orderId: string,
  text: string,
  now: () => Date,
  actor: Actor,
): Promise<Addendum> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    const [current] = await tx.select().from(reports).where(eq(reports.orderId, orderId))
    if (!current?.isFinal) {
      throw conflict('Only a finalized report takes addenda; finalize the report first.')
    }
    const at = nextVersionTime(now(), order, current)
    const name = await displayName(tx, actor)
    const addendum = await insertAddendum(tx, { orderId, text, userId: actor.userId, name, at })
    await tx.update(reports).set({ updatedAt: at }).where(eq(reports.orderId, orderId))
    await appendRevision(tx, {
      orderId,
      before: sectionsOf(current),
      after: sectionsOf(current),
      author: { kind: 'user', userId: actor.userId, name },
      cause: 'addendum',
      at,
    })
    await recordAudit(
      tx,
      auditOf(actor, 'addendum_added', orderId, at, { addendum_id: addendum.id }),
    )
    return addendum
  })
}

/**
 * Deletes the messages and the report of one order (with its revisions and addenda) and restores
 * the order's original status. The deleted report's version becomes the order's version floor
 * (never moved back), so the next report of this order gets a version no client can still hold.
 * With `retainSignedReports`, a final report stays, with its addenda and revisions.
 */
export async function clearConversation(
  db: Database,
  orderId: string,
  actor: Actor,
  now: () => Date,
  options: { retainSignedReports: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    await tx.delete(messages).where(eq(messages.orderId, orderId))
    const [current] = await tx
      .select({ isFinal: reports.isFinal })
      .from(reports)
      .where(eq(reports.orderId, orderId))
    const retained = options.retainSignedReports && current?.isFinal === true
    await recordAudit(
      tx,
      auditOf(actor, 'conversation_cleared', orderId, now(), { report_retained: retained }),
    )
    if (retained) {
      await tx.update(orders).set({ status: order.originalStatus }).where(eq(orders.id, orderId))
      return
    }
    await deleteHistory(tx, orderId)
    const [deleted] = await tx
      .delete(reports)
      .where(eq(reports.orderId, orderId))
      .returning({ updatedAt: reports.updatedAt })
    await tx
      .update(orders)
      .set({
        status: order.originalStatus,
        reportVersionFloor: latest(order.reportVersionFloor, deleted?.updatedAt),
      })
      .where(eq(orders.id, orderId))
  })
}
