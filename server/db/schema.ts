/**
 * Drizzle schema. One conversation per order (shared by every clinician who reads it); each
 * message records its author. Timestamps are timestamptz; ids are opaque text.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  smallint,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type {
  CommunicationMethod,
  MessageMeta,
  QaIssueCode,
  ReportSectionKey,
} from '../../contract'

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()

export const patients = pgTable('patients', {
  id: text('id').primaryKey(),
  mrn: text('mrn').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  sex: text('sex', { enum: ['female', 'male', 'other', 'unknown'] }).notNull(),
  /** Clinical history items, most relevant first. */
  history: jsonb('history').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
})

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /** Insertion order: the server's order for lists (ties in priority keep it). */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    patientId: text('patient_id')
      .notNull()
      .references(() => patients.id),
    status: text('status').notNull(),
    /** The status the order had before anyone worked on it; clearing a conversation restores it. */
    originalStatus: text('original_status').notNull(),
    modality: text('modality').notNull(),
    bodyPart: text('body_part').notNull(),
    studyDescription: text('study_description').notNull(),
    priority: text('priority', { enum: ['stat', 'urgent', 'routine'] }).notNull(),
    accessionNumber: text('accession_number').notNull().unique(),
    indication: text('indication').notNull().default(''),
    orderedAt: timestamp('ordered_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Latest version of a report deleted by clearing the conversation; later reports pass it. */
    reportVersionFloor: timestamp('report_version_floor', { withTimezone: true, mode: 'date' }),
    /** The worklist's order of priorities: stat 0, urgent 1, routine 2 (pages are keyed by it). */
    priorityRank: smallint('priority_rank')
      .notNull()
      .generatedAlwaysAs(sql`case "priority" when 'stat' then 0 when 'urgent' then 1 else 2 end`),
    /**
     * When the order's report was signed (null while it has no signed report): the report's
     * `finalized_at`, kept here by a trigger on reports (migration 0005) so the worklist's bound
     * (not signed, or signed lately) is read from one table's indexes.
     */
    finalizedAt: timestamp('finalized_at', { withTimezone: true, mode: 'date' }),
    /** The DICOM Study Instance UID, when the RIS sent it or the archive told it (issue 17). */
    studyInstanceUid: text('study_instance_uid'),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_patient_idx').on(t.patientId),
    // Worklist pages: the unsigned orders in the worklist's order, and the signed ones by when.
    index('orders_unsigned_page_idx')
      .on(t.priorityRank, t.orderedAt, t.seq)
      .where(sql`"finalized_at" is null`),
    index('orders_signed_idx')
      .on(t.finalizedAt)
      .where(sql`"finalized_at" is not null`),
    // Searches look at every order, in the same order.
    index('orders_page_idx').on(t.priorityRank, t.orderedAt, t.seq),
  ],
)

export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    inputType: text('input_type', { enum: ['text', 'voice'] })
      .notNull()
      .default('text'),
    rating: text('rating', { enum: ['up', 'down'] }),
    metaData: jsonb('meta_data').$type<MessageMeta>(),
    /** The display name of the user who wrote a user message, as it was when they wrote it. */
    authorName: text('author_name'),
    createdAt: createdAt(),
  },
  (t) => [index('messages_order_idx').on(t.orderId, t.seq)],
)

export const reports = pgTable('reports', {
  orderId: text('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  history: text('history').notNull().default(''),
  technique: text('technique').notNull().default(''),
  comparison: text('comparison').notNull().default(''),
  findings: text('findings').notNull().default(''),
  impression: text('impression').notNull().default(''),
  isFinal: boolean('is_final').notNull().default(false),
  finalizedAt: timestamp('finalized_at', { withTimezone: true, mode: 'date' }),
  finalizedBy: text('finalized_by'),
  /** The signer's display name when they signed. */
  finalizedByName: text('finalized_by_name'),
  /** Pre-sign check issues signed over (FIN): the signer's reason and the codes it covered. */
  qaOverrideReason: text('qa_override_reason'),
  qaOverrideCodes: jsonb('qa_override_codes').$type<QaIssueCode[]>(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})

/**
 * Every write of a report, appended in the transaction of the write and never changed: the five
 * sections as they stood after it, who wrote them, why, and which sections differ from the
 * revision before. Newest first by `seq`.
 */
export const reportRevisions = pgTable(
  'report_revisions',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    history: text('history').notNull(),
    technique: text('technique').notNull(),
    comparison: text('comparison').notNull(),
    findings: text('findings').notNull(),
    impression: text('impression').notNull(),
    authorKind: text('author_kind', { enum: ['user', 'assistant'] }).notNull(),
    authorUserId: text('author_user_id'),
    authorName: text('author_name'),
    cause: text('cause', {
      enum: ['save', 'assistant', 'finalize', 'addendum', 'undo', 'restore'],
    }).notNull(),
    sectionsChanged: jsonb('sections_changed').$type<ReportSectionKey[]>().notNull(),
    /** A `finalize` revision's pre-sign check override, as on the report. */
    qaOverrideReason: text('qa_override_reason'),
    qaOverrideCodes: jsonb('qa_override_codes').$type<QaIssueCode[]>(),
    createdAt: createdAt(),
  },
  (t) => [index('report_revisions_order_idx').on(t.orderId, t.seq)],
)

/** Addenda to a final report: appended, never changed. Oldest first by `seq`. */
export const reportAddenda = pgTable(
  'report_addenda',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    authorUserId: text('author_user_id').notNull(),
    authorName: text('author_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('report_addenda_order_idx').on(t.orderId, t.seq)],
)

/**
 * Who did what, when, to which study, from where: append-only (a migration makes the database
 * refuse UPDATE, DELETE and TRUNCATE). Never clinical text, never a token; `detail` holds only
 * codes (section keys, a rating, a cause). No foreign keys: the trail outlives what it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    userId: text('user_id'),
    orderId: text('order_id'),
    address: text('address'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_order_idx').on(t.orderId, t.seq),
    index('audit_events_user_idx').on(t.userId, t.seq),
    index('audit_events_created_idx').on(t.createdAt),
  ],
)

// ---- local identity ------------------------------------------------------------------------

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  /** Lower-cased e-mail address. */
  loginId: text('login_id').notNull().unique(),
  email: text('email').notNull(),
  name: text('name').notNull().default(''),
  /** scrypt$N$r$p$salt$hash, base64 parts. */
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
})

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** The token's `jti`. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** The jti that replaced this one on rotation. */
    replacedBy: text('replaced_by'),
    /**
     * The sign-in this token descends from: the id of the chain's first token, shared by every
     * token rotation issued after it. Session tokens carry it (`sid`), so ending the family ends
     * them too.
     */
    familyId: text('family_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
)

/** Counters in fixed windows per key, for the sign-in, sign-up and write limits (server/db/windowCounters.ts). */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
})

/** Server-wide secrets and settings that must survive a restart (the JWT signing key). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

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
 * Who is reading a study (issue 16): one lease per order, held by one clinician, renewed while the
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
 * HL7 v2 messages received over MLLP (issue 17): one row per sender and message control id
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
 * Results waiting to leave (issue 17): written in the transaction that signs a report or appends
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
    /** 'final' (OBR-25 F) or 'addendum' (OBR-25 C). */
    kind: text('kind', { enum: ['final', 'addendum'] }).notNull(),
    /** MSH-10 of the message, unique, so a receiver can tell a retry from a new result. */
    controlId: text('control_id').notNull().unique(),
    /** The whole message, built when the report was signed. */
    message: text('message').notNull(),
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
 * Each clinician's own AutoText (issue 18): a name typed in a report and replaced by its text.
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
 * Critical results (issue 18): each time a clinician tells a referrer of a critical finding, who
 * they told, how, when, and whether it was read back. Part of the signed report (its answer, the
 * HL7 result, the FHIR DiagnosticReport); never changed (migration 0009), removed only with the
 * report when a conversation is cleared. Oldest first by `seq`.
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
