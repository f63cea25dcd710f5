/**
 * ED-5..ED-9: a new report (the server holds no report text and the clinician has no draft)
 * starts with HISTORY from the order's indication and TECHNIQUE from its exam description, as
 * text the clinician edits like any other. It is only shown until then: nothing is saved, the
 * report still counts as empty (Finalize stays disabled, the template picker's sections take a
 * template's text without asking) and the first edit starts the draft from it, which is saved as
 * every draft is. An order without an indication (the product spec's orders have none) starts
 * with TECHNIQUE only.
 */
import type { ListedOrder, Order, ReportSections } from '../../../services/api/model'
import { EMPTY_SECTIONS } from './reconcile'

/** What the report starts from: undefined when the server's report holds text (it is shown). */
export function startingSections(
  order: Pick<ListedOrder, 'report' | 'study_description'> & Pick<Order, 'indication'>,
): ReportSections | undefined {
  const server = order.report?.sections ?? EMPTY_SECTIONS
  if (order.report?.is_final || Object.values(server).some((text) => text.trim() !== '')) {
    return undefined
  }
  return {
    ...EMPTY_SECTIONS,
    history: order.indication?.trim() ?? '',
    technique: order.study_description.trim(),
  }
}

/**
 * The sections a template may fill without asking: `current` with each section it fills that
 * still holds exactly its starting text made empty (TPL-4 then writes the template's text there).
 */
export function withoutUntouchedStart(
  current: ReportSections,
  start: ReportSections | undefined,
  template: Partial<ReportSections>,
): ReportSections {
  if (!start) return current
  const next = { ...current }
  for (const key of Object.keys(template) as (keyof ReportSections)[]) {
    if ((template[key] ?? '').trim() !== '' && next[key] === start[key]) next[key] = ''
  }
  return next
}
