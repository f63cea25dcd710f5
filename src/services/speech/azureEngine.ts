/**
 * The dictation engine over Microsoft's Speech SDK. This module stays in the initial chunk and
 * holds no SDK code: `load` (called when dictation initializes) and the first `start` import
 * ./azureRecognizer, which brings the SDK along in a lazy chunk.
 *
 * One recognizer per session (= per recording). `close` always stops first, also after a
 * failed start or a cancellation, because a recognizer closed while recognizing can leave the
 * socket or the microphone open; `stop` and `close` are bounded by timeouts so a service that
 * never answers cannot hold the app.
 */
import type * as AzureRecognizer from './azureRecognizer'
import type { RecognizerHandle, RecognizerSettings } from './azureRecognizer'
import type {
  DictationEngine,
  DictationEvent,
  DictationSession,
  DictationSessionOptions,
  StopOutcome,
} from './types'

export interface AzureDictationEngineOptions {
  /** Speech_SegmentationSilenceTimeoutMs: the silence that ends a phrase (the app's constant). */
  segmentationSilenceMs: number
  language?: string
  /** Where the audio comes from; the microphone unless a test feeds a stream. */
  audioConfig?: RecognizerSettings['audioConfig']
}

export const DICTATION_LANGUAGE = 'en-US'

/** How long `stop` waits for the service's end of turn when no timeout is given. */
export const DEFAULT_STOP_TIMEOUT_MS = 10_000

type RecognizerModule = typeof AzureRecognizer

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, onTimeout: T): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => {
      resolve(onTimeout)
    }, timeoutMs)
    void promise.then((value) => {
      clearTimeout(timer)
      resolve(value)
    })
  })
}

class AzureDictationSession implements DictationSession {
  private readonly listeners = new Set<(event: DictationEvent) => void>()
  private recognizer: RecognizerHandle | null = null
  private token: string
  private startAttempted = false
  private stopping: Promise<StopOutcome> | null = null
  private closing: Promise<void> | null = null

  constructor(
    private readonly options: DictationSessionOptions,
    private readonly settings: RecognizerSettings,
    private readonly load: () => Promise<RecognizerModule>,
  ) {
    this.token = options.token
  }

  subscribe(listener: (event: DictationEvent) => void): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  private readonly emit = (event: DictationEvent): void => {
    for (const listener of this.listeners) listener(event)
  }

  async start(): Promise<void> {
    if (this.startAttempted) throw new Error('A dictation session records once; create another')
    this.startAttempted = true
    const { openRecognizer } = await this.load()
    if (this.closing) throw new Error('The dictation session was closed before it started')
    this.recognizer = openRecognizer(
      { ...this.options, token: this.token },
      this.settings,
      this.emit,
    )
    await this.recognizer.start()
  }

  stop(timeoutMs: number = DEFAULT_STOP_TIMEOUT_MS): Promise<StopOutcome> {
    const recognizer = this.recognizer
    if (!recognizer) return Promise.resolve('stopped')
    this.stopping ??= withTimeout<StopOutcome>(recognizer.stop(), timeoutMs, 'timeout')
    return this.stopping
  }

  updateToken(token: string): void {
    this.token = token
    this.recognizer?.setToken(token)
  }

  close(): Promise<void> {
    this.closing ??= this.release()
    return this.closing
  }

  private async release(): Promise<void> {
    const recognizer = this.recognizer
    if (recognizer) {
      await this.stop()
      await withTimeout(recognizer.close(), DEFAULT_STOP_TIMEOUT_MS, undefined)
    }
    this.listeners.clear()
  }
}

export function createAzureDictationEngine(options: AzureDictationEngineOptions): DictationEngine {
  const settings: RecognizerSettings = {
    language: options.language ?? DICTATION_LANGUAGE,
    segmentationSilenceMs: options.segmentationSilenceMs,
    ...(options.audioConfig ? { audioConfig: options.audioConfig } : {}),
  }
  let loading: Promise<RecognizerModule> | null = null
  const load = (): Promise<RecognizerModule> => {
    loading ??= import('./azureRecognizer').catch((error: unknown) => {
      // A chunk that failed to download (offline for a moment) may load for the next study.
      loading = null
      throw error
    })
    return loading
  }
  return {
    load: async () => {
      await load()
    },
    create: (sessionOptions) => new AzureDictationSession(sessionOptions, settings, load),
  }
}
