/**
 * The boundary between the dictation saga and a speech recognizer. The saga sees only these
 * types: the Azure engine implements them over the Speech SDK, tests use a scriptable double.
 * Everything that crosses it is plain data, so recognizer events can become store actions
 * without carrying the recognizer along.
 */

export interface RecognizedWord {
  word: string
  offsetMs: number
  durationMs: number
}

export type DictationEvent =
  | { type: 'sessionStarted' }
  | { type: 'sessionStopped' }
  /** Interim text of the phrase being spoken; replaced by the next one. */
  | { type: 'recognizing'; text: string }
  /** A final phrase. */
  | { type: 'recognized'; text: string; words: RecognizedWord[] }
  /**
   * The recognizer gave up (`error`: the service is unreachable after the SDK's own retries) or
   * the audio ended (`endOfStream`).
   */
  | { type: 'canceled'; reason: 'error' | 'endOfStream'; message: string }

export type StopOutcome = 'stopped' | 'timeout' | 'failed'

export interface DictationSessionOptions {
  /** A short-lived authorization token from the server's speech token call (never blank). */
  token: string
  region: string
  /** An on-prem speech container (or a test server) to use instead of Azure's cloud. */
  host?: string
  /** Recognition hints: the study's modality and body part vocabulary. */
  phrases: readonly string[]
}

/** One recording: one recognizer, opened by `start`, released by `close`. */
export interface DictationSession {
  /**
   * Opens the microphone and the connection. Rejects with an error named `NotAllowedError`
   * when the microphone is refused and `NotFoundError` when there is none.
   */
  start(): Promise<void>
  /**
   * Ends the recording; the last phrases still arrive as `recognized` before it settles.
   * Settles 'timeout' when the service does not confirm within `timeoutMs`.
   */
  stop(timeoutMs?: number): Promise<StopOutcome>
  /** A fresh token for the open connection and any reconnection (tokens expire after 10 min). */
  updateToken(token: string): void
  /** Releases microphone and socket, stopping first if needed. Safe to call more than once. */
  close(): Promise<void>
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: DictationEvent) => void): () => void
}

export interface DictationEngine {
  /** Loads what recording needs (the SDK's code), so the first start does not wait for it. */
  load(): Promise<void>
  create(options: DictationSessionOptions): DictationSession
}

/** The error names `start` rejects with; they are the DOM's names for getUserMedia failures. */
export const MICROPHONE_DENIED = 'NotAllowedError'
export const MICROPHONE_MISSING = 'NotFoundError'

export type StartFailure = 'microphoneDenied' | 'microphoneMissing' | 'failed'

/** What went wrong when a session did not start, from whatever the engine rejected with. */
export function startFailureOf(error: unknown): StartFailure {
  const name =
    typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string'
      ? error.name
      : ''
  if (name === MICROPHONE_DENIED || name === 'SecurityError') return 'microphoneDenied'
  if (name === MICROPHONE_MISSING || name === 'OverconstrainedError') return 'microphoneMissing'
  return 'failed'
}
