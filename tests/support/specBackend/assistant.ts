/**
 * The spec backend's stand-in for the AI assistant: a patient summary when a study is opened,
 * short canned answers, report edits asked for in plain words ("Update the impression to: …"),
 * and a tidy-up of dictated text. Deterministic, so tests can expect its words.
 */
import type { SeedPatient } from './seed'
import type { OrderRecord, ReportSections } from './state'
import { SECTION_NAMES } from './state'

/** Whole years between a YYYY-MM-DD birth date and `now`. */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [year = 0, month = 1, day = 1] = dateOfBirth.split('-').map(Number)
  let age = now.getFullYear() - year
  if (now.getMonth() + 1 < month || (now.getMonth() + 1 === month && now.getDate() < day)) age -= 1
  return age
}

export function examOf(order: OrderRecord): string {
  return `${order.modality} ${order.body_part}: ${order.study_description}`
}

/** The structured summary content: a JSON string, as spec section 3 describes it. */
export function patientSummaryContent(order: OrderRecord, patient: SeedPatient, now: Date): string {
  const sex = patient.sex === 'unknown' ? 'patient' : patient.sex
  return JSON.stringify({
    patient_summary: `${patient.first_name} ${patient.last_name}, ${String(ageOn(patient.date_of_birth, now))}-year-old ${sex}`,
    exam: examOf(order),
    indication: order.indication,
    data: order.history,
  })
}

export const PATIENT_SUMMARY_META = { type: 'patient_summary', structured: true } as const

export interface ReportEdit {
  section: keyof ReportSections
  text: string
}

const EDIT_PATTERN = new RegExp(
  `^\\s*(?:please\\s+)?(?:update|set|change|replace)\\s+the\\s+(${SECTION_NAMES.join('|')})` +
    `(?:\\s+(?:to|with|as))?\\s*[:,-]?\\s*([\\s\\S]+)$`,
  'i',
)

/** "Update the impression to: No acute findings." asks for a report edit. */
export function reportEditIn(content: string): ReportEdit | null {
  const match = EDIT_PATTERN.exec(content)
  const section = match?.[1]?.toLowerCase() as keyof ReportSections | undefined
  const text = match?.[2]?.trim() ?? ''
  return section && text !== '' ? { section, text } : null
}

/** The assistant's answer to a user message; `edit` is what was done to the report. */
export function replyTo(
  content: string,
  order: OrderRecord,
  edit: { applied: ReportEdit | null; refusedAsFinal: boolean },
): string {
  if (edit.applied) {
    const name = edit.applied.section.charAt(0).toUpperCase() + edit.applied.section.slice(1)
    return `Done: the ${name} section of the report now reads "${edit.applied.text}".`
  }
  if (edit.refusedAsFinal) return 'This report is final, so I cannot change it.'
  const question = content.toLowerCase()
  if (question.includes('indication')) {
    return `The indication for this ${examOf(order)} is: ${order.indication}.`
  }
  if (question.includes('history')) {
    const history = order.history.length > 0 ? order.history.join('; ') : 'none recorded'
    return `Relevant history: ${history}.`
  }
  return `Noted. This study is a ${examOf(order)}; ask me about the indication or history, or say "update the impression to: …".`
}

const SPOKEN_PUNCTUATION: readonly [RegExp, string][] = [
  [/\s*\bperiod\b/gi, '.'],
  [/\s*\bcomma\b/gi, ','],
  [/\s*\bcolon\b/gi, ':'],
  [/\s*\bnew line\b\s*/gi, '\n'],
]

/** Dictated text tidied up: spoken punctuation written, sentences capitalised. */
export function cleanUp(text: string): string {
  let cleaned = text.replace(/\s+/g, ' ').trim()
  for (const [pattern, mark] of SPOKEN_PUNCTUATION) cleaned = cleaned.replace(pattern, mark)
  return cleaned.replace(/(^|[.:]\s+)([a-z])/g, (_all, lead: string, letter: string) => {
    return lead + letter.toUpperCase()
  })
}
