/**
 * The department's tables: list versions for the cached worklist, claims and the live worklist's
 * events, the HL7 interfaces' inbound log and outbox, macros, and critical result communications.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { CommunicationMethod } from '../../contract'
import { createdAt } from './schemaColumns'
import { orders } from './clinicalSchema'

/**
 * A version per list answer, bumped by triggers at the commit of every transaction that changes
 * what the list holds (migration 0005): a server instance serves its cached worklist while the
 * version it was built at is still the database's, whichever instance wrote.
 */
export const listVersions = pgTable('list_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})

/**
 * Who is reading a study (CLM-1): one lease per order, held by one clinician, renewed while the
 * study is open and ended by closing it, signing out, a take-over, or `expires_at` passing. An
 * expired lease is no claim (every read asks `expires_at > now()`); the sweeper deletes it soon
 * after, which tells every worklist.
 */
export const orderClaims = pgTable(
  'order_claims',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    /** The holder's display name when they claimed it. */
    userName: text('user_name').notNull(),
    since: timestamp('since', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('order_claims_user_idx').on(t.userId),
    index('order_claims_expiry_idx').on(t.expiresAt),
  ],
)

/**
 * What happened to orders, for the live worklist (GET /events): written by triggers on every
 * table an order is made of, so no write path can forget it (migration 0006). `version` is the
 * worklist version of the transaction that wrote it, stamped at its commit under the version's
 * row lock: versions follow commit order, so a reader that has seen version V has seen every
 * event at or below V.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    version: bigint('version', { mode: 'number' }),
    tx: bigint('tx', { mode: 'number' }).notNull(),
    orderId: text('order_id').notNull(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_events_version_idx').on(t.version, t.seq),
    index('order_events_unstamped_idx')
      .on(t.tx)
      .where(sql`"version" is null`),
  ],
)

/**
 * HL7 v2 messages received over MLLP (INT-3): one row per sender and message control id
 * (MSH-3/MSH-4 and MSH-10), written in the transaction that applied it, so a resend is answered
 * with the acknowledgement it had and changes nothing. Holds no clinical text.
 */
export const hl7Inbound = pgTable(
  'hl7_inbound',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** MSH-3 and MSH-4 of the sender, joined by '|'. */
    sender: text('sender').notNull(),
    controlId: text('control_id').notNull(),
    /** MSH-9, e.g. ORM^O01. */
    messageType: text('message_type').notNull(),
    accessionNumber: text('accession_number'),
    /** The acknowledgement code answered (AA, AE or AR) and, for AE/AR, what was wrong. */
    ackCode: text('ack_code').notNull(),
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    uniqueIndex('hl7_inbound_sender_control_idx').on(t.sender, t.controlId),
    index('hl7_inbound_accession_idx').on(t.accessionNumber),
  ],
)

/**
 * Results waiting to leave (INT-13): written in the transaction that signs a report or appends
 * an addendum, delivered in `id` order per order by whichever server instance takes the row
 * (`FOR UPDATE SKIP LOCKED`), retried with backoff until the receiver acknowledges it with AA,
 * and never sent again once acknowledged.
 */
export const hl7Outbox = pgTable(
  'hl7_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** 'final' (OBR-25 F), 'addendum' (OBR-25 C) or 'preliminary' (OBR-25 P, RV-7). */
    kind: text('kind', { enum: ['final', 'addendum', 'preliminary'] }).notNull(),
    /** MSH-10 of the message, unique, so a receiver can tell a retry from a new result. */
    controlId: text('control_id').notNull().unique(),
    /** The whole message, built when the report was signed. */
    message: text('message').notNull(),
    /**
     * Where it goes (host:port), fixed when it is queued: an instance with another HL7_SEND_TO
     * delivers it there all the same. Null only for rows queued before destinations were kept.
     */
    destination: text('destination'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** Why the last attempt failed (no clinical text): refused, timed out, AE with its code. */
    lastError: text('last_error'),
    ackedAt: timestamp('acked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('hl7_outbox_pending_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`"acked_at" is null`),
    index('hl7_outbox_order_idx').on(t.orderId, t.id),
  ],
)

/**
 * Each clinician's own AutoText (MAC-1): a name typed in a report and replaced by its text.
 * `user_id` is the session's user (local or Descope), not a reference to `users`. A name is
 * unique per clinician whatever its letter case (the unique index on lower(name)).
 */
export const macros = pgTable(
  'macros',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('macros_user_name_idx').on(t.userId, sql`lower(${t.name})`)],
)

/**
 * Critical results (CR-1): each time a clinician tells a referrer of a critical finding, who
 * they told, how, when, and whether it was read back. Part of the signed report (its answer, the
 * HL7 result, the FHIR DiagnosticReport); never changed (migration 0009) and never deleted, not even
 * with an unsigned draft (CR-12, migration 0012). Oldest first by `seq`.
 */
export const criticalCommunications = pgTable(
  'critical_communications',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    role: text('role').notNull(),
    method: text('method').$type<CommunicationMethod>().notNull(),
    communicatedAt: timestamp('communicated_at', { withTimezone: true, mode: 'date' }).notNull(),
    readBack: boolean('read_back').notNull(),
    recordedBy: text('recorded_by').notNull(),
    recordedByName: text('recorded_by_name').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [index('critical_communications_order_idx').on(t.orderId, t.seq)],
)
