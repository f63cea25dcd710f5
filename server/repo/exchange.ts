/**
 * One exchange with the assistant: what it is asked from (the study and the conversation so far,
 * read in one statement) and how it is stored (the clinician's message, the reply, any report
 * change, the status and the audit events). A message is the product's most frequent write, so
 * it makes four round trips to the database in all, its statements prepared
 * (./exchangeStatements.ts): the read, which also counts the write against the sender's limit
 * (SEC-7); BEGIN with the order row lock (../db/lockingTransaction.ts); one statement writing
 * everything; COMMIT.
 */
import { randomUUID } from 'node:crypto'
import type { ClaimHolder, InputType, ReportSectionKey, ReportSections } from '../../contract'
import { REPORT_SECTION_KEYS } from '../../contract'
import type { StudyContext } from '../assistant/types'
import type { Database, Queryable } from '../db/client'
import { transactionLockedBy } from '../db/lockingTransaction'
import { NotFound } from '../domain/errors'
import { nameOf, type Actor } from './audit'
import { countValues, windowCountOf, type WindowSlot } from '../db/windowCounters'
import {
  countedStudyStatement,
  lockStatement,
  studyStatement,
  writeStatement,
  type SeenReport,
  type StudyRow,
} from './exchangeStatements'
import { planReport, startingSections } from './exchangeReport'
import { nextVersionTime } from './reportVersions'

export interface ExchangeInput {
  orderId: string
  actor: Actor
  content: string
  inputType: InputType
  reply: string
  /** Sections the assistant wants to change. */
  sections: Partial<Record<ReportSectionKey, string>> | undefined
}

async function readStudy(q: Queryable, orderId: string, userId: string, withHistory: boolean) {
  const [row] = await studyStatement.run(q, { orderId, userId, withHistory })
  if (!row) throw new NotFound('Order')
  return studyOf(row)
}

/** The study as the assistant sees it, and what an exchange is stored against, from its row. */
function studyOf(row: StudyRow) {
  const { order } = row
  const study: StudyContext = {
    order: {
      id: order.id,
      modality: order.modality,
      bodyPart: order.body_part,
      studyDescription: order.study_description,
      indication: order.indication,
      priority: order.priority,
      accessionNumber: order.accession_number,
      orderedAt: new Date(order.ordered_at),
    },
    patient: {
      firstName: order.patient.first_name,
      lastName: order.patient.last_name,
      dateOfBirth: order.patient.date_of_birth,
      sex: order.patient.sex,
      history: row.patientHistory,
    },
    report: order.report && { sections: order.report.sections, isFinal: order.report.is_final },
    ...(row.priors && {
      priors: row.priors.map((prior) => ({
        description: prior.description,
        modality: prior.modality,
        orderedAt: new Date(prior.orderedAt),
        impression: prior.impression?.trim() || null,
      })),
    }),
  }
  return {
    study,
    history: row.history ?? [],
    user: row.user,
    report: order.report,
    holder: order.claimed_by ?? null,
  }
}

/** The study as the assistant sees it: the order, its patient and its report. */
export async function loadStudy(q: Queryable, orderId: string): Promise<StudyContext> {
  return (await readStudy(q, orderId, '', false)).study
}

/** What an exchange is stored against: read with the study, before the assistant answers. */
export interface ExchangeBasis {
  /** The name the clinician's message carries. */
  authorName: string
  /** The report the assistant saw (null: none); the write checks it still stands. */
  report: SeenReport | null
  /** Another clinician reads the study (their claim): the exchange leaves the report alone. */
  readBy: ClaimHolder | null
  /** What a new report starts from (ED-5), which the assistant's sections add to (RP-7). */
  start: ReportSections
}

/**
 * What the assistant answers from, in one statement that also counts the sender's write (`slot`):
 * the count, and unless there is no such order (null) the study, the conversation so far, and
 * the basis `storeExchange` writes against, which says whether another clinician reads the study.
 */
export async function exchangeContext(
  q: Queryable,
  orderId: string,
  actor: Actor,
  slot: WindowSlot,
) {
  const [row] = await countedStudyStatement.run(q, {
    orderId,
    userId: actor.userId,
    withHistory: true,
    ...countValues(slot),
  })
  if (!row) throw new Error(`The counter ${slot.key} was not stored`)
  const counted = windowCountOf(row)
  if (row.order === null) return { counted, context: null }
  const { study, history, user, report, holder } = studyOf(row)
  // The report is the clinician's who reads the study (CLM-9): a colleague's message is a
  // consult, answered and kept, but the assistant changes no report for it.
  const readBy = holder && holder.user_id !== actor.userId ? holder : null
  const basis: ExchangeBasis = {
    authorName: nameOf(actor, user),
    report,
    readBy,
    start: startingSections(study.order),
  }
  return { counted, context: { study, history, basis } }
}

/**
 * Stores one exchange: the clinician's message, the assistant's reply and any report change, and
 * moves the order to in_progress on its first user message. A report finalized while the
 * assistant was thinking is left alone, and so is the report of a study another clinician reads
 * (checked when the exchange began, `basis.readBy`).
 *
 * Under the order row lock, which every report write takes, one statement writes it all while the
 * report is still the one in `basis`. When it changed meanwhile (another write, a finalize, a
 * cleared conversation), that statement writes nothing; the exchange is planned again on the
 * report as it now stands, which the lock keeps as it is until the commit.
 */
export async function storeExchange(
  db: Database,
  asked: ExchangeInput,
  basis: ExchangeBasis,
  now: () => Date,
) {
  const { input, note } = heldBack(asked, basis.readBy)
  const lock = { orderId: input.orderId }
  return transactionLockedBy(db, lockStatement, lock, async (tx, [order]) => {
    if (!order) throw new NotFound('Order')
    const floor = order.floor === null ? null : new Date(order.floor)
    const version = (previous: SeenReport | null) =>
      nextVersionTime(
        now(),
        { reportVersionFloor: floor },
        previous ? { updatedAt: new Date(previous.updated_at) } : undefined,
      )
    // Only a message that names report sections depends on the report.
    const guarded = REPORT_SECTION_KEYS.some((key) => input.sections?.[key] !== undefined)
    const userAt = now()
    let report = basis.report
    for (let attempt = 1; ; attempt += 1) {
      const update = await planReport(tx, input, report, basis.start, version)
      // The reply is stamped after the question even when the clock has not moved.
      const replyAt = new Date(Math.max(now().getTime(), userAt.getTime() + 1))
      const replyId = randomUUID()
      const reply = input.reply + replacedNote(update?.replaced ?? []) + note
      const sections = update?.after
      const written = await writeStatement.run(tx, {
        orderId: input.orderId,
        guarded,
        seenVersion: report?.updated_at ?? null,
        userId: input.actor.userId,
        address: input.actor.address ?? null,
        reportWritten: update !== null,
        history: sections?.history ?? null,
        technique: sections?.technique ?? null,
        comparison: sections?.comparison ?? null,
        findings: sections?.findings ?? null,
        impression: sections?.impression ?? null,
        reportAt: update?.at.toISOString() ?? null,
        revisionId: randomUUID(),
        revised: JSON.stringify(update?.revised ?? []),
        sentDetail: JSON.stringify({ input_type: input.inputType }),
        updateDetail: JSON.stringify({ sections: update?.revised ?? [] }),
        userMessageId: randomUUID(),
        content: input.content,
        inputType: input.inputType,
        authorName: basis.authorName,
        userAt: userAt.toISOString(),
        replyId,
        reply,
        meta: JSON.stringify(
          update
            ? {
                type: 'report_update',
                sections: update.changed,
                ...(update.replaced.length > 0 && { replaced: update.replaced }),
              }
            : { type: 'reply' },
        ),
        replyAt: replyAt.toISOString(),
      })
      if (written.length > 0) {
        return {
          message_id: replyId,
          content: reply,
          created_at: replyAt.toISOString(),
          report_updated: update !== null,
        }
      }
      // Read under the lock, the report cannot change again before the commit.
      if (attempt > 1) throw new Error('The report changed under the order row lock')
      report = (await readStudy(tx, input.orderId, '', false)).report
    }
  })
}

/**
 * A message from someone other than the study's reader changes no report: the sections the
 * assistant wanted to change are left out, and the reply says so.
 */
function heldBack(input: ExchangeInput, readBy: ClaimHolder | null) {
  const wanted = REPORT_SECTION_KEYS.some((key) => input.sections?.[key] !== undefined)
  if (!readBy || !wanted) return { input, note: '' }
  return {
    input: { ...input, sections: undefined },
    note: `\n\n${readBy.name} is reading this study, so the report was left as it is.`,
  }
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
