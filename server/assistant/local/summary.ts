/**
 * The structured patient summary and the phrases built from order and patient data. Everything
 * here is read from the study; nothing is inferred.
 */
import type { PatientSummary } from '../../../contract'
import type { StudyContext } from '../types'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A UTC calendar date from YYYY-MM-DD, or null when it is not a real date. */
function calendarDate(text: string): { y: number; m: number; d: number } | null {
  const match = ISO_DATE.exec(text.trim())
  if (!match) return null
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const probe = new Date(Date.UTC(y, m - 1, d))
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) {
    return null
  }
  return { y, m, d }
}

/**
 * Age in whole years on `now`'s UTC calendar date: a birthday not yet reached this year counts
 * one less (someone born on 29 February turns a year older on 1 March in other years). Null for
 * an unreadable or future date of birth.
 */
export function ageInYears(dateOfBirth: string, now: Date): number | null {
  const birth = calendarDate(dateOfBirth)
  if (!birth) return null
  const [y, m, d] = [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()]
  if (y * 10_000 + m * 100 + d < birth.y * 10_000 + birth.m * 100 + birth.d) return null
  const beforeBirthday = m < birth.m || (m === birth.m && d < birth.d)
  return y - birth.y - (beforeBirthday ? 1 : 0)
}

/**
 * "67-year-old"; under one year, whole months ("5-month-old") and then days ("12-day-old"),
 * because "0-year-old" says nothing useful about an infant.
 */
function ageLabel(dateOfBirth: string | null, now: Date): string | null {
  if (dateOfBirth === null) return null
  const years = ageInYears(dateOfBirth, now)
  if (years === null) return null
  if (years >= 1) return `${years}-year-old`
  const birth = calendarDate(dateOfBirth)
  if (!birth) return null
  const [y, m, d] = [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()]
  const months = (y - birth.y) * 12 + (m - birth.m) - (d < birth.d ? 1 : 0)
  if (months >= 1) return `${months}-month-old`
  const days = Math.round(
    (Date.UTC(y, m - 1, d) - Date.UTC(birth.y, birth.m - 1, birth.d)) / 86_400_000,
  )
  return `${days}-day-old`
}

export function fullName(patient: StudyContext['patient']): string {
  const name = `${patient.firstName.trim()} ${patient.lastName.trim()}`.trim()
  return name === '' ? 'Unnamed patient' : name
}

/** "Jane Doe, 67-year-old female"; sexes other than female/male are stated, not guessed. */
export function describePatient(patient: StudyContext['patient'], now: Date): string {
  const age = ageLabel(patient.dateOfBirth, now)
  const name = fullName(patient)
  if (patient.sex === 'female' || patient.sex === 'male') {
    return age ? `${name}, ${age} ${patient.sex}` : `${name}, ${patient.sex}, age unknown`
  }
  const sex = patient.sex === 'other' ? 'sex: other' : 'sex unknown'
  return age ? `${name}, ${age} patient (${sex})` : `${name}, age unknown (${sex})`
}

export function priorityLabel(priority: StudyContext['order']['priority']): string {
  return priority === 'stat' ? 'STAT' : priority
}

/** "CT Chest with contrast (CT, chest) — accession ACC123, priority STAT". */
export function describeExam(order: StudyContext['order']): string {
  const modality = order.modality.trim()
  const bodyPart = order.bodyPart.trim().toLowerCase()
  const description = order.studyDescription.trim()
  const kind = [modality, bodyPart].filter((part) => part !== '').join(', ')
  const name = description === '' ? `${modality} ${bodyPart}`.trim() : `${description} (${kind})`
  return `${name} — accession ${order.accessionNumber.trim()}, priority ${priorityLabel(order.priority)}`
}

export function indicationOf(order: StudyContext['order']): string | null {
  const indication = order.indication.trim()
  return indication === '' ? null : indication
}

export function historyOf(patient: StudyContext['patient']): string[] {
  return patient.history.map((item) => item.trim()).filter((item) => item !== '')
}

export function summarizeStudy(study: StudyContext, now: Date): PatientSummary {
  return {
    patient_summary: describePatient(study.patient, now),
    exam: describeExam(study.order),
    indication: indicationOf(study.order) ?? 'Not provided',
    data: historyOf(study.patient),
  }
}
