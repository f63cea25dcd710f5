/**
 * The report editor's state, per order: the clinician's draft (text as typed, the server version
 * it is based on, the save under way, a conflict waiting for a choice) and the finalize dialog.
 * Only serializable data; the report saga does the saving, the session-storage mirroring and the
 * finalizing, and this slice records what happened.
 *
 * The slice also watches the order's report arriving from the server (getOrder) so a change the
 * assistant made is reconciled with the draft at once (RP-6), and drops a study's draft when its
 * conversation is cleared (CL-2 deletes the report on purpose).
 *
 * The state's shape and the writes its reducers share are in reportState.ts.
 */
import { createAction, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit'
import { conversationApi } from '../../../services/api/conversationApi'
import type { Id, QaOverride, ReportSectionKey } from '../../../../contract'
import type { Report, ReportSections } from '../../../services/api/model'
import { ordersApi } from '../../../services/api/ordersApi'
import { teachingApi } from '../../../services/api/teachingApi'
import type { StoredDraft } from '../../../services/storage/draftStorage'
import {
  chooseConflictSection,
  newDraft,
  type ConflictChoice,
  type RestoreCause,
  type ReportDraft,
  type SaveFailure,
} from './reconcile'
import {
  applyServerReport,
  draftOf,
  dropOrder,
  editable,
  IDLE_FINALIZE,
  initialState,
  serverReportOf,
  versionOf,
  writeOver,
  type FinalizeFailure,
  type FinalizeState,
  type OrderPayload,
  type ServerReport,
} from './reportState'

export {
  serverReportOf,
  versionOf,
  type FinalizeFailure,
  type FinalizeFailureReason,
  type FinalizeState,
  type FinalizeStatus,
  type ReportState,
  type ServerReport,
} from './reportState'

/** Pause after the last keystroke before the draft is saved on its own. */
export const AUTOSAVE_DELAY_MS = 1500

export type SaveTrigger = 'manual' | 'auto' | 'retry'

/** The editor of a study is on screen and its order is loaded: time to restore a stored draft. */
export const editorOpened = createAction<OrderPayload>('report/editorOpened')

/**
 * 'Use as comparison' (PR-3): a prior's description and date written into COMPARISON, the
 * clinician's own change; `before` is what the section held, for its one-click undo.
 */
export const priorUsedAsComparison = createAction<
  OrderPayload & {
    priorId: Id
    description: string
    before: string
    after: string
    server: ServerReport
  }
>('report/priorUsedAsComparison')

/** 'Save', 'Retry', or the autosave pause elapsed; the saga decides whether there is anything to send. */
export const saveRequested = createAction<OrderPayload & { trigger: SaveTrigger }>(
  'report/saveRequested',
)

export const reportSlice = createSlice({
  name: 'report',
  initialState,
  reducers: {
    /** First keystroke on a report: the draft starts from the server version on screen. */
    editStarted(state, action: PayloadAction<OrderPayload & { server: ServerReport }>) {
      const { orderId, server } = action.payload
      if (state.drafts[orderId] || server.isFinal) return
      state.drafts[orderId] = draftOf(server)
    },
    textEdited(
      state,
      action: PayloadAction<OrderPayload & { report: string; impression: string }>,
    ) {
      const draft = state.drafts[action.payload.orderId]
      if (!editable(draft)) return
      draft.report = action.payload.report
      draft.impression = action.payload.impression
    },
    /** A draft read back from session storage, with the server's report as it is now. */
    draftRestored(
      state,
      action: PayloadAction<
        OrderPayload & { draft: Omit<StoredDraft, 'owner'>; server: ServerReport | null }
      >,
    ) {
      const { orderId, draft, server } = action.payload
      if (state.drafts[orderId]) return
      state.drafts[orderId] = { ...newDraft(draft, draft.base), restored: true }
      if (server) applyServerReport(state, orderId, server)
    },
    /**
     * UA-1, RH-2: earlier text of some sections comes back ('Undo assistant change', 'Restore'),
     * over whatever else the draft holds; the next save records it as a revision of its own.
     */
    sectionsRestored(
      state,
      action: PayloadAction<
        OrderPayload & {
          sections: Partial<ReportSections>
          cause: RestoreCause
          server: ServerReport
        }
      >,
    ) {
      const { orderId, sections, cause, server } = action.payload
      const draft = writeOver(state, orderId, sections, server)
      if (draft) draft.cause = cause
    },
    saveHeldForReply(state, action: PayloadAction<OrderPayload>) {
      const draft = state.drafts[action.payload.orderId]
      if (draft?.save !== 'idle' && draft?.save !== 'failed') return
      draft.save = 'waiting'
    },
    /** The save that waited found nothing to send, or a conflict to resolve first. */
    saveNotNeeded(state, action: PayloadAction<OrderPayload>) {
      const draft = state.drafts[action.payload.orderId]
      if (draft?.save === 'waiting') draft.save = 'idle'
    },
    saveStarted(state, action: PayloadAction<OrderPayload & { sections: ReportSections }>) {
      const draft = state.drafts[action.payload.orderId]
      if (!draft) return
      draft.save = 'saving'
      draft.inFlight = action.payload.sections
    },
    saveSucceeded(state, action: PayloadAction<OrderPayload & { report: Report }>) {
      const draft = state.drafts[action.payload.orderId]
      if (!draft) return
      const saved = versionOf(action.payload.report)
      draft.save = 'idle'
      draft.inFlight = null
      draft.saveError = null
      draft.restored = false
      draft.cause = null
      draft.latest = saved
      // While a conflict waits, the base stays the version both sides diverged from.
      if (draft.conflict === null) draft.base = saved
    },
    /**
     * The server refused the save (412): the report changed since the version the draft is based
     * on. The saga has read the report again, so the draft is reconciled with it (RP-6); nothing
     * failed that 'Retry' could fix, so the save is simply no longer under way.
     */
    saveRefusedAsStale(state, action: PayloadAction<OrderPayload>) {
      const draft = state.drafts[action.payload.orderId]
      if (!draft) return
      draft.save = 'idle'
      draft.inFlight = null
      draft.saveError = null
    },
    saveFailed(state, action: PayloadAction<OrderPayload & { error: SaveFailure }>) {
      const draft = state.drafts[action.payload.orderId]
      if (!draft) return
      draft.save = 'failed'
      draft.inFlight = null
      draft.saveError = action.payload.error
    },
    conflictSectionChosen(
      state,
      action: PayloadAction<OrderPayload & { section: ReportSectionKey; choice: ConflictChoice }>,
    ) {
      const draft = state.drafts[action.payload.orderId]
      if (!draft?.conflict) return
      chooseConflictSection(draft, action.payload.section, action.payload.choice)
    },
    /** The clinician let go of a draft the server can no longer take (the report became final). */
    draftDiscarded(state, action: PayloadAction<OrderPayload>) {
      const draft = state.drafts[action.payload.orderId]
      if (!draft?.finalizedElsewhere) return
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
      delete state.drafts[action.payload.orderId]
    },
    finalizeRequested(state, action: PayloadAction<OrderPayload>) {
      const { orderId } = action.payload
      const draft = state.drafts[orderId]
      if (draft && !editable(draft)) return
      const current = state.finalize[orderId] ?? IDLE_FINALIZE
      if (current.status === 'running' || current.status === 'confirming') return
      state.finalize[orderId] = { status: 'confirming', error: null }
    },
    finalizeCancelled(state, action: PayloadAction<OrderPayload>) {
      const current = state.finalize[action.payload.orderId]
      if (current?.status !== 'confirming') return
      state.finalize[action.payload.orderId] = IDLE_FINALIZE
    },
    finalizeConfirmed(
      state,
      // The pre-sign check issues signed over, and why (sent with the signature, QA-17).
      action: PayloadAction<OrderPayload & { qaOverride?: QaOverride }>,
    ) {
      const current = state.finalize[action.payload.orderId]
      if (current?.status !== 'confirming') return
      state.finalize[action.payload.orderId] = { status: 'running', error: null }
    },
    finalizeSucceeded(state, action: PayloadAction<OrderPayload & { report: Report }>) {
      dropOrder(state, action.payload.orderId)
    },
    finalizeFailed(state, action: PayloadAction<OrderPayload & { error: FinalizeFailure }>) {
      state.finalize[action.payload.orderId] = { status: 'failed', error: action.payload.error }
    },
    /** 'Log out', or a session started for another user: the previous user's drafts leave. */
    allDraftsDiscarded() {
      return initialState
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(priorUsedAsComparison, (state, action) => {
        const { orderId, after, server } = action.payload
        writeOver(state, orderId, { comparison: after }, server)
      })
      .addMatcher(ordersApi.endpoints.getOrder.matchFulfilled, (state, action) => {
        applyServerReport(
          state,
          action.meta.arg.originalArgs,
          serverReportOf(action.payload.report),
        )
      })
      .addMatcher(conversationApi.endpoints.clearConversation.matchFulfilled, (state, action) => {
        dropOrder(state, action.meta.arg.originalArgs)
      })
      // RV-14: the report went for review as saved; the editor shows it as the server has it.
      .addMatcher(teachingApi.endpoints.sendForReview.matchFulfilled, (state, action) => {
        dropOrder(state, action.meta.arg.originalArgs.orderId)
      })
      .addMatcher(conversationApi.endpoints.sendMessage.matchPending, (state, action) => {
        const { orderId } = action.meta.arg.originalArgs
        state.pendingReplies[orderId] = (state.pendingReplies[orderId] ?? 0) + 1
      })
      .addMatcher(
        isAnyOf(
          conversationApi.endpoints.sendMessage.matchFulfilled,
          conversationApi.endpoints.sendMessage.matchRejected,
        ),
        (state, action) => {
          const { orderId } = action.meta.arg.originalArgs
          const left = (state.pendingReplies[orderId] ?? 0) - 1
          // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
          if (left <= 0) delete state.pendingReplies[orderId]
          else state.pendingReplies[orderId] = left
        },
      )
  },
  selectors: {
    selectReportDrafts: (state) => state.drafts,
    selectFinalizeStates: (state) => state.finalize,
    selectReplyPending: (state, orderId: Id) => (state.pendingReplies[orderId] ?? 0) > 0,
  },
})

export const {
  editStarted,
  textEdited,
  sectionsRestored,
  draftRestored,
  saveHeldForReply,
  saveNotNeeded,
  saveStarted,
  saveSucceeded,
  saveRefusedAsStale,
  saveFailed,
  conflictSectionChosen,
  draftDiscarded,
  finalizeRequested,
  finalizeCancelled,
  finalizeConfirmed,
  finalizeSucceeded,
  finalizeFailed,
  allDraftsDiscarded,
} = reportSlice.actions

export const { selectReportDrafts, selectFinalizeStates, selectReplyPending } =
  reportSlice.selectors

type StateWithReport = Parameters<typeof selectReportDrafts>[0]

export function selectReportDraft(state: StateWithReport, orderId: Id): ReportDraft | undefined {
  return selectReportDrafts(state)[orderId]
}

export function selectFinalizeState(state: StateWithReport, orderId: Id): FinalizeState {
  return selectFinalizeStates(state)[orderId] ?? IDLE_FINALIZE
}
