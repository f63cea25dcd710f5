/**
 * A scriptable dictation engine for saga and component tests: the test says what the
 * recognizer hears (`say`, `hear`), how it fails (`failNextStart`, `cancel`, `hangStop`) and
 * then checks what the session was asked to do (`starts`, `stops`, `closes`, `tokens`).
 * It keeps the real engine's contract: events only while started, stop settles after the last
 * `recognized`, close stops first and may be called again.
 */
import type {
  DictationEngine,
  DictationEvent,
  DictationSession,
  DictationSessionOptions,
  StopOutcome,
} from '../../../src/services/speech/types'

export class FakeDictationSession implements DictationSession {
  readonly tokens: string[] = []
  /** Every call the saga made, in order: 'start', 'stop', 'close', 'updateToken'. */
  readonly calls: string[] = []
  starts = 0
  stops = 0
  closes = 0
  /** Timeouts the saga passed to `stop`. */
  readonly stopTimeouts: (number | undefined)[] = []
  state: 'created' | 'starting' | 'started' | 'stopped' | 'closed' = 'created'
  private readonly listeners = new Set<(event: DictationEvent) => void>()
  private startSettle: { resolve: () => void; reject: (error: Error) => void } | null = null

  constructor(
    readonly options: DictationSessionOptions,
    private readonly engine: FakeDictationEngine,
  ) {
    this.tokens.push(options.token)
  }

  subscribe(listener: (event: DictationEvent) => void): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  get listenerCount(): number {
    return this.listeners.size
  }

  emit(event: DictationEvent): void {
    for (const listener of this.listeners) listener(event)
  }

  start(): Promise<void> {
    this.starts += 1
    this.calls.push('start')
    this.state = 'starting'
    const failure = this.engine.takeStartFailure()
    if (failure !== undefined) return Promise.reject(failure)
    if (this.engine.holdStarts) {
      return new Promise<void>((resolve, reject) => {
        this.startSettle = {
          resolve: () => {
            this.state = 'started'
            this.emit({ type: 'sessionStarted' })
            resolve()
          },
          reject,
        }
      })
    }
    this.state = 'started'
    this.emit({ type: 'sessionStarted' })
    return Promise.resolve()
  }

  /** Lets a start held by `engine.holdStarts` finish (the microphone prompt was answered). */
  finishStart(error?: Error): void {
    const settle = this.startSettle
    if (!settle) throw new Error('no start is waiting')
    this.startSettle = null
    if (error === undefined) settle.resolve()
    else settle.reject(error)
  }

  /** Interim text, as `recognizing` does while a phrase is spoken. */
  hear(text: string): void {
    this.emit({ type: 'recognizing', text })
  }

  /** A whole phrase: growing interim results word by word, then the final one. */
  say(phrase: string): void {
    const words = phrase.split(/\s+/).filter(Boolean)
    for (let i = 1; i <= words.length; i += 1) this.hear(words.slice(0, i).join(' '))
    this.emit({
      type: 'recognized',
      text: phrase,
      words: words.map((word, i) => ({ word, offsetMs: i * 300, durationMs: 300 })),
    })
  }

  cancel(reason: 'error' | 'endOfStream' = 'error', message = 'websocket error code: 1006'): void {
    this.emit({ type: 'canceled', reason, message })
  }

  stop(timeoutMs?: number): Promise<StopOutcome> {
    this.stops += 1
    this.calls.push('stop')
    this.stopTimeouts.push(timeoutMs)
    if (this.engine.hangStop) {
      // The service never confirms the end of the turn: only the timeout ends the wait.
      return new Promise((resolve) => {
        setTimeout(() => {
          resolve('timeout')
        }, timeoutMs ?? 10_000)
      })
    }
    const tail = this.engine.finalPhraseOnStop
    return Promise.resolve().then(() => {
      if (tail) this.emit({ type: 'recognized', text: tail, words: [] })
      if (this.state === 'started') this.emit({ type: 'sessionStopped' })
      if (this.state !== 'closed') this.state = 'stopped'
      return 'stopped' as const
    })
  }

  updateToken(token: string): void {
    this.calls.push('updateToken')
    this.tokens.push(token)
  }

  close(): Promise<void> {
    this.closes += 1
    this.calls.push('close')
    this.state = 'closed'
    this.listeners.clear()
    return Promise.resolve()
  }
}

export class FakeDictationEngine implements DictationEngine {
  readonly sessions: FakeDictationSession[] = []
  loads = 0
  /** The next `load` rejects with this (the SDK chunk could not be fetched). */
  loadFailure: Error | undefined = undefined
  /** Starts wait for `session.finishStart()`, like a microphone permission prompt. */
  holdStarts = false
  /** `stop` never hears back from the service and settles only by its timeout. */
  hangStop = false
  /** A phrase the service still delivers between `stop` and its confirmation. */
  finalPhraseOnStop: string | null = null
  private startFailures: Error[] = []

  load(): Promise<void> {
    this.loads += 1
    const failure = this.loadFailure
    this.loadFailure = undefined
    return failure === undefined ? Promise.resolve() : Promise.reject(failure)
  }

  create(options: DictationSessionOptions): FakeDictationSession {
    const session = new FakeDictationSession(options, this)
    this.sessions.push(session)
    return session
  }

  /** The next start rejects with `error` (e.g. the DOM's NotAllowedError). */
  failNextStart(error: Error): void {
    this.startFailures.push(error)
  }

  takeStartFailure(): Error | undefined {
    return this.startFailures.shift()
  }

  /** The session of the latest recording. */
  get session(): FakeDictationSession {
    const last = this.sessions.at(-1)
    if (!last) throw new Error('no dictation session was created')
    return last
  }
}

/** What a browser rejects getUserMedia with when the user refuses the microphone. */
export function microphoneDenied(): Error {
  const error = new Error('Permission denied')
  error.name = 'NotAllowedError'
  return error
}
