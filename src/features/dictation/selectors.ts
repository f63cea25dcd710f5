/**
 * What the screen shows of dictation, derived from the slice for one study. The microphone
 * button's look is a pure function of the state, so every combination is easy to test.
 */
import type { RootState } from '../../app/hooks'
import { CLEANUP_WORD_THRESHOLD } from '../../shared/constants'
import { REPORT_SECTION_LABELS, type Id } from '../../../contract'
import type {
  CommandProblem,
  DictationPoint,
  DictationProblem,
  DictationState,
  DictationTarget,
  UnavailableReason,
} from './dictationTypes'

export const START_LABEL = 'Start dictation'
export const STOP_LABEL = 'Stop dictation'
/** AD-2: the addendum box's own microphone. */
export const ADDENDUM_START_LABEL = 'Dictate addendum'
export const ADDENDUM_STOP_LABEL = 'Stop dictating addendum'
/** VC-1: the report editor's microphone. */
export const REPORT_START_LABEL = 'Dictate report'

const LABELS: Readonly<Record<DictationTarget, { start: string; stop: string }>> = {
  chat: { start: START_LABEL, stop: STOP_LABEL },
  addendum: { start: ADDENDUM_START_LABEL, stop: ADDENDUM_STOP_LABEL },
  report: { start: REPORT_START_LABEL, stop: STOP_LABEL },
}
export const LISTENING_TEXT = 'Listening...'
export const CLEANING_UP_TEXT = 'Cleaning up…'
export const CLEANED_UP_TEXT = 'Dictation cleaned up.'
export const UNDO_CLEANUP_LABEL = 'Undo cleanup'

export const UNAVAILABLE_TEXT: Readonly<Record<UnavailableReason, string>> = {
  notConfigured: 'Dictation is not configured on this server.',
  initializationFailed: 'Dictation could not be prepared for this study. Reopen it to try again.',
}

export const PROBLEM_TEXT: Readonly<Record<DictationProblem, string>> = {
  // DC-7 and the spec's error catalogue: the exact sentence.
  connectionLost: 'Connection to service terminated.',
  microphoneDenied: 'Microphone access was denied. Allow the microphone for this site to dictate.',
  microphoneMissing: 'No microphone was found. Connect one to dictate.',
  startFailed: 'Dictation could not start. Try again.',
}

/**
 * - idle: ready to record; recording: red (DC-2); threshold: recording with 50+ words, blue
 *   and pulsing (DC-2), into the chat or an addendum, whose dictation is cleaned up (VC-18); busy: stopping or cleaning up (DC-4); waiting: not initialized yet or
 *   a message is being sent (DC-4); unavailable: no dictation in this study.
 */
export type MicButtonState = 'idle' | 'recording' | 'threshold' | 'busy' | 'waiting' | 'unavailable'

export interface MicButtonView {
  state: MicButtonState
  label: string
  disabled: boolean
  /** Why it is disabled, for the tooltip and the accessible description. */
  reason: string | null
  /** The click means stop rather than start. */
  stops: boolean
}

const selectSlice = (state: RootState): DictationState => state.dictation

export function micButtonView(
  dictation: DictationState,
  orderId: Id,
  target: DictationTarget = 'chat',
): MicButtonView {
  const { start, stop } = LABELS[target]
  const waiting = (reason: string): MicButtonView => ({
    state: 'waiting',
    label: start,
    disabled: true,
    reason,
    stops: false,
  })
  if (dictation.orderId !== orderId) return waiting('Dictation is getting ready.')
  const elsewhere = dictation.target !== target
  switch (dictation.status) {
    case 'uninitialized':
    case 'initializing':
      return waiting('Dictation is getting ready.')
    case 'unavailable':
      return {
        state: 'unavailable',
        label: start,
        disabled: true,
        reason: UNAVAILABLE_TEXT[dictation.unavailableReason ?? 'initializationFailed'],
        stops: false,
      }
    case 'idle':
      return orderId in dictation.sending
        ? waiting('Dictation is available again once the message is sent.')
        : { state: 'idle', label: start, disabled: false, reason: null, stops: false }
    case 'starting':
    case 'recording':
      if (elsewhere) return waiting(IN_USE_TEXT[dictation.target])
      return {
        // The blue pulse says the words will be cleaned up; the report's never are (VC-18).
        state:
          dictation.target !== 'report' && dictation.wordCount >= CLEANUP_WORD_THRESHOLD
            ? 'threshold'
            : 'recording',
        label: stop,
        disabled: false,
        reason: null,
        stops: true,
      }
    case 'stopping':
      if (elsewhere) return waiting(IN_USE_TEXT[dictation.target])
      return { state: 'busy', label: stop, disabled: true, reason: null, stops: true }
    case 'cleaningUp':
      if (elsewhere) return waiting(IN_USE_TEXT[dictation.target])
      return {
        state: 'busy',
        label: start,
        disabled: true,
        reason: CLEANING_UP_TEXT,
        stops: false,
      }
  }
}

/** Why one microphone waits while the other records. */
const IN_USE_TEXT: Readonly<Record<DictationTarget, string>> = {
  chat: 'Dictation is in use for the message.',
  addendum: 'Dictation is in use for the addendum.',
  report: 'Dictation is in use for the report.',
}

/**
 * The chat input belongs to dictation from the start of a recording to the end of its cleanup:
 * sending then would send a text about to change (CH-8), and typing would be overwritten.
 */
export function selectIsRecording(
  state: RootState,
  orderId: Id,
  target: DictationTarget = 'chat',
): boolean {
  const dictation = selectSlice(state)
  return (
    dictation.orderId === orderId &&
    dictation.target === target &&
    (dictation.status === 'starting' ||
      dictation.status === 'recording' ||
      dictation.status === 'stopping' ||
      dictation.status === 'cleaningUp')
  )
}

/** CH-4: the microphone is open and its words arrive. */
export function selectIsListening(
  state: RootState,
  orderId: Id,
  target: DictationTarget = 'chat',
): boolean {
  const dictation = selectSlice(state)
  return (
    dictation.orderId === orderId && dictation.target === target && dictation.status === 'recording'
  )
}

export function selectDictationWordCount(state: RootState): number {
  return selectSlice(state).wordCount
}

/**
 * VC-1: where dictation writes the study's report next, while it records into it (null
 * otherwise). The report areas select it, and belong to dictation meanwhile.
 */
export function selectDictationPoint(state: RootState, orderId: Id): DictationPoint | null {
  const dictation = selectSlice(state)
  if (dictation.orderId !== orderId || dictation.target !== 'report') return null
  return dictation.point
}

/** The note a voice command that could not be carried out leaves (VC-8, VC-10, VC-11). */
export function commandProblemText(problem: CommandProblem): string {
  switch (problem.kind) {
    case 'unknownMacro':
      return `No macro is named ‘${problem.name}’.`
    case 'noField':
      return problem.direction === 'next'
        ? 'No bracketed field after the cursor.'
        : 'No bracketed field before the cursor.'
    case 'noSection':
      return `The report has no ${REPORT_SECTION_LABELS[problem.section]} section.`
  }
}

/** The note of the target's last refused voice command, or null. */
export function selectCommandNote(state: RootState, target: DictationTarget): string | null {
  const dictation = selectSlice(state)
  if (dictation.target !== target || !dictation.commandProblem) return null
  return commandProblemText(dictation.commandProblem)
}
