/**
 * The recognizer as the saga sees it: one ordered stream of signals per session, and the
 * transcript those signals build up.
 *
 * The recognizer's events and the settling of its `start` and `stop` arrive through one
 * `eventChannel`, in the order they happened: the last phrases the service sends while stopping
 * are handled before the stop's confirmation, so no words are lost.
 *
 * The transcript (final phrases, then the phrase being spoken) belongs to the recording that
 * hears it; the voice commands of free text (textDictation.ts) edit it. No slice keeps it: the chat input's draft shows it, composed after the text typed
 * before, and the dictation slice counts its words.
 */
import { buffers, eventChannel, type EventChannel } from 'redux-saga'
import { appendDictation } from '../../features/dictation'
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
  /** What `committed` was before each phrase and paragraph, for 'scratch that' (VC-3). */
  readonly earlier: readonly string[]
}

export const EMPTY_TRANSCRIPT: Transcript = Object.freeze({
  committed: '',
  hypothesis: '',
  earlier: Object.freeze([]),
})

/** An interim result replaces the phrase being spoken. */
export function withHypothesis(transcript: Transcript, text: string): Transcript {
  return { ...transcript, hypothesis: text }
}

/** A final phrase joins the others; the next phrase starts empty. */
export function withPhrase(transcript: Transcript, text: string): Transcript {
  if (text.trim() === '') return { ...transcript, hypothesis: '' }
  return {
    committed: appendDictation(transcript.committed, text),
    hypothesis: '',
    earlier: [...transcript.earlier, transcript.committed],
  }
}

/** 'new paragraph' (VC-4): the next phrase starts after a blank line. */
export function withParagraph(transcript: Transcript): Transcript {
  return {
    committed: `${transcript.committed.trimEnd()}\n\n`,
    hypothesis: '',
    earlier: [...transcript.earlier, transcript.committed],
  }
}

/** 'scratch that' (VC-3): the last phrase (or paragraph) of the recording goes. */
export function withoutLastPhrase(transcript: Transcript): Transcript {
  const previous = transcript.earlier.at(-1)
  if (previous === undefined) return { ...transcript, hypothesis: '' }
  return { committed: previous, hypothesis: '', earlier: transcript.earlier.slice(0, -1) }
}

/** Everything dictated so far, as one text. */
export function spokenText(transcript: Transcript): string {
  return appendDictation(transcript.committed, transcript.hypothesis)
}
