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
 */
import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit'
import { draftEdited } from '../../shared/events'
import { baseApi } from '../../services/api/baseApi'
import { conversationApi } from '../../services/api/conversationApi'
import type { Id } from '../../../contract'
import { countWords, joinDictation } from './dictationText'

export type DictationStatus =
  | 'uninitialized'
  | 'initializing'
  | 'unavailable'
  | 'idle'
  | 'starting'
  | 'recording'
  | 'stopping'
  | 'cleaningUp'

/** Why the microphone is disabled for good in this study. */
export type UnavailableReason = 'notConfigured' | 'initializationFailed'

/**
 * What the server said about its speech service in this session. 'notConfigured' (the token
 * call answered 503) holds until the session ends: the server's speech settings change only with
 * a restart, so later studies do not ask again; the next sign-in (or a reload) does.
 */
export type SpeechService = 'unknown' | 'notConfigured'

/** What the clinician is told after a recording went wrong. */
export type DictationProblem =
  'connectionLost' | 'microphoneDenied' | 'microphoneMissing' | 'startFailed'

export interface CleanupUndo {
  orderId: Id
  /** What the input held before dictation started. */
  prefix: string
  /** The dictated text as recognized, before the cleanup replaced it. */
  raw: string
  cleaned: string
}

export interface DictationState {
  status: DictationStatus
  /** The study dictation is initialized for (the open one). */
  orderId: Id | null
  unavailableReason: UnavailableReason | null
  speechService: SpeechService
  /** The chat input's text when the recording started; dictation is appended to it. */
  prefix: string
  /** Final phrases of this recording, joined by spaces. */
  committed: string
  /** The phrase being spoken, replaced by each interim result. */
  hypothesis: string
  /** Words of committed + hypothesis (DC-2, DC-3). */
  wordCount: number
  lastError: DictationProblem | null
  /** Set after a cleanup replaced the dictated text, until the input changes otherwise. */
  undo: CleanupUndo | null
  /** Orders with a message on its way (requestId of the send), for DC-4. */
  sending: Record<Id, string>
}

const initialState: DictationState = {
  status: 'uninitialized',
  orderId: null,
  unavailableReason: null,
  speechService: 'unknown',
  prefix: '',
  committed: '',
  hypothesis: '',
  wordCount: 0,
  lastError: null,
  undo: null,
  sending: {},
}

/** Statuses in which the recognizer is open and its results count. */
const LISTENING: readonly DictationStatus[] = ['starting', 'recording', 'stopping']

/** Statuses a new study can replace: nothing is being recorded or cleaned up. */
const AT_REST: readonly DictationStatus[] = ['uninitialized', 'initializing', 'unavailable', 'idle']

function clearRecording(state: DictationState): void {
  state.prefix = ''
  state.committed = ''
  state.hypothesis = ''
  state.wordCount = 0
}

function recount(state: DictationState): void {
  state.wordCount = countWords(joinDictation(state.committed, state.hypothesis))
}

const { sendMessage } = conversationApi.endpoints

export const dictationSlice = createSlice({
  name: 'dictation',
  initialState,
  reducers: {
    // Intents of the clinician: the saga decides what happens; the state does not change.
    startRequested(_state, _action: PayloadAction<{ orderId: Id }>) {},
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
    recordingStartInitiated(state, action: PayloadAction<{ orderId: Id; prefix: string }>) {
      if (state.status !== 'idle' || state.orderId !== action.payload.orderId) return
      state.status = 'starting'
      clearRecording(state)
      state.prefix = action.payload.prefix
      state.lastError = null
      state.undo = null
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
    hypothesisChanged(state, action: PayloadAction<{ text: string }>) {
      if (!LISTENING.includes(state.status)) return
      state.hypothesis = action.payload.text
      recount(state)
    },
    phraseRecognized(state, action: PayloadAction<{ text: string }>) {
      if (!LISTENING.includes(state.status)) return
      state.committed = joinDictation(state.committed, action.payload.text)
      state.hypothesis = ''
      recount(state)
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
      state.committed = action.payload.cleaned
      state.hypothesis = ''
      recount(state)
      state.undo = action.payload
    },
    cleanupFailed(state) {
      if (state.status !== 'cleaningUp') return
      state.status = 'idle'
    },
    recordingFinished(state) {
      if (state.status !== 'stopping' && state.status !== 'cleaningUp') return
      state.status = 'idle'
    },
    cleanupUndone(state, action: PayloadAction<{ orderId: Id }>) {
      if (state.undo?.orderId !== action.payload.orderId) return
      state.committed = state.undo.raw
      recount(state)
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
  recordingStopInitiated,
  cleanupStarted,
  cleanupSucceeded,
  cleanupFailed,
  recordingFinished,
  cleanupUndone,
  problemDismissed,
} = dictationSlice.actions

export const { selectDictation, selectDictationStatus } = dictationSlice.selectors
