/**
 * What an exchange does to the report: the assistant's sections written over the report as the
 * clinician saw it, or over a new report's starting text (RP-7).
 */
import type { ReportSections } from '../../contract'
import { REPORT_SECTION_KEYS } from '../../contract'
import type { StudyContext } from '../assistant/types'
import type { Queryable } from '../db/client'
import type { ExchangeInput } from './exchange'
import type { SeenReport } from './exchangeStatements'
import { awaitingReview, reviews } from './reviewRules'
import { changedSections, EMPTY_SECTIONS, sectionsOf, writtenByPeople } from './reportHistory'

/**
 * RP-7: the text the editor shows a new report with (ED-5, src/features/report/startingText.ts):
 * HISTORY from the indication, TECHNIQUE from the exam. The assistant's sections are written over
 * it, so dictating into a new report adds to what the clinician saw instead of wiping it.
 */
export function startingSections(order: StudyContext['order']): ReportSections {
  return {
    ...EMPTY_SECTIONS,
    history: order.indication.trim(),
    technique: order.studyDescription.trim(),
  }
}

/** Whether the report holds no text (none at all, or every section blank): a new report. */
function isNew(report: SeenReport | null): boolean {
  return !report || Object.values(report.sections).every((text) => text.trim() === '')
}

/**
 * What the assistant's sections do to `current` (nothing to a final report). A new report's are
 * written over its starting text (RP-7), and the revision names only the sections the assistant
 * changed from what the clinician saw, so 'Undo assistant change' leaves the starting text.
 */
export async function planReport(
  tx: Queryable,
  input: ExchangeInput,
  current: SeenReport | null,
  start: ReportSections,
  version: (previous: SeenReport | null) => Date,
) {
  const sections = input.sections ?? {}
  const changed = REPORT_SECTION_KEYS.filter((key) => sections[key] !== undefined)
  if (changed.length === 0 || current?.is_final) return null
  // RV-2: a trainee's report awaiting review is not theirs to change, by dictation either.
  if (current?.preliminary?.state === 'awaiting_review' && !reviews(input.actor)) {
    throw awaitingReview()
  }
  const stored = sectionsOf(current?.sections)
  const before = isNew(current) ? start : stored
  const after: ReportSections = { ...before }
  for (const key of changed) after[key] = sections[key] ?? ''
  // Only stored text can be a clinician's words; the starting text is the order's.
  const overwritten = changed.filter((key) => after[key] !== stored[key])
  const replaced = await writtenByPeople(tx, input.orderId, stored, overwritten)
  return { changed, replaced, after, revised: changedSections(before, after), at: version(current) }
}
