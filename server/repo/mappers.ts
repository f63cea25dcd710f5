/** Database rows -> contract shapes. The only place that knows both. */
import { sql, type InferSelectModel } from 'drizzle-orm'
import type {
  Addendum,
  Communication,
  Message,
  Order,
  Patient,
  Report,
  ReportSections,
} from '../../contract'
import { isoTimestamp } from '../db/prepared'
import {
  criticalCommunications,
  orderClaims,
  orders,
  patients,
  reportAddenda,
  reports,
  type messages,
} from '../db/schema'
import { preliminaryJson, toPreliminary } from './preliminary'

export type PatientRow = InferSelectModel<typeof patients>
export type OrderRow = InferSelectModel<typeof orders>
export type MessageRow = InferSelectModel<typeof messages>
export type ReportRow = InferSelectModel<typeof reports>

/** The patient columns a `Patient` is made of: lists select these and nothing else. */
export const patientColumns = {
  id: patients.id,
  firstName: patients.firstName,
  lastName: patients.lastName,
  dateOfBirth: patients.dateOfBirth,
  sex: patients.sex,
}

export function toPatient(row: Pick<PatientRow, keyof typeof patientColumns>): Patient {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    date_of_birth: row.dateOfBirth,
    sex: row.sex,
  }
}

/**
 * A report with its addenda (oldest first; only a final report has any), the critical results
 * communicated for its order (oldest first), the pre-sign check issues its signer overrode, and
 * its preliminary read (RV-3), whose sections are those of the revision sent for review.
 */
export function toReport(
  row: ReportRow,
  addenda: Addendum[],
  communications: Communication[] = [],
  preliminarySections: ReportSections | null = null,
): Report {
  return {
    sections: {
      history: row.history,
      technique: row.technique,
      comparison: row.comparison,
      findings: row.findings,
      impression: row.impression,
    },
    is_final: row.isFinal,
    updated_at: row.updatedAt.toISOString(),
    finalized_at: row.finalizedAt ? row.finalizedAt.toISOString() : null,
    finalized_by:
      row.isFinal && row.finalizedBy
        ? { user_id: row.finalizedBy, name: row.finalizedByName ?? row.finalizedBy }
        : null,
    addenda,
    communications,
    qa_override:
      row.qaOverrideReason !== null && row.qaOverrideCodes !== null
        ? { reason: row.qaOverrideReason, codes: row.qaOverrideCodes }
        : null,
    preliminary: toPreliminary(row, preliminarySections),
  }
}

export type CommunicationRow = InferSelectModel<typeof criticalCommunications>

export function toCommunication(row: CommunicationRow): Communication {
  return {
    id: row.id,
    recipient: row.recipient,
    role: row.role,
    method: row.method,
    communicated_at: row.communicatedAt.toISOString(),
    read_back: row.readBack,
    recorded_by: { user_id: row.recordedBy, name: row.recordedByName },
    recorded_at: row.recordedAt.toISOString(),
  }
}

/** `toCommunication` in SQL: the communications of the row's order, oldest first. */
const communicationsJson = sql`coalesce((select json_agg(json_build_object(
    'id', ${criticalCommunications.id},
    'recipient', ${criticalCommunications.recipient},
    'role', ${criticalCommunications.role},
    'method', ${criticalCommunications.method},
    'communicated_at', ${isoTimestamp(criticalCommunications.communicatedAt)},
    'read_back', ${criticalCommunications.readBack},
    'recorded_by', json_build_object(
      'user_id', ${criticalCommunications.recordedBy},
      'name', ${criticalCommunications.recordedByName}
    ),
    'recorded_at', ${isoTimestamp(criticalCommunications.recordedAt)}
  ) order by ${criticalCommunications.seq}) from ${criticalCommunications}
  where ${criticalCommunications.orderId} = ${orders.id}), '[]'::json)`

/** `toAddendum` in SQL: the addenda of the row's order, oldest first (only final reports have any). */
const addendaJson = sql`coalesce((select json_agg(json_build_object(
    'id', ${reportAddenda.id},
    'text', ${reportAddenda.text},
    'author', json_build_object(
      'user_id', ${reportAddenda.authorUserId},
      'name', ${reportAddenda.authorName}
    ),
    'created_at', ${isoTimestamp(reportAddenda.createdAt)}
  ) order by ${reportAddenda.seq}) from ${reportAddenda}
  where ${reportAddenda.orderId} = ${orders.id}), '[]'::json)`

/**
 * Who holds the order's claim (null: nobody). An expired claim shows until the sweeper deletes it
 * (seconds): the list stays a function of the tables, so its cache per version stays true.
 */
const claimedByJson = sql`(select json_build_object(
    'user_id', ${orderClaims.userId},
    'name', ${orderClaims.userName},
    'since', ${isoTimestamp(orderClaims.since)}
  ) from ${orderClaims} where ${orderClaims.orderId} = ${orders.id})`

/**
 * An order as the contract's `Order`, built by the database: one JSON object per row of orders
 * joined with its patient and left-joined with its report, for the worklist, its pages and the
 * single order alike. For 10k orders, the database building the JSON takes about a third of the
 * time Drizzle takes to hand over and map the same rows as columns (half of a select of just these
 * columns). Keys and values are exactly those of the row mappers above (`toPatient`, `toReport`,
 * which the report writes answer with): tests/server/lists.test.ts compares them byte for byte, on
 * PGlite and PostgreSQL; routes still check answers against the contract. Both servers write a
 * `date` in JSON as YYYY-MM-DD whatever their DateStyle, and `to_char` truncates microseconds as
 * `Date` does.
 */
export const orderJson = sql<Order>`json_build_object(
  'id', ${orders.id},
  'patient_id', ${orders.patientId},
  'status', ${orders.status},
  'modality', ${orders.modality},
  'body_part', ${orders.bodyPart},
  'study_description', ${orders.studyDescription},
  'priority', ${orders.priority},
  'accession_number', ${orders.accessionNumber},
  'indication', ${orders.indication},
  'ordered_at', ${isoTimestamp(orders.orderedAt)},
  'patient', json_build_object(
    'id', ${patients.id},
    'first_name', ${patients.firstName},
    'last_name', ${patients.lastName},
    'date_of_birth', ${patients.dateOfBirth},
    'sex', ${patients.sex}
  ),
  'report', case when ${reports.orderId} is null then null else json_build_object(
    'sections', json_build_object(
      'history', ${reports.history},
      'technique', ${reports.technique},
      'comparison', ${reports.comparison},
      'findings', ${reports.findings},
      'impression', ${reports.impression}
    ),
    'is_final', ${reports.isFinal},
    'updated_at', ${isoTimestamp(reports.updatedAt)},
    'finalized_at', ${isoTimestamp(reports.finalizedAt)},
    'finalized_by', case when ${reports.isFinal} and ${reports.finalizedBy} is not null
      then json_build_object(
        'user_id', ${reports.finalizedBy},
        'name', coalesce(${reports.finalizedByName}, ${reports.finalizedBy})
      ) else null end,
    'addenda', case when ${reports.isFinal} then ${addendaJson} else '[]'::json end,
    'communications', ${communicationsJson},
    'qa_override', case when ${reports.qaOverrideReason} is not null
      and ${reports.qaOverrideCodes} is not null
      then json_build_object('reason', ${reports.qaOverrideReason}, 'codes', ${reports.qaOverrideCodes})
      else null end,
    'preliminary', ${preliminaryJson}
  ) end,
  'claimed_by', ${claimedByJson},
  'study_instance_uid', ${orders.studyInstanceUid}
)`

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    order_id: row.orderId,
    user_id: row.userId,
    role: row.role,
    content: row.content,
    input_type: row.inputType,
    created_at: row.createdAt.toISOString(),
    rating: row.rating,
    meta_data: row.metaData ?? null,
    author_name: row.role === 'user' ? (row.authorName ?? row.userId) : null,
  }
}
