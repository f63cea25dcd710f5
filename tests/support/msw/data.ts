/**
 * Data builders: valid contract entities with readable defaults, overridable field by field, so
 * a test names only what it is about.
 */
import type { Message, Order, Patient, Report, ReportSections } from '../../../contract'

let sequence = 0
const nextId = (prefix: string) => `${prefix}${String(++sequence)}`

/** A fixed instant, so timestamps in answers are stable across runs. */
export const FIXED_TIME = '2025-03-04T15:05:00.000Z'

export function buildPatient(overrides: Partial<Patient> = {}): Patient {
  return {
    id: nextId('P'),
    first_name: 'Ada',
    last_name: 'Lovelace',
    date_of_birth: '1960-05-17',
    sex: 'female',
    ...overrides,
  }
}

export function buildSections(overrides: Partial<ReportSections> = {}): ReportSections {
  return { history: '', technique: '', comparison: '', findings: '', impression: '', ...overrides }
}

export function buildReport(overrides: Partial<Report> = {}): Report {
  return {
    sections: buildSections(),
    is_final: false,
    updated_at: FIXED_TIME,
    finalized_at: null,
    ...overrides,
  }
}

export function buildOrder(overrides: Partial<Order> = {}): Order {
  const patient =
    overrides.patient ?? buildPatient(overrides.patient_id ? { id: overrides.patient_id } : {})
  return {
    id: nextId('O'),
    patient_id: patient.id,
    status: 'scheduled',
    modality: 'CT',
    body_part: 'Chest',
    study_description: 'CT chest with contrast',
    priority: 'routine',
    accession_number: `ACC-${String(1000 + sequence)}`,
    indication: 'Persistent cough',
    ordered_at: FIXED_TIME,
    report: null,
    ...overrides,
    patient,
  }
}

export function buildMessage(overrides: Partial<Message> & Pick<Message, 'order_id'>): Message {
  return {
    id: nextId('M'),
    user_id: 'U1',
    role: 'assistant',
    content: 'The lungs are clear.',
    input_type: 'text',
    created_at: FIXED_TIME,
    rating: null,
    meta_data: null,
    ...overrides,
  }
}
