/**
 * What the screen shows of dictation, derived from the slice for one study. The microphone
 * button's look is a pure function of the state, so every combination is easy to test.
 */
import type { RootState } from '../../app/hooks'
import { CLEANUP_WORD_THRESHOLD } from '../../shared/constants'
import type { Id } from '../../../contract'
import type { DictationProblem, DictationState, UnavailableReason } from './dictationSlice'

export const START_LABEL = 'Start dictation'
export const STOP_LABEL = 'Stop dictation'
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
 *   and pulsing (DC-2); busy: stopping or cleaning up (DC-4); waiting: not initialized yet or
 *   a message is being sent (DC-4); unavailable: no dictation in this study.
 */
export type MicButtonState = 'idle' | 'recording' | 'threshold' | 'busy' | 'waiting' | 'unavailable'

export interface MicButtonView {
  state: MicButtonState
  label: typeof START_LABEL | typeof STOP_LABEL
  disabled: boolean
  /** Why it is disabled, for the tooltip and the accessible description. */
  reason: string | null
  /** The click means stop rather than start. */
  stops: boolean
}

const selectSlice = (state: RootState): DictationState => state.dictation

export function micButtonView(dictation: DictationState, orderId: Id): MicButtonView {
  const waiting = (reason: string): MicButtonView => ({
    state: 'waiting',
    label: START_LABEL,
    disabled: true,
    reason,
    stops: false,
  })
  if (dictation.orderId !== orderId) return waiting('Dictation is getting ready.')
  switch (dictation.status) {
    case 'uninitialized':
    case 'initializing':
      return waiting('Dictation is getting ready.')
    case 'unavailable':
      return {
        state: 'unavailable',
        label: START_LABEL,
        disabled: true,
        reason: UNAVAILABLE_TEXT[dictation.unavailableReason ?? 'initializationFailed'],
        stops: false,
      }
    case 'idle':
      return orderId in dictation.sending
        ? waiting('Dictation is available again once the message is sent.')
        : { state: 'idle', label: START_LABEL, disabled: false, reason: null, stops: false }
    case 'starting':
    case 'recording':
      return {
        state: dictation.wordCount >= CLEANUP_WORD_THRESHOLD ? 'threshold' : 'recording',
        label: STOP_LABEL,
        disabled: false,
        reason: null,
        stops: true,
      }
    case 'stopping':
      return { state: 'busy', label: STOP_LABEL, disabled: true, reason: null, stops: true }
    case 'cleaningUp':
      return {
        state: 'busy',
        label: START_LABEL,
        disabled: true,
        reason: CLEANING_UP_TEXT,
        stops: false,
      }
  }
}

/**
 * The chat input belongs to dictation from the start of a recording to the end of its cleanup:
 * sending then would send a text about to change (CH-8), and typing would be overwritten.
 */
export function selectIsRecording(state: RootState, orderId: Id): boolean {
  const dictation = selectSlice(state)
  return (
    dictation.orderId === orderId &&
    (dictation.status === 'starting' ||
      dictation.status === 'recording' ||
      dictation.status === 'stopping' ||
      dictation.status === 'cleaningUp')
  )
}

/** CH-4: the microphone is open and its words arrive. */
export function selectIsListening(state: RootState, orderId: Id): boolean {
  const dictation = selectSlice(state)
  return dictation.orderId === orderId && dictation.status === 'recording'
}

export function selectDictationWordCount(state: RootState): number {
  return selectSlice(state).wordCount
}
