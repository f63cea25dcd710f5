/**
 * Which open follow-up an arriving order fulfils (FU-18): the same patient (the caller's query),
 * the same exam (modality and body part, each compared in its canonical form, so an order's 'CT'
 * and 'Chest' meet a recommendation's 'CT' and 'chest', and 'MRI' meets 'MR'), ordered on a day
 * inside the window (inclusive, in the department's time zone). Of several, the oldest
 * recommendation first. Pure: no database, no clock.
 */
import { canonicalBodyPart, canonicalModality } from './vocabulary'

/** The calendar day (YYYY-MM-DD) an instant falls on in `timeZone` (DEPARTMENT_TIME_ZONE). */
export function dayIn(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

export interface Exam {
  modality: string
  bodyPart: string
}

/**
 * An exam's words as one comparable key: the vocabulary's codes, else the words as written. An
 * order whose body part says nothing the vocabulary knows ('unspecified', as HL7 reads 'CT
 * THORAX') is read from its study description.
 */
export function examKey(exam: Exam & { studyDescription?: string | undefined }): string {
  const described = exam.studyDescription ?? ''
  const modality =
    canonicalModality(exam.modality) ??
    canonicalModality(described) ??
    exam.modality.trim().toUpperCase()
  const bodyPart =
    canonicalBodyPart(exam.bodyPart) ??
    canonicalBodyPart(described) ??
    exam.bodyPart.trim().toLowerCase()
  return `${modality}|${bodyPart}`
}

export interface OpenFollowUp extends Exam {
  id: string
  dueFrom: string
  dueTo: string
  createdAt: Date
}

export interface ArrivingOrder extends Exam {
  orderedAt: Date
  studyDescription?: string | undefined
}

/** The open follow-ups `order` fulfils, oldest recommendation first (ties by id). */
export function fulfilledBy<T extends OpenFollowUp>(
  order: ArrivingOrder,
  open: readonly T[],
  timeZone: string,
): T[] {
  const key = examKey(order)
  const day = dayIn(order.orderedAt, timeZone)
  return open
    .filter((item) => item.dueFrom <= day && day <= item.dueTo && examKey(item) === key)
    .sort(
      (a, b) =>
        a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
}
