/** Database rows -> contract shapes. The only place that knows both. */
import type { InferSelectModel } from 'drizzle-orm'
import type { Message, Order, Patient, Report } from '../../src/services/api/contract'
import type { messages, orders, patients, reports } from '../db/schema'

export type PatientRow = InferSelectModel<typeof patients>
export type OrderRow = InferSelectModel<typeof orders>
export type MessageRow = InferSelectModel<typeof messages>
export type ReportRow = InferSelectModel<typeof reports>

export function toPatient(row: PatientRow): Patient {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    date_of_birth: row.dateOfBirth,
    sex: row.sex,
  }
}

export function toReport(row: ReportRow): Report {
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
  }
}

export function toOrder(order: OrderRow, patient: PatientRow, report: ReportRow | null): Order {
  return {
    id: order.id,
    patient_id: order.patientId,
    status: order.status,
    modality: order.modality,
    body_part: order.bodyPart,
    study_description: order.studyDescription,
    priority: order.priority,
    accession_number: order.accessionNumber,
    indication: order.indication,
    ordered_at: order.orderedAt.toISOString(),
    patient: toPatient(patient),
    report: report ? toReport(report) : null,
  }
}

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
  }
}
