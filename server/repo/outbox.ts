/**
 * The results outbox (INT-13..INT-22): an ORU^R01 is written into `hl7_outbox` in the
 * transaction that signs a report, appends an addendum or sends a trainee's report for review
 * (RV-7), and handed out to the delivering worker
 * (the HL7 edge's outbox worker) one row at a time. A row is leased (`next_attempt_at`
 * moved past the longest a delivery can take) under `FOR UPDATE SKIP LOCKED`, so instances never
 * send one row at once; a row waits while an earlier one of its order is unacknowledged, so an
 * addendum never overtakes its final report. Each row keeps the destination (host:port) it was
 * queued for, so whichever instance delivers it sends it there (INT-67). Audit events record
 * queueing, failed attempts and the acknowledgement (AA, or a commit accept alone, INT-70), with
 * codes only.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Database, Tx } from '../db/client'
import {
  criticalCommunications,
  hl7Outbox,
  orders,
  patients,
  reportAddenda,
  reports,
} from '../db/schema'
import type { BuildResultMessage, ResultData, ResultKind } from '../domain/hl7'
import { recordAudit } from './audit'

/** Writes the result into the outbox, in the caller's transaction. */
export type ResultsQueue = (tx: Tx, orderId: string, kind: ResultKind, at: Date) => Promise<void>

/**
 * Queues results for `destination` (host:port), each message built by `build` (the HL7 edge's
 * ORU^R01, with the sender and receiver names of its settings): the outbox stores the text, it
 * does not know the format.
 */
export function resultsQueue(build: BuildResultMessage, destination: string): ResultsQueue {
  return async (tx, orderId, kind, at) => {
    const [row] = await tx
      .select({ order: orders, patient: patients, report: reports })
      .from(orders)
      .innerJoin(patients, eq(patients.id, orders.patientId))
      .innerJoin(reports, eq(reports.orderId, orders.id))
      .where(eq(orders.id, orderId))
    const report = row && resultReport(row.report, kind)
    if (!row || !report) return
    const addenda = await tx
      .select()
      .from(reportAddenda)
      .where(eq(reportAddenda.orderId, orderId))
      .orderBy(asc(reportAddenda.seq))
    const communications = await tx
      .select()
      .from(criticalCommunications)
      .where(eq(criticalCommunications.orderId, orderId))
      .orderBy(asc(criticalCommunications.seq))
    const controlId = `RO${randomUUID().replaceAll('-', '').slice(0, 18)}`
    const message = build({
      controlId,
      kind,
      at,
      patient: row.patient,
      order: row.order,
      report,
      addenda: addenda.map((a) => ({
        text: a.text,
        author: { userId: a.authorUserId, name: a.authorName },
        at: a.createdAt,
      })),
      communications: communications.map((c) => ({
        recipient: c.recipient,
        role: c.role,
        method: c.method,
        at: c.communicatedAt,
        readBack: c.readBack,
        recordedBy: { userId: c.recordedBy, name: c.recordedByName },
      })),
    })
    const [queued] = await tx
      .insert(hl7Outbox)
      .values({ orderId, kind, controlId, message, destination, nextAttemptAt: at, createdAt: at })
      .returning({ id: hl7Outbox.id })
    await recordAudit(tx, {
      kind: 'hl7_result_queued',
      userId: null,
      orderId,
      detail: { outbox_id: queued?.id ?? null, result: kind, control_id: controlId, destination },
      at,
    })
  }
}

type ReportRow = typeof reports.$inferSelect

/**
 * What a result says of its report, or null when the report is not in the state its kind needs:
 * signed for `final` and `addendum`, awaiting review for `preliminary` (RV-7). A report with a
 * preliminary read names its trainee beside the signer (OBR-33, RV-8).
 */
function resultReport(row: ReportRow, kind: ResultKind): ResultData['report'] | null {
  const trainee =
    row.preliminaryBy !== null && row.preliminaryAt
      ? {
          userId: row.preliminaryBy,
          name: row.preliminaryByName ?? row.preliminaryBy,
          at: row.preliminaryAt,
        }
      : null
  if (kind === 'preliminary') {
    if (row.isFinal || row.preliminaryState !== 'awaiting_review' || !trainee) return null
    return { sections: row, finalizedAt: trainee.at, signer: null, trainee }
  }
  if (!row.isFinal || !row.finalizedAt) return null
  return {
    sections: row,
    finalizedAt: row.finalizedAt,
    signer: {
      userId: row.finalizedBy ?? '',
      name: row.finalizedByName ?? row.finalizedBy ?? '',
    },
    trainee: row.preliminaryState === 'signed' ? trainee : null,
  }
}

export interface LeasedResult {
  id: number
  orderId: string
  kind: ResultKind
  controlId: string
  message: string
  /** host:port fixed when it was queued; null for rows queued before destinations were kept. */
  destination: string | null
  attempts: number
}

/** How the receiver took a result: an application accept, or a commit accept alone (INT-70). */
export type ResultAck = 'AA' | 'CA'

/**
 * Takes the oldest due result whose order has no earlier unacknowledged one, and leases it until
 * `leaseUntil` (counting the attempt); null when none is due.
 */
export async function leaseDueResult(
  db: Database,
  now: Date,
  leaseUntil: Date,
): Promise<LeasedResult | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: hl7Outbox.id })
      .from(hl7Outbox)
      .where(
        and(
          isNull(hl7Outbox.ackedAt),
          sql`${hl7Outbox.nextAttemptAt} <= ${now}`,
          sql`not exists (select 1 from ${hl7Outbox} as "earlier"
            where "earlier"."order_id" = ${hl7Outbox.orderId} and "earlier"."id" < ${hl7Outbox.id}
            and "earlier"."acked_at" is null)`,
        ),
      )
      .orderBy(asc(hl7Outbox.nextAttemptAt), asc(hl7Outbox.id))
      .limit(1)
      .for('update', { skipLocked: true })
    if (!due) return null
    const [leased] = await tx
      .update(hl7Outbox)
      .set({ nextAttemptAt: leaseUntil, attempts: sql`${hl7Outbox.attempts} + 1` })
      .where(eq(hl7Outbox.id, due.id))
      .returning()
    if (!leased) return null
    return {
      id: leased.id,
      orderId: leased.orderId,
      kind: leased.kind,
      controlId: leased.controlId,
      message: leased.message,
      destination: leased.destination,
      attempts: leased.attempts,
    }
  })
}

/**
 * The receiver answered AA, or committed it (CA) without an application acknowledgement: either
 * way the result is never sent again, and the audit event says which (`ack`, INT-70).
 */
export async function markResultAcknowledged(
  db: Database,
  result: LeasedResult,
  ack: ResultAck,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(hl7Outbox)
      .set({ ackedAt: at, lastError: null })
      .where(and(eq(hl7Outbox.id, result.id), isNull(hl7Outbox.ackedAt)))
    await recordAudit(tx, {
      kind: 'hl7_result_acknowledged',
      userId: null,
      orderId: result.orderId,
      detail: { outbox_id: result.id, result: result.kind, attempts: result.attempts, ack },
      at,
    })
  })
}

/** The attempt failed (`error` is a code, never content): tried again at `retryAt`. */
export async function markResultFailed(
  db: Database,
  result: LeasedResult,
  error: string,
  at: Date,
  retryAt: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(hl7Outbox)
      .set({ lastError: error, nextAttemptAt: retryAt })
      .where(and(eq(hl7Outbox.id, result.id), isNull(hl7Outbox.ackedAt)))
    await recordAudit(tx, {
      kind: 'hl7_result_failed',
      userId: null,
      orderId: result.orderId,
      detail: { outbox_id: result.id, result: result.kind, attempt: result.attempts, error },
      at,
    })
  })
}

/** Results not yet acknowledged, oldest first (for tests and operators). */
export async function pendingResults(db: Database) {
  return db
    .select({
      id: hl7Outbox.id,
      orderId: hl7Outbox.orderId,
      kind: hl7Outbox.kind,
      attempts: hl7Outbox.attempts,
      lastError: hl7Outbox.lastError,
      nextAttemptAt: hl7Outbox.nextAttemptAt,
    })
    .from(hl7Outbox)
    .where(isNull(hl7Outbox.ackedAt))
    .orderBy(asc(hl7Outbox.id))
}

/**
 * OPS-10: the outbox's backlog for /metrics: how many results are unacknowledged and when the
 * oldest was queued (null when none). One aggregate over the pending rows (a partial index).
 */
export async function outboxBacklog(
  db: Database,
): Promise<{ pending: number; oldestQueuedAt: Date | null }> {
  // Counts and epochs come back as numbers or numeric text, by driver.
  const [row] = await db
    .select({
      pending: sql<number | string>`count(*)`,
      oldestEpoch: sql<number | string | null>`extract(epoch from min(${hl7Outbox.createdAt}))`,
    })
    .from(hl7Outbox)
    .where(isNull(hl7Outbox.ackedAt))
  const oldest = row?.oldestEpoch ?? null
  return {
    pending: Number(row?.pending ?? 0),
    oldestQueuedAt: oldest === null ? null : new Date(Number(oldest) * 1000),
  }
}

/**
 * OPS-16: a delivery abandoned at shutdown gives its lease back, so the next instance (or this
 * one, restarted) sends it at once instead of waiting for the lease to run out.
 */
export async function releaseResult(db: Database, result: LeasedResult, at: Date): Promise<void> {
  await db
    .update(hl7Outbox)
    .set({ nextAttemptAt: at })
    .where(and(eq(hl7Outbox.id, result.id), isNull(hl7Outbox.ackedAt)))
}
