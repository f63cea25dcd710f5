/**
 * What the Finalize dialog shows besides the spec's question (QA-16, CR-14): the pre-sign check of
 * the text about to be signed (run by the saga when Finalize is pressed), and the critical result
 * communications known for the study. A check that could not run ('unavailable') never stops a
 * signature; a critical finding does until a communication is recorded, and so does the server's
 * 409 `critical_result_not_communicated` (`communicationRequired`), whatever the check said.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { FollowUpInput, Id } from '../../../../contract'
import { communicationsApi } from '../../../services/api/communicationsApi'
import type { Communication, QaIssue } from '../../../services/api/model'
import type { FollowUpFields, FollowUpProposal } from '../../../services/api/read/followUps'
import { allDraftsDiscarded, finalizeFailed, finalizeSucceeded } from '../editor/reportSlice'

export type PreSignStatus = 'checking' | 'checked' | 'unavailable'

export interface PreSignCheck {
  status: PreSignStatus
  /** Blocking issues first, then warnings (as the server sorts them, kept so for any backend). */
  issues: QaIssue[]
  communications: Communication[]
  communicationRequired: boolean
  /**
   * FU-25..FU-29: the follow-up recommendations found, as the signer confirms or corrects them;
   * null when the check did not say (it could not run, or a backend without follow-ups answered):
   * the signature then leaves them to the server.
   */
  followUps: FollowUpChoice[] | null
}

/** A follow-up in the Finalize dialog: checked ones go with the signature. */
export interface FollowUpChoice extends FollowUpProposal {
  checked: boolean
}

export interface SigningState {
  checks: Record<Id, PreSignCheck>
}

const initialState: SigningState = { checks: {} }

const SEVERITY_RANK = { block: 0, warn: 1 } as const

export const signingSlice = createSlice({
  name: 'signing',
  initialState,
  reducers: {
    preSignCheckStarted(state, action: PayloadAction<{ orderId: Id }>) {
      const previous = state.checks[action.payload.orderId]
      state.checks[action.payload.orderId] = {
        status: 'checking',
        issues: [],
        communications: previous?.communications ?? [],
        communicationRequired: previous?.communicationRequired ?? false,
        followUps: null,
      }
    },
    preSignCheckAnswered(
      state,
      action: PayloadAction<{
        orderId: Id
        issues: QaIssue[]
        communications: Communication[]
        followUps?: FollowUpProposal[]
      }>,
    ) {
      const check = state.checks[action.payload.orderId]
      if (check?.status !== 'checking') return
      check.status = 'checked'
      check.issues = [...action.payload.issues].sort(
        (a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity],
      )
      check.communications = action.payload.communications
      check.followUps =
        action.payload.followUps?.map((proposal) => ({ ...proposal, checked: true })) ?? null
    },
    followUpToggled(
      state,
      action: PayloadAction<{ orderId: Id; index: number; checked: boolean }>,
    ) {
      const item = state.checks[action.payload.orderId]?.followUps?.[action.payload.index]
      if (item) item.checked = action.payload.checked
    },
    followUpEdited(
      state,
      action: PayloadAction<{ orderId: Id; index: number; fields: Partial<FollowUpFields> }>,
    ) {
      const item = state.checks[action.payload.orderId]?.followUps?.[action.payload.index]
      if (item) Object.assign(item, action.payload.fields)
    },
    /** FU-28: an empty follow-up to fill, checked (a checked one must be filled to sign). */
    followUpAdded(state, action: PayloadAction<{ orderId: Id }>) {
      const check = state.checks[action.payload.orderId]
      if (check?.status !== 'checked' || !check.followUps) return
      const empty = { modality: '', body_part: '', due_from: '', due_to: '', reason: '', text: '' }
      check.followUps.push({ ...empty, checked: true })
    },
    /** The check could not run (a network failure, a backend without the route): sign anyway. */
    preSignCheckFailed(state, action: PayloadAction<{ orderId: Id }>) {
      const check = state.checks[action.payload.orderId]
      if (check?.status !== 'checking') return
      check.status = 'unavailable'
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(allDraftsDiscarded, () => initialState)
      .addCase(finalizeSucceeded, (state, action) => {
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
        delete state.checks[action.payload.orderId]
      })
      .addCase(finalizeFailed, (state, action) => {
        if (action.payload.error.reason !== 'critical_not_communicated') return
        const { orderId } = action.payload
        const check = state.checks[orderId]
        if (check) check.communicationRequired = true
        else
          state.checks[orderId] = {
            status: 'unavailable',
            issues: [],
            communications: [],
            communicationRequired: true,
            followUps: null,
          }
      })
      .addMatcher(
        communicationsApi.endpoints.recordCommunication.matchFulfilled,
        (state, action) => {
          const check = state.checks[action.meta.arg.originalArgs.orderId]
          if (!check) return
          check.communications.push(action.payload)
          check.communicationRequired = false
        },
      )
  },
  selectors: {
    selectPreSignCheck: (state, orderId: Id): PreSignCheck | undefined => state.checks[orderId],
  },
})

export const {
  preSignCheckStarted,
  preSignCheckAnswered,
  preSignCheckFailed,
  followUpToggled,
  followUpEdited,
  followUpAdded,
} = signingSlice.actions
export const { selectPreSignCheck } = signingSlice.selectors

/** The issues that an override with a reason may sign over: blocks other than these two. */
const NOT_OVERRIDABLE = new Set(['critical', 'unfilled_field'])

export function overridableCodes(check: PreSignCheck | undefined): string[] {
  const codes = (check?.issues ?? [])
    .filter((issue) => issue.severity === 'block' && !NOT_OVERRIDABLE.has(issue.code))
    .map((issue) => issue.code)
  return [...new Set(codes)]
}

/** A critical finding stands in the way: the check found one, or the server said so. */
export function needsCommunication(check: PreSignCheck | undefined): boolean {
  if (!check) return false
  if (check.communications.length > 0) return false
  return (
    check.communicationRequired ||
    check.issues.some((issue) => issue.code === 'critical' && issue.severity === 'block')
  )
}

/** Blocks nothing can sign over (fields still to fill: the Finalize button refuses them first). */
export function hasUnfilledBlock(check: PreSignCheck | undefined): boolean {
  return (check?.issues ?? []).some(
    (issue) => issue.code === 'unfilled_field' && issue.severity === 'block',
  )
}

/**
 * FU-26, FU-27: what the signature sends as `follow_ups`: the checked follow-ups (`[]` when the
 * signer unchecked all); undefined when the check did not say, so the server finds them itself.
 */
export function confirmedFollowUps(check: PreSignCheck | undefined): FollowUpInput[] | undefined {
  if (check?.status !== 'checked' || !check.followUps) return undefined
  return check.followUps
    .filter((item) => item.checked)
    .map(({ modality, body_part, due_from, due_to, reason, text }) => ({
      modality: modality.trim(),
      body_part: body_part.trim(),
      due_from,
      due_to,
      reason: reason.trim(),
      ...(text ? { text } : {}),
    }))
}
