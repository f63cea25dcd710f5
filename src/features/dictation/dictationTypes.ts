/**
 * What the dictation slice (dictationSlice.ts) holds, as types: its statuses, where a recording
 * writes and, for the report, the point its next words replace, and what went wrong. Plain data
 * only: the recognizer and its token live in the saga.
 */
import type { Id, ReportSectionKey } from '../../../contract'

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

/**
 * Where a recording's words go: the study's chat input, the box of the next addendum to its
 * signed report (AD-2), or the report being written (VC). One recording at a time, whatever its
 * target.
 */
export type DictationTarget = 'chat' | 'addendum' | 'report'

/**
 * Where dictated words land in the report: a span of the 'Report' or 'Impression' text, which the
 * next words replace (a caret when empty, a `[field]` chosen by voice otherwise).
 */
export interface DictationPoint {
  area: 'report' | 'impression'
  start: number
  end: number
}

/** A voice command that could not be carried out, for the short note that says so. */
export type CommandProblem =
  | { kind: 'unknownMacro'; name: string }
  | { kind: 'noField'; direction: 'next' | 'previous' }
  | { kind: 'noSection'; section: ReportSectionKey }

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
  /** Where the recording under way (or the last one) writes. */
  target: DictationTarget
  /** The study dictation is initialized for (the open one). */
  orderId: Id | null
  unavailableReason: UnavailableReason | null
  speechService: SpeechService
  /** Words of this recording's final phrases. */
  phraseWords: number
  /** Words dictated so far: the final phrases and the phrase being spoken (DC-2, DC-3). */
  wordCount: number
  lastError: DictationProblem | null
  /** Set after a cleanup replaced the dictated text, until the input changes otherwise. */
  undo: CleanupUndo | null
  /** Orders with a message on its way (requestId of the send), for DC-4. */
  sending: Record<Id, string>
  /** While recording into the report: where the next words land (the report areas show it). */
  point: DictationPoint | null
  /** The last voice command of the recording that could not be carried out. */
  commandProblem: CommandProblem | null
}
