/**
 * What a report keeps of its past: a revision for every write (appended in the transaction of the
 * write, never changed) and the addenda of a final report (appended, never changed).
 */
import { randomUUID } from 'node:crypto'
import { asc, desc, eq } from 'drizzle-orm'
import type {
  Addendum,
  Communication,
  QaOverride,
  ReportRevision,
  ReportSectionKey,
  ReportSections,
  RevisionCause,
} from '../../contract'
import { REPORT_SECTION_KEYS } from '../../contract'
import type { Queryable, Tx } from '../db/client'
import { criticalCommunications, reportAddenda, reportRevisions } from '../db/schema'
import { toCommunication } from './mappers'

export type RevisionAuthor = { kind: 'user'; userId: string; name: string } | { kind: 'assistant' }

export const EMPTY_SECTIONS: ReportSections = {
  history: '',
  technique: '',
  comparison: '',
  findings: '',
  impression: '',
}

export function sectionsOf(row: ReportSections | undefined | null): ReportSections {
  if (!row) return EMPTY_SECTIONS
  return {
    history: row.history,
    technique: row.technique,
    comparison: row.comparison,
    findings: row.findings,
    impression: row.impression,
  }
}

/** Whether there is no report, or every section of it is blank. */
export function isEmptyReport(row: ReportSections | undefined | null): boolean {
  return !row || REPORT_SECTION_KEYS.every((key) => row[key].trim() === '')
}

export function changedSections(before: ReportSections, after: ReportSections): ReportSectionKey[] {
  return REPORT_SECTION_KEYS.filter((key) => before[key] !== after[key])
}

/**
 * Appends the revision of one write: `after` as it now stands, compared with `before` (the report
 * before the write, or blank sections when there was none). The caller holds the order row lock.
 */
export async function appendRevision(
  tx: Tx,
  input: {
    orderId: string
    before: ReportSections
    after: ReportSections
    author: RevisionAuthor
    cause: RevisionCause
    at: Date
    /** A signature's pre-sign check override. */
    qaOverride?: QaOverride | undefined
    /** The revision's id, when the caller keeps it (the preliminary read's, RV-1). */
    id?: string | undefined
  },
): Promise<ReportSectionKey[]> {
  const changed = changedSections(input.before, input.after)
  await tx.insert(reportRevisions).values({
    id: input.id ?? randomUUID(),
    orderId: input.orderId,
    ...sectionsOf(input.after),
    authorKind: input.author.kind,
    authorUserId: input.author.kind === 'user' ? input.author.userId : null,
    authorName: input.author.kind === 'user' ? input.author.name : null,
    cause: input.cause,
    sectionsChanged: changed,
    qaOverrideReason: input.qaOverride?.reason ?? null,
    qaOverrideCodes: input.qaOverride?.codes ?? null,
    createdAt: input.at,
  })
  return changed
}

type RevisionRow = typeof reportRevisions.$inferSelect
type AddendumRow = typeof reportAddenda.$inferSelect

function toRevision(row: RevisionRow): ReportRevision {
  return {
    id: row.id,
    sections: sectionsOf(row),
    author:
      row.authorKind === 'user'
        ? {
            kind: 'user',
            user_id: row.authorUserId ?? '',
            name: row.authorName ?? row.authorUserId ?? '',
          }
        : { kind: 'assistant' },
    cause: row.cause,
    sections_changed: row.sectionsChanged,
    created_at: row.createdAt.toISOString(),
    ...(row.qaOverrideReason !== null && row.qaOverrideCodes !== null
      ? { qa_override: { reason: row.qaOverrideReason, codes: row.qaOverrideCodes } }
      : {}),
  }
}

/**
 * The sections among `keys` whose current text a person wrote: not blank, and the newest revision
 * that changed the section was a clinician's (text with no revision behind it counts as theirs).
 * An assistant update over them replaces a clinician's words, which its reply must say.
 */
export async function writtenByPeople(
  tx: Queryable,
  orderId: string,
  current: ReportSections,
  keys: readonly ReportSectionKey[],
): Promise<ReportSectionKey[]> {
  const filled = keys.filter((key) => current[key].trim() !== '')
  if (filled.length === 0) return []
  const rows = await tx
    .select({ authorKind: reportRevisions.authorKind, changed: reportRevisions.sectionsChanged })
    .from(reportRevisions)
    .where(eq(reportRevisions.orderId, orderId))
    .orderBy(desc(reportRevisions.seq))
  return filled.filter((key) => {
    const last = rows.find((row) => row.changed.includes(key))
    return last === undefined || last.authorKind === 'user'
  })
}

/** Every revision of an order's report, newest first. */
export async function listRevisions(q: Queryable, orderId: string): Promise<ReportRevision[]> {
  const rows = await q
    .select()
    .from(reportRevisions)
    .where(eq(reportRevisions.orderId, orderId))
    .orderBy(desc(reportRevisions.seq))
  return rows.map(toRevision)
}

export function toAddendum(row: AddendumRow): Addendum {
  return {
    id: row.id,
    text: row.text,
    author: { user_id: row.authorUserId, name: row.authorName },
    created_at: row.createdAt.toISOString(),
  }
}

/** An order's addenda, oldest first. */
export async function listAddenda(q: Queryable, orderId: string): Promise<Addendum[]> {
  const rows = await q
    .select()
    .from(reportAddenda)
    .where(eq(reportAddenda.orderId, orderId))
    .orderBy(asc(reportAddenda.seq))
  return rows.map(toAddendum)
}

export async function insertAddendum(
  tx: Tx,
  input: { orderId: string; text: string; userId: string; name: string; at: Date },
): Promise<Addendum> {
  const [row] = await tx
    .insert(reportAddenda)
    .values({
      id: randomUUID(),
      orderId: input.orderId,
      text: input.text,
      authorUserId: input.userId,
      authorName: input.name,
      createdAt: input.at,
    })
    .returning()
  return toAddendum(row as AddendumRow)
}

/** The critical results communicated for an order, oldest first. */
export async function listCommunications(q: Queryable, orderId: string): Promise<Communication[]> {
  const rows = await q
    .select()
    .from(criticalCommunications)
    .where(eq(criticalCommunications.orderId, orderId))
    .orderBy(asc(criticalCommunications.seq))
  return rows.map(toCommunication)
}
