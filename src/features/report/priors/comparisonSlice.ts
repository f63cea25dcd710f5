/**
 * 'Use as comparison' (PR-3), seen and undone in one click like any other change to the
 * report: per study, the prior last written into COMPARISON and what the section held before.
 * The notice offering 'Undo comparison' shows while the section still reads as it was written.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { Id } from '../../../../contract'
import type { PriorStudy } from '../../../services/api/model'
import { allDraftsDiscarded, finalizeSucceeded, priorUsedAsComparison } from '../editor/reportSlice'

export interface ComparisonUse {
  priorId: Id
  description: string
  before: string
  after: string
}

export type ComparisonState = Record<Id, ComparisonUse>

const initialState: ComparisonState = {}

/** What a COMPARISON section says when there was nothing to compare with. */
const NOTHING_COMPARED = /^(none|none available|no prior(s| studies| imaging)?( available)?)\.?$/i

/** The day a prior was ordered, as reports write it (2026-10-01, the reader's time zone). */
export function priorDate(prior: Pick<PriorStudy, 'ordered_at'>): string | null {
  return prior.ordered_at ? localDate(prior.ordered_at) : null
}

/** "CT Chest with contrast, 2026-10-01." */
export function comparisonLine(prior: Pick<PriorStudy, 'study_description' | 'ordered_at'>) {
  const date = priorDate(prior)
  return `${prior.study_description}${date ? `, ${date}` : ''}.`
}

/** The section with the prior in it: in place of 'None.', else on a line of its own after the rest. */
export function withComparison(section: string, line: string): string {
  const held = section.trim()
  if (held === '' || NOTHING_COMPARED.test(held)) return line
  return held.split('\n').some((existing) => existing.trim() === line) ? held : `${held}\n${line}`
}

function localDate(iso: string): string | null {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return null
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${String(at.getFullYear())}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
}

export const comparisonSlice = createSlice({
  name: 'comparison',
  initialState,
  reducers: {
    /** 'Undo comparison': the section got its earlier text back (a save of its own follows). */
    comparisonUndone(state, action: PayloadAction<{ orderId: Id }>) {
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
      delete state[action.payload.orderId]
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(priorUsedAsComparison, (state, action) => {
        const { orderId, priorId, description, before, after } = action.payload
        state[orderId] = { priorId, description, before, after }
      })
      .addCase(finalizeSucceeded, (state, action) => {
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
        delete state[action.payload.orderId]
      })
      .addCase(allDraftsDiscarded, () => initialState)
  },
  selectors: {
    selectComparisonUse: (state, orderId: Id): ComparisonUse | undefined => state[orderId],
  },
})

export const { comparisonUndone } = comparisonSlice.actions
export const { selectComparisonUse } = comparisonSlice.selectors
