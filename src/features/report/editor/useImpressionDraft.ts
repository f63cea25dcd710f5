/**
 * 'Draft impression' (IMP-10..IMP-14): the server drafts an impression from the Findings in the
 * editor (saved or not) and the draft waits as a suggestion; nothing reaches the report until
 * 'Accept', which writes it into the Impression as an edit of the draft (saved as any edit is) and
 * can be undone in one click. An Impression that already holds text keeps it: the draft goes below
 * it, after a blank line, as a template's 'Add below' does (reportFields.ts), so accepting never
 * loses the clinician's words and needs no second question.
 */
import { createSelector } from '@reduxjs/toolkit'
import { useState } from 'react'
import { useAppSelector } from '../../../app/hooks'
import { isApiError } from '../../../services/api/baseApi'
import { useDraftImpressionMutation } from '../../../services/api/impressionApi'
import type { ImpressionDraft, Order, ReportSections } from '../../../services/api/model'
import { draftSections } from './reconcile'
import { mergeTemplate, undoInsertion } from './reportFields'
import { selectReportDraft } from './reportSlice'
import type { ReportAreas } from './useReportAreas'

/** Why there is no suggestion to show after asking. */
export type DraftNotice = 'unavailable' | 'failed' | 'nothing'

export interface ImpressionSuggestion {
  text: string
  source: ImpressionDraft['source']
}

export interface ImpressionDraftFlow {
  /** Whether the Findings hold anything to draft from (the draft's, else the saved report's). */
  findingsBlank: boolean
  asking: boolean
  /** A 404 answered: this server has no drafting, so the button stays off. */
  unavailable: boolean
  notice: DraftNotice | null
  suggestion: ImpressionSuggestion | null
  /** The last accepted draft, until undone, discarded or replaced by another. */
  accepted: boolean
  ask: () => void
  edit: (text: string) => void
  accept: () => void
  discard: () => void
  undo: () => void
}

/** Whether the study's draft has blank Findings; undefined when there is no draft. */
const selectDraftFindingsBlank = createSelector([selectReportDraft], (draft) =>
  draft ? draftSections(draft).findings.trim() === '' : undefined,
)

export function useImpressionDraft(order: Order, areas: ReportAreas): ImpressionDraftFlow {
  const draftBlank = useAppSelector((state) => selectDraftFindingsBlank(state, order.id))
  const findingsBlank = draftBlank ?? (order.report?.sections.findings.trim() ?? '') === ''
  const [draftImpression, { isLoading }] = useDraftImpressionMutation()
  const [unavailable, setUnavailable] = useState(false)
  const [notice, setNotice] = useState<DraftNotice | null>(null)
  const [suggestion, setSuggestion] = useState<ImpressionSuggestion | null>(null)
  const [accepted, setAccepted] = useState<{
    before: ReportSections
    after: ReportSections
  } | null>(null)

  const ask = () => {
    setNotice(null)
    setSuggestion(null)
    draftImpression({ orderId: order.id, sections: areas.sections() })
      .unwrap()
      .then(({ impression, source }) => {
        if (impression === '') setNotice('nothing')
        else setSuggestion({ text: impression, source })
      })
      .catch((error: unknown) => {
        const missing = isApiError(error) && (error.status === 404 || error.status === 405)
        if (missing) setUnavailable(true)
        setNotice(missing ? 'unavailable' : 'failed')
      })
  }

  return {
    findingsBlank,
    asking: isLoading,
    unavailable,
    notice,
    suggestion,
    accepted: accepted !== null,
    ask,
    edit: (text) => {
      setSuggestion((current) => (current ? { ...current, text } : current))
    },
    accept: () => {
      const text = suggestion?.text.trim() ?? ''
      if (text === '') return
      const before = areas.sections()
      areas.writeSections(mergeTemplate(before, { impression: text }, 'append'))
      setAccepted({ before, after: areas.sections() })
      setSuggestion(null)
    },
    discard: () => {
      setSuggestion(null)
    },
    undo: () => {
      if (!accepted) return
      areas.writeSections(undoInsertion(areas.sections(), accepted.before, accepted.after))
      setAccepted(null)
    },
  }
}
