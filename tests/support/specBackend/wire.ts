/**
 * How the spec backend writes its records as JSON, per variant (variants.ts). The fields are
 * spec section 3's; `minimal: false` adds what a hospital system typically sends besides.
 */
import type { SeedPatient } from './seed'
import type { MessageRecord, OrderRecord, ReportRecord, SpecBackendState } from './state'
import { patientOf } from './state'
import {
  putMetaData,
  putRating,
  wireId,
  wireSex,
  wireTimestamp,
  type Json,
  type JsonObject,
  type SpecBackendVariants,
} from './variants'

export const ID_PREFIX = { patient: 'p', order: 'o', message: 'm', user: 'u' } as const

export function patientJson(variants: SpecBackendVariants, patient: SeedPatient): JsonObject {
  const json: JsonObject = {
    id: wireId(variants, ID_PREFIX.patient, patient.id),
    first_name: patient.first_name,
    last_name: patient.last_name,
    date_of_birth: patient.date_of_birth,
    sex: wireSex(variants, patient.sex, patient.sexText),
  }
  if (!variants.minimal) {
    json.mrn = patient.mrn
    json.full_name = `${patient.first_name} ${patient.last_name}`
  }
  return json
}

export function reportJson(variants: SpecBackendVariants, report: ReportRecord): JsonObject {
  const json: JsonObject = { sections: { ...report.sections }, is_final: report.isFinal }
  if (!variants.minimal) {
    json.updated_at = wireTimestamp(variants, report.updatedAt)
    json.finalized_at = report.finalizedAt ? wireTimestamp(variants, report.finalizedAt) : null
  }
  return json
}

export function orderJson(state: SpecBackendState, order: OrderRecord): JsonObject | null {
  const { variants } = state
  const patient = patientOf(state, order)
  if (!patient) return null
  const report = state.reports.get(order.id)
  const json: JsonObject = {}
  if (!order.idless) json.id = wireId(variants, ID_PREFIX.order, order.id)
  Object.assign(json, {
    patient_id: wireId(variants, ID_PREFIX.patient, order.patient_id),
    status: order.status,
    modality: order.modality,
    body_part: order.body_part,
    study_description: order.study_description,
    priority: order.priority,
    accession_number: order.accession_number,
    patient: patientJson(variants, patient),
    report: report ? reportJson(variants, report) : null,
  })
  if (!variants.minimal) {
    Object.assign(json, {
      indication: order.indication,
      clinical_history: order.history,
      referring_physician: order.referring_physician,
      ordered_at: wireTimestamp(variants, order.orderedAt),
      updated_at: wireTimestamp(variants, order.orderedAt),
    })
  }
  return json
}

export function messageJson(state: SpecBackendState, message: MessageRecord): JsonObject {
  const { variants } = state
  const json: JsonObject = {
    id: wireId(variants, ID_PREFIX.message, message.id),
    order_id: wireId(variants, ID_PREFIX.order, message.orderId),
    user_id: message.userId === null ? null : wireId(variants, ID_PREFIX.user, message.userId),
    role: message.role,
    content: message.content,
    input_type: message.inputType,
    created_at: wireTimestamp(variants, message.createdAt),
  }
  putRating(variants, json, message.rating)
  putMetaData(variants, json, message.metaData)
  return json
}

/** What PUT report and POST finalize answer in this variant; undefined means 204. */
export function reportWriteJson(
  variants: SpecBackendVariants,
  report: ReportRecord,
): Json | undefined {
  switch (variants.reportWriteAnswer) {
    case 'report':
      return reportJson(variants, report)
    case 'success':
      return { success: true }
    case 'empty':
      return undefined
  }
}
