/**
 * The recognizer as the saga sees it: one ordered stream of signals per session, and the
 * transcript those signals build up.
 *
 * The recognizer's events and the settling of its `start` and `stop` arrive through one
 * `eventChannel`, in the order they happened: the last phrases the service sends while stopping
 * are handled before the stop's confirmation, so no words are lost.
 *
 * The transcript (final phrases, then the phrase being spoken) belongs to the recording that
 * hears it. No slice keeps it: the chat input's draft shows it, composed after the text typed
 * before, and the dictation slice counts its words.
 */
import { buffers, eventChannel, type EventChannel } from 'redux-saga'
import { joinDictation } from '../../features/dictation'
import {
  startFailureOf,
  type DictationEvent,
  type DictationSession,
  type StartFailure,
  type StopOutcome,
} from '../../services/speech/types'

export type SessionSignal =
  | DictationEvent
  | { type: 'startSettled'; failure: StartFailure | null; detail: string }
  | { type: 'stopSettled'; outcome: StopOutcome }

export interface SessionDriver {
  channel: EventChannel<SessionSignal>
  start(): void
  stop(timeoutMs: number): void
}

/**
 * The session as one ordered stream. `start` and `stop` report their outcome into the same
 * channel as the recognizer's events; closing the channel unsubscribes from the session.
 */
export function driveSession(session: DictationSession): SessionDriver {
  let emit: (signal: SessionSignal) => void = () => undefined
  const channel = eventChannel<SessionSignal>((emitter) => {
    emit = emitter
    return session.subscribe(emitter)
  }, buffers.expanding<SessionSignal>(64))
  return {
    channel,
    start() {
      session.start().then(
        () => {
          emit({ type: 'startSettled', failure: null, detail: '' })
        },
        (error: unknown) => {
          emit({ type: 'startSettled', failure: startFailureOf(error), detail: String(error) })
        },
      )
    },
    stop(timeoutMs) {
      session.stop(timeoutMs).then(
        (outcome) => {
          emit({ type: 'stopSettled', outcome })
        },
        () => {
          emit({ type: 'stopSettled', outcome: 'failed' })
        },
      )
    },
  }
}

/** What one recording has heard: its final phrases, then the phrase still being spoken. */
export interface Transcript {
  readonly committed: string
  readonly hypothesis: string
}

export const EMPTY_TRANSCRIPT: Transcript = Object.freeze({ committed: '', hypothesis: '' })

/** An interim result replaces the phrase being spoken. */
export function withHypothesis(transcript: Transcript, text: string): Transcript {
  return { committed: transcript.committed, hypothesis: text }
}

/** A final phrase joins the others; the next phrase starts empty. */
export function withPhrase(transcript: Transcript, text: string): Transcript {
  return { committed: joinDictation(transcript.committed, text), hypothesis: '' }
}

/** Everything dictated so far, as one text. */
export function spokenText(transcript: Transcript): string {
  return joinDictation(transcript.committed, transcript.hypothesis)
}
