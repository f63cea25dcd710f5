/**
 * Each received HL7 message in one transaction (INT-3): recorded in `hl7_inbound` by sender and
 * control id with the answer it got, so a resend is answered as the first time and changes
 * nothing. A message refused while being applied leaves nothing behind but its record.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Database, Tx } from '../db/client'
import { hl7Inbound } from '../db/schema'
import type { AppliedMessage, Hl7Issue, MessageHeader } from '../domain/hl7'

/** Refuses the transaction's writes with these issues (rolled back, then recorded alone). */
export class Refusal extends Error {
  constructor(readonly issues: Hl7Issue[]) {
    super('refused')
  }
}

/** A transaction-scoped lock on a name: the second holder waits for the first's commit. */
export const lockName = (tx: Tx, name: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`)

/**
 * Claims a control id for this transaction by recording the message with its answer; the
 * record of a message sent before is answered instead (INT-3). One statement: a parallel resend
 * waits on the unique index until the first commits (or rolls back and leaves it to the resend).
 */
async function claim(
  tx: Tx,
  header: MessageHeader,
  accession: string | null,
  answer: Omit<AppliedMessage, 'replayed'>,
): Promise<AppliedMessage> {
  const [claimed] = await tx
    .insert(hl7Inbound)
    .values({
      sender: header.sender,
      controlId: header.controlId,
      messageType: header.type,
      accessionNumber: accession,
      ackCode: answer.ackCode,
      // The issues name fields and codes only, never a value of the message.
      error: answer.issues.length > 0 ? JSON.stringify(answer.issues) : null,
    })
    .onConflictDoNothing({ target: [hl7Inbound.sender, hl7Inbound.controlId] })
    .returning({ id: hl7Inbound.id })
  if (claimed) return { ...answer, replayed: false }
  const [seen] = await tx
    .select({ ackCode: hl7Inbound.ackCode, error: hl7Inbound.error })
    .from(hl7Inbound)
    .where(and(eq(hl7Inbound.sender, header.sender), eq(hl7Inbound.controlId, header.controlId)))
  if (!seen) throw new Error('message record vanished under its conflict')
  return {
    ackCode: seen.ackCode as AppliedMessage['ackCode'],
    issues: seen.error ? (JSON.parse(seen.error) as Hl7Issue[]) : [],
    replayed: true,
  }
}

/** Records a message refused before any write (AR, or AE found while reading it). */
export async function recordRefusedMessage(
  db: Database,
  header: MessageHeader,
  answer: { ackCode: 'AE' | 'AR'; issues: Hl7Issue[] },
): Promise<AppliedMessage> {
  return db.transaction((tx) => claim(tx, header, null, answer))
}

/**
 * Applies a message once: `apply` runs in the transaction that records it (AA), unless this
 * control id was seen before; a Refusal it throws rolls its writes back and records AE.
 */
export async function applyOnce(
  db: Database,
  header: MessageHeader,
  accession: string | null,
  apply: (tx: Tx) => Promise<void>,
): Promise<AppliedMessage> {
  try {
    return await db.transaction(async (tx) => {
      // Recorded as applied first: a Refusal rolls the record back with the rest.
      const answer = await claim(tx, header, accession, { ackCode: 'AA', issues: [] })
      if (!answer.replayed) await apply(tx)
      return answer
    })
  } catch (error) {
    if (!(error instanceof Refusal)) throw error
    return recordRefusedMessage(db, header, { ackCode: 'AE', issues: error.issues })
  }
}
