/**
 * Everything that touches Microsoft's Speech SDK, in one module that the Azure engine loads
 * with `import()`: the SDK (about 75 KB gzip, CommonJS, not tree-shakeable) and this code end up
 * in a lazy chunk of their own, fetched when dictation first initializes.
 *
 * Recognition per DC-6: en-US, raw profanity, word-level timestamps, the segmentation silence
 * the app passes in, the study's phrases as hints; `fromHost` for an on-prem container or test
 * server, with the token set on the config; the SDK's web worker off, because the page's CSP
 * does not allow the `data:` worker it would load. The SDK swallows exceptions thrown in its
 * callbacks, so the callbacks only turn the event into plain data and hand it on.
 */
import * as SpeechSdk from 'microsoft-cognitiveservices-speech-sdk'
// The SDK's audio worklet, served from our own origin: otherwise the SDK loads it from a blob:
// URL, which the page's CSP (script-src 'self') refuses.
import speechProcessorUrl from 'microsoft-cognitiveservices-speech-sdk/distrib/lib/src/common.browser/speech-processor.js?url&no-inline'
import { startErrorOf, wordsOf } from './sdkResults'
import type { DictationEvent, DictationSessionOptions } from './types'

export type Sdk = typeof SpeechSdk

/** The microphone input's property naming the worklet script (the SDK's MicAudioSource). */
const WORKLET_URL_PROPERTY = 'MICROPHONE-WorkletSourceUrl'

function microphone(): SpeechSdk.AudioConfig {
  const audio = SpeechSdk.AudioConfig.fromDefaultMicrophoneInput()
  audio.setProperty(WORKLET_URL_PROPERTY, speechProcessorUrl)
  return audio
}

export interface RecognizerSettings {
  language: string
  segmentationSilenceMs: number
  /** Where the audio comes from; the microphone unless a test feeds a stream. */
  audioConfig?: (sdk: Sdk) => SpeechSdk.AudioConfig
}

/** One SDK recognizer, reduced to what a dictation session needs. */
export interface RecognizerHandle {
  start(): Promise<void>
  /** Settles 'failed' when the SDK reports an error instead of the end of the turn. */
  stop(): Promise<'stopped' | 'failed'>
  setToken(token: string): void
  close(): Promise<void>
}

export function openRecognizer(
  options: DictationSessionOptions,
  settings: RecognizerSettings,
  emit: (event: DictationEvent) => void,
): RecognizerHandle {
  const { token, host, region, phrases } = options
  const config = host
    ? SpeechSdk.SpeechConfig.fromHost(new URL(host))
    : SpeechSdk.SpeechConfig.fromAuthorizationToken(token, region)
  if (host) config.authorizationToken = token
  config.speechRecognitionLanguage = settings.language
  config.setProfanity(SpeechSdk.ProfanityOption.Raw)
  config.requestWordLevelTimestamps()
  config.setProperty(
    SpeechSdk.PropertyId.Speech_SegmentationSilenceTimeoutMs,
    String(settings.segmentationSilenceMs),
  )
  config.setProperty(SpeechSdk.PropertyId.WebWorkerLoadType, 'off')
  const audio = settings.audioConfig ? settings.audioConfig(SpeechSdk) : microphone()
  const recognizer = new SpeechSdk.SpeechRecognizer(config, audio)
  if (phrases.length > 0) {
    SpeechSdk.PhraseListGrammar.fromRecognizer(recognizer).addPhrases([...phrases])
  }

  recognizer.sessionStarted = () => {
    emit({ type: 'sessionStarted' })
  }
  recognizer.sessionStopped = () => {
    emit({ type: 'sessionStopped' })
  }
  recognizer.recognizing = (_sender, event) => {
    emit({ type: 'recognizing', text: event.result.text })
  }
  recognizer.recognized = (_sender, event) => {
    // NoMatch results (noise, silence) carry no text and are not phrases.
    if (event.result.reason !== SpeechSdk.ResultReason.RecognizedSpeech || !event.result.text) {
      return
    }
    emit({ type: 'recognized', text: event.result.text, words: wordsOf(event.result.json) })
  }
  recognizer.canceled = (_sender, event) => {
    emit({
      type: 'canceled',
      reason: event.reason === SpeechSdk.CancellationReason.Error ? 'error' : 'endOfStream',
      message: event.errorDetails,
    })
  }

  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        recognizer.startContinuousRecognitionAsync(resolve, (reason) => {
          reject(startErrorOf(reason))
        })
      }),
    stop: () =>
      new Promise((resolve) => {
        recognizer.stopContinuousRecognitionAsync(
          () => {
            resolve('stopped')
          },
          () => {
            resolve('failed')
          },
        )
      }),
    setToken: (next) => {
      // The recognizer copied its configuration when it was built; only its own property counts.
      recognizer.authorizationToken = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        recognizer.close(resolve, () => {
          resolve()
        })
      }),
  }
}
