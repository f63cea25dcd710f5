/**
 * The clinical tables: patients, orders, each order's conversation (one per order, shared by
 * every clinician who reads it; each message records its author), its report with revisions and
 * addenda, and the audit trail.
 */
import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  date,
  index,
  jsonb,
  smallint,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import type { MessageMeta, QaIssueCode, ReportSectionKey } from '../../contract'
import { createdAt } from './schemaColumns'

export const patients = pgTable('patients', {
  id: text('id').primaryKey(),
  mrn: text('mrn').notNull().unique(),
  /** The MRN's assigning authority (PID-3 CX-4) as the RIS sent it; '' when none was named. */
  mrnAuthority: text('mrn_authority').notNull().default(''),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** Null for a patient not yet identified (an emergency admission sends no PID-7). */
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
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
    /** ORC-2/OBR-2 (placer order number) and ORC-3/OBR-3 (filler order number) as the RIS sent them. */
    placerOrderNumber: text('placer_order_number'),
    fillerOrderNumber: text('filler_order_number'),
    /** OBR-4's code and its coding system (OBR-4.1, OBR-4.3), echoed in the result. */
    procedureCode: text('procedure_code'),
    procedureCodingSystem: text('procedure_coding_system'),
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
    /** The DICOM Study Instance UID: the RIS sent it (INT-1) or the archive told it (INT-36). */
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
  /**
   * A trainee's preliminary read (RV-1..RV-6): its state (null: none), who sent it for review and
   * when, the revision holding the text they sent, and an attending's return with its comment.
   * After a co-signature the state is `signed` and the trainee stays named beside the signer.
   */
  preliminaryState: text('preliminary_state', {
    enum: ['awaiting_review', 'returned', 'signed'],
  }),
  preliminaryBy: text('preliminary_by'),
  preliminaryByName: text('preliminary_by_name'),
  preliminaryAt: timestamp('preliminary_at', { withTimezone: true, mode: 'date' }),
  preliminaryRevisionId: text('preliminary_revision_id'),
  returnedBy: text('returned_by'),
  returnedByName: text('returned_by_name'),
  returnedAt: timestamp('returned_at', { withTimezone: true, mode: 'date' }),
  returnComment: text('return_comment'),
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
      enum: [
        'save',
        'assistant',
        'finalize',
        'addendum',
        'undo',
        'restore',
        'preliminary',
        'returned',
      ],
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
