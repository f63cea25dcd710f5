/**
 * The Azure engine with the real Speech SDK against the loopback speech server: proves the
 * recognizer's configuration as the service receives it (DC-6), the events the saga gets,
 * token renewal, the SDK giving up on a dropped service (DC-7), and that stop and close
 * always release the connection. Audio comes from a push stream instead of a microphone.
 *
 * MSW is switched off for this file: it intercepts WebSockets and cannot pass the SDK's
 * frames through to a real server. The file makes no HTTP call of the app.
 */
import type * as SpeechSdkModule from 'microsoft-cognitiveservices-speech-sdk'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SEGMENTATION_SILENCE_MS } from '../../../../src/shared/constants'
import { createAzureDictationEngine } from '../../../../src/services/speech/azureEngine'
import { startErrorOf, wordsOf } from '../../../../src/services/speech/sdkResults'
import {
  startFailureOf,
  type DictationEvent,
  type DictationSession,
} from '../../../../src/services/speech/types'
import { server as msw } from '../../../support/msw/server'
import {
  RECOGNITION_PATH,
  startSpeechServer,
  type SpeechServer,
} from '../../../support/speech/speechServer'

/** 16 kHz, 16-bit mono PCM: 32 bytes per millisecond. */
const BYTES_PER_MS = 32

beforeAll(() => {
  msw.close()
})
afterAll(() => {
  msw.listen({ onUnhandledRequest: 'error' })
})

let speech: SpeechServer
let streams: SpeechSdkModule.PushAudioInputStream[]
let sessions: DictationSession[]

beforeEach(async () => {
  speech = await startSpeechServer()
  streams = []
  sessions = []
})

afterEach(async () => {
  await Promise.all(sessions.map((session) => session.close()))
  await speech.close()
})

function openSession(phrases: readonly string[] = ['CT Chest', 'pneumothorax'], token = 'token-A') {
  const engine = createAzureDictationEngine({
    segmentationSilenceMs: SEGMENTATION_SILENCE_MS,
    audioConfig: (sdk) => {
      const stream = sdk.AudioInputStream.createPushStream()
      streams.push(stream)
      return sdk.AudioConfig.fromStreamInput(stream)
    },
  })
  const session = engine.create({ token, region: 'local', host: speech.wsUrl, phrases })
  sessions.push(session)
  const events: DictationEvent[] = []
  session.subscribe((event) => events.push(event))
  return { engine, session, events }
}

/** Silence of `ms` milliseconds into the latest recording's audio. */
function pushAudio(ms: number) {
  const stream = streams.at(-1)
  if (!stream) throw new Error('no recording')
  for (let done = 0; done < ms; done += 100) {
    stream.write(new ArrayBuffer(Math.min(100, ms - done) * BYTES_PER_MS))
  }
}

const texts = (events: DictationEvent[], type: 'recognizing' | 'recognized') =>
  events.flatMap((event) => (event.type === type ? [event.text] : []))

describe('the Azure engine against a speech service', () => {
  it('DC-6 recognizes en-US with raw profanity, word timings, 600 ms segmentation and the study phrases', async () => {
    speech.script({ phrases: ['no acute findings', 'lungs are clear'], msPerWord: 50 })
    const { session, events } = openSession()

    await session.start()
    pushAudio(400)
    await vi.waitFor(() => {
      expect(texts(events, 'recognized')).toEqual(['no acute findings', 'lungs are clear'])
    })
    expect(await session.stop()).toBe('stopped')

    const context = speech.lastContext() as {
      phraseDetection: {
        language: string
        enrichment: { profanity: string }
        conversation: { segmentation: { segmentationSilenceTimeoutMs: number } }
      }
      phraseOutput: { format: string; detailed: { options: string[] } }
      dgi: { groups: { items: { text: string }[] }[] }
    }
    expect(context.phraseDetection.language).toBe('en-US')
    expect(context.phraseDetection.enrichment.profanity).toBe('Raw')
    expect(context.phraseOutput.format).toBe('Detailed')
    expect(context.phraseOutput.detailed.options).toContain('WordTimings')
    expect(context.phraseDetection.conversation.segmentation.segmentationSilenceTimeoutMs).toBe(600)
    expect(context.dgi.groups.flatMap((group) => group.items.map((item) => item.text))).toEqual([
      'CT Chest',
      'pneumothorax',
    ])
    const [connection] = speech.state().connections
    expect(connection).toMatchObject({ path: RECOGNITION_PATH, token: 'token-A' })
    expect(connection?.query.language).toBe('en-US')
  })

  it('DC-8 hands on interim text, final phrases with their words, and the session boundaries', async () => {
    speech.script({ phrases: ['mild cardiomegaly'], msPerWord: 50 })
    const { session, events } = openSession()

    await session.start()
    pushAudio(200)
    await vi.waitFor(() => {
      expect(texts(events, 'recognized')).toEqual(['mild cardiomegaly'])
    })
    await session.stop()

    expect(texts(events, 'recognizing')).toEqual(['mild', 'mild cardiomegaly'])
    const recognized = events.find((event) => event.type === 'recognized')
    expect(recognized).toEqual({
      type: 'recognized',
      text: 'mild cardiomegaly',
      words: [
        { word: 'mild', offsetMs: 0, durationMs: 50 },
        { word: 'cardiomegaly', offsetMs: 50, durationMs: 50 },
      ],
    })
    expect(events[0]).toEqual({ type: 'sessionStarted' })
    expect(events.at(-1)).toEqual({ type: 'sessionStopped' })
  })

  it('DC-3 the phrase still being spoken when stop is pressed arrives before stop settles', async () => {
    speech.script({ phrases: ['small left pleural effusion'], msPerWord: 100 })
    const { session, events } = openSession()
    await session.start()
    pushAudio(250)
    await vi.waitFor(() => {
      expect(texts(events, 'recognizing')).toEqual(['small', 'small left'])
    })

    await session.stop()

    expect(texts(events, 'recognized')).toEqual(['small left'])
  })

  it('DC-6 a renewed token is what the next connection presents', async () => {
    speech.script({ phrases: ['first', 'second'], msPerWord: 100 })
    const { session, events } = openSession(['CT Chest'], 'token-A')
    await session.start()
    pushAudio(100)
    await vi.waitFor(() => {
      expect(texts(events, 'recognized')).toEqual(['first'])
    })

    session.updateToken('token-B')
    // The service drops the socket once; the SDK reconnects while audio keeps coming.
    speech.drop()
    speech.restore()
    await vi.waitFor(
      () => {
        pushAudio(100)
        expect(texts(events, 'recognized')).toEqual(['first', 'second'])
      },
      { timeout: 10_000, interval: 50 },
    )
    expect(speech.state().connections.map((c) => c.token)).toEqual(['token-A', 'token-B'])
  })

  it('DC-7 a service that stays away ends in canceled with an error, and close still releases everything', async () => {
    speech.script({ phrases: ['the liver is normal'], msPerWord: 50 })
    const { session, events } = openSession()
    await session.start()
    pushAudio(100)
    await vi.waitFor(() => {
      expect(texts(events, 'recognizing')).toEqual(['the', 'the liver'])
    })

    speech.drop()
    // A live microphone keeps sending: each chunk makes the SDK try to reconnect.
    await vi.waitFor(
      () => {
        pushAudio(100)
        expect(events.find((event) => event.type === 'canceled')).toMatchObject({
          type: 'canceled',
          reason: 'error',
        })
      },
      { timeout: 15_000, interval: 50 },
    )
    await session.stop(1_000)
    await session.close()
    expect(speech.state().openSockets).toBe(0)
  })

  it('a stop the service never confirms settles as timeout, and close still closes the socket', async () => {
    speech.holdTurnEnd(true)
    speech.script({ phrases: ['pending'], msPerWord: 50 })
    const { session, events } = openSession()
    await session.start()
    pushAudio(100)
    // The turn has begun once the first words come back.
    await vi.waitFor(() => {
      expect(texts(events, 'recognized')).toEqual(['pending'])
    })

    expect(await session.stop(300)).toBe('timeout')
    await session.close()

    await vi.waitFor(() => {
      expect(speech.state().openSockets).toBe(0)
    })
    expect(speech.state().audioEnds).toBe(1)
  })

  it('close stops a running recognition first, and may be called again', async () => {
    speech.script({ phrases: ['unfinished'], msPerWord: 50 })
    const { session, events } = openSession()
    await session.start()
    pushAudio(100)
    await vi.waitFor(() => {
      expect(texts(events, 'recognized')).toEqual(['unfinished'])
    })

    await session.close()
    await session.close()

    expect(speech.state().audioEnds).toBe(1)
    await vi.waitFor(() => {
      expect(speech.state().openSockets).toBe(0)
    })
    await expect(session.start()).rejects.toThrow()
  })
})

describe('start failures and results, as the SDK reports them', () => {
  it('a refused microphone becomes a NotAllowedError, a missing one a NotFoundError', () => {
    const denied = startErrorOf(
      'Error occurred during microphone initialization: NotAllowedError: Permission denied',
    )
    expect(denied.name).toBe('NotAllowedError')
    expect(startFailureOf(denied)).toBe('microphoneDenied')
    const missing = startErrorOf(
      'Error occurred during microphone initialization: NotFoundError: Requested device not found',
    )
    expect(startFailureOf(missing)).toBe('microphoneMissing')
    expect(startFailureOf(startErrorOf('Unable to contact server. StatusCode: 1006'))).toBe(
      'failed',
    )
  })

  it('words come from the best result, in milliseconds; a result without them gives none', () => {
    const json = JSON.stringify({
      NBest: [{ Words: [{ Word: 'clear', Offset: 12_000_000, Duration: 3_000_000 }] }],
    })
    expect(wordsOf(json)).toEqual([{ word: 'clear', offsetMs: 1200, durationMs: 300 }])
    expect(wordsOf('not json')).toEqual([])
    expect(wordsOf(undefined)).toEqual([])
  })
})
