/**
 * Dictation's state machine (DC-1), as data. The dictation saga drives it with events; the
 * reducers refuse an event that makes no sense in the current status (a phrase while idle, a
 * start while recording), so a late recognizer callback or a replayed action cannot corrupt it.
 *
 *   uninitialized -> initializing -> idle | unavailable
 *   idle -> starting -> recording -> stopping -> (cleaningUp) -> idle
 *   starting -> idle (microphone refused or start failed)
 *
 * Everything here is serializable: the recognizer and its token live in the saga.
 *
 * The slice keeps no text of a recording. What the clinician dictates lands in the chat input,
 * the addendum box or the report, whose drafts are other features'; the saga writes it there once
 * per result. The slice counts the words of each result (the button changes at the cleanup
 * threshold, and a dictation that reaches it is cleaned up), after a cleanup keeps what 'Undo
 * cleanup' needs to put the raw text back, and while recording into the report keeps where its
 * next words land (`point`, which the report areas select) and the last voice command it could
 * not carry out. Its types are in dictationTypes.ts.
 */
import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit'
import { draftEdited } from '../../shared/events'
import { baseApi } from '../../services/api/baseApi'
import { conversationApi } from '../../services/api/conversationApi'
import type { Id } from '../../../contract'
import { countWords } from './dictationText'
import type {
  CleanupUndo,
  CommandProblem,
  DictationPoint,
  DictationProblem,
  DictationState,
  DictationStatus,
  DictationTarget,
  UnavailableReason,
} from './dictationTypes'

const initialState: DictationState = {
  status: 'uninitialized',
  target: 'chat',
  orderId: null,
  unavailableReason: null,
  speechService: 'unknown',
  phraseWords: 0,
  wordCount: 0,
  lastError: null,
  undo: null,
  sending: {},
  point: null,
  commandProblem: null,
}

/** Statuses in which the recognizer is open and its results count. */
const LISTENING: readonly DictationStatus[] = ['starting', 'recording', 'stopping']

/** Statuses a new study can replace: nothing is being recorded or cleaned up. */
const AT_REST: readonly DictationStatus[] = ['uninitialized', 'initializing', 'unavailable', 'idle']

function clearRecording(state: DictationState): void {
  state.phraseWords = 0
  state.wordCount = 0
  state.point = null
}

/** The dictated text is now `text` as a whole (after a cleanup, or its undo). */
function countAll(state: DictationState, text: string): void {
  state.phraseWords = countWords(text)
  state.wordCount = state.phraseWords
}

const { sendMessage } = conversationApi.endpoints

export const dictationSlice = createSlice({
  name: 'dictation',
  initialState,
  reducers: {
    // Intents of the clinician: the saga decides what happens; the state does not change.
    startRequested(
      _state,
      _action: PayloadAction<{
        orderId: Id
        target?: DictationTarget | undefined
        /** The report's cursor when dictation into the report started (VC-1). */
        at?: DictationPoint | undefined
      }>,
    ) {},
    stopRequested(_state, _action: PayloadAction<{ orderId: Id }>) {},
    cleanupUndoRequested(_state, _action: PayloadAction<{ orderId: Id }>) {},

    initializationStarted(state, action: PayloadAction<{ orderId: Id }>) {
      if (!AT_REST.includes(state.status)) return
      Object.assign(state, {
        ...initialState,
        sending: state.sending,
        speechService: state.speechService,
      })
      state.status = 'initializing'
      state.orderId = action.payload.orderId
    },
    initializationSucceeded(state, action: PayloadAction<{ orderId: Id }>) {
      if (state.status !== 'initializing' || state.orderId !== action.payload.orderId) return
      state.status = 'idle'
    },
    initializationFailed(state, action: PayloadAction<{ orderId: Id; reason: UnavailableReason }>) {
      if (state.status !== 'initializing' || state.orderId !== action.payload.orderId) return
      state.status = 'unavailable'
      state.unavailableReason = action.payload.reason
      if (action.payload.reason === 'notConfigured') state.speechService = 'notConfigured'
    },

    /** The saga took up 'Start dictation': the token and the microphone are on their way. */
    recordingStartInitiated(
      state,
      action: PayloadAction<{
        orderId: Id
        target?: DictationTarget | undefined
        at?: DictationPoint | undefined
      }>,
    ) {
      if (state.status !== 'idle' || state.orderId !== action.payload.orderId) return
      state.status = 'starting'
      state.target = action.payload.target ?? 'chat'
      clearRecording(state)
      state.point = state.target === 'report' ? (action.payload.at ?? null) : null
      state.lastError = null
      state.undo = null
      state.commandProblem = null
    },
    recordingStarted(state) {
      if (state.status !== 'starting') return
      state.status = 'recording'
    },
    recordingFailed(state, action: PayloadAction<{ problem: DictationProblem }>) {
      if (state.status !== 'starting') return
      state.status = 'idle'
      state.lastError = action.payload.problem
      clearRecording(state)
    },
    /** The phrase being spoken, as heard so far; it replaces the previous interim result. */
    hypothesisChanged(state, action: PayloadAction<{ text: string }>) {
      if (!LISTENING.includes(state.status)) return
      state.wordCount = state.phraseWords + countWords(action.payload.text)
    },
    /** A final phrase; the next one starts empty. */
    phraseRecognized(state, action: PayloadAction<{ text: string }>) {
      if (!LISTENING.includes(state.status)) return
      state.phraseWords += countWords(action.payload.text)
      state.wordCount = state.phraseWords
    },
    /** Dictation into the report wrote its words, or a voice command moved where they land. */
    pointMoved(state, action: PayloadAction<{ point: DictationPoint }>) {
      if (!LISTENING.includes(state.status) || state.target !== 'report') return
      state.point = action.payload.point
    },
    /** A voice command could not be carried out (an unknown macro, no field left that way). */
    commandRefused(state, action: PayloadAction<{ problem: CommandProblem }>) {
      if (!LISTENING.includes(state.status)) return
      state.commandProblem = action.payload.problem
    },
    /** DC-7: the recognizer gave up on the service; what was dictated stays. */
    connectionLost(state) {
      if (!LISTENING.includes(state.status)) return
      state.lastError = 'connectionLost'
    },
    /** The recognizer was asked to stop; its last phrases may still arrive. */
    recordingStopInitiated(state) {
      if (state.status !== 'starting' && state.status !== 'recording') return
      state.status = 'stopping'
    },
    cleanupStarted(state) {
      if (state.status !== 'stopping') return
      state.status = 'cleaningUp'
    },
    cleanupSucceeded(state, action: PayloadAction<CleanupUndo>) {
      if (state.status !== 'cleaningUp') return
      state.status = 'idle'
      countAll(state, action.payload.cleaned)
      // 'Undo cleanup' is the chat's; an addendum's raw text is one dictation away.
      state.undo = state.target === 'chat' ? action.payload : null
    },
    cleanupFailed(state) {
      if (state.status !== 'cleaningUp') return
      state.status = 'idle'
    },
    recordingFinished(state) {
      if (state.status !== 'stopping' && state.status !== 'cleaningUp') return
      state.status = 'idle'
      state.point = null
    },
    cleanupUndone(state, action: PayloadAction<{ orderId: Id }>) {
      if (state.undo?.orderId !== action.payload.orderId) return
      countAll(state, state.undo.raw)
      state.undo = null
    },
    /** The problem note was read and dismissed. */
    problemDismissed(state) {
      state.lastError = null
    },
  },
  extraReducers: (builder) => {
    builder
      // The clinician changed the cleaned text: undoing would throw their edit away.
      .addCase(draftEdited, (state, action) => {
        if (state.undo?.orderId === action.payload.orderId) state.undo = null
      })
      .addMatcher(sendMessage.matchPending, (state, action) => {
        const { orderId } = action.meta.arg.originalArgs
        state.sending[orderId] = action.meta.requestId
        if (state.undo?.orderId === orderId) state.undo = null
      })
      .addMatcher(
        isAnyOf(sendMessage.matchFulfilled, sendMessage.matchRejected),
        (state, action) => {
          const { orderId } = action.meta.arg.originalArgs
          if (state.sending[orderId] === action.meta.requestId) {
            // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- records keyed by order id
            delete state.sending[orderId]
          }
        },
      )
      // The session ended (sessionSaga resets the API cache): nothing of it may stay, a 'not
      // configured' answer included, so the next sign-in asks the server again.
      .addMatcher(baseApi.util.resetApiState.match, () => initialState)
  },
  selectors: {
    selectDictation: (state) => state,
    selectDictationStatus: (state) => state.status,
  },
})

export const {
  startRequested,
  stopRequested,
  cleanupUndoRequested,
  initializationStarted,
  initializationSucceeded,
  initializationFailed,
  recordingStartInitiated,
  recordingStarted,
  recordingFailed,
  hypothesisChanged,
  phraseRecognized,
  connectionLost,
  pointMoved,
  commandRefused,
  recordingStopInitiated,
  cleanupStarted,
  cleanupSucceeded,
  cleanupFailed,
  recordingFinished,
  cleanupUndone,
  problemDismissed,
} = dictationSlice.actions

export const { selectDictation, selectDictationStatus } = dictationSlice.selectors
