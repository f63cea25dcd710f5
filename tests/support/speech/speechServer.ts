/**
 * A loopback speech service for tests: it speaks the WebSocket protocol of Azure's speech
 * recognition endpoint (the one an on-prem speech container speaks too) well enough for the
 * real Speech SDK to run a continuous recognition against it, with the recognized text
 * scripted by the test instead of heard. Text frames are header lines, a blank line and JSON;
 * binary frames carry a 2-byte header length, the headers and PCM; answers must echo the
 * latest X-RequestId or the SDK ignores them.
 *
 * - `speech.config` and `speech.context` messages are recorded, so a test can check how the SPA
 *   configured the recognizer (language, profanity, word timings, segmentation, phrase hints).
 * - Audio drives the script: every scripted word is "heard" after `msPerWord` of received audio,
 *   answered with `speech.hypothesis` for the growing phrase and `speech.phrase` when the phrase
 *   is complete. The empty audio frame the SDK sends on stop ends the turn (`turn.end`).
 * - `drop()` kills every socket and refuses new ones, like a service that went away, so the SDK
 *   gives up after its retries and fires `canceled` with an error.
 *
 * The same controls are served over HTTP on the same port (for the browser test and the CLI):
 *   GET  /__control/state         everything recorded so far
 *   GET  /__control/last-context  the latest speech.context (404 before the first)
 *   POST /__control/script        {phrases: string[], msPerWord?: number}
 *   POST /__control/drop          kill sockets, refuse new ones
 *   POST /__control/restore       accept connections again
 *   POST /__control/hold-turn-end never confirm the end of a turn (a hanging stop)
 *   POST /__control/reset         forget everything, accept connections
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'

export const RECOGNITION_PATH = '/speech/recognition/conversation/cognitiveservices/v1'

/** Audio of one scripted word, unless the script says otherwise. */
export const DEFAULT_MS_PER_WORD = 120

/** The service's time unit: offsets and durations are in 100 ns ticks. */
const TICKS_PER_MS = 10_000

/** 16 kHz, 16-bit mono: what the SDK sends unless the WAV header of the turn says otherwise. */
const DEFAULT_BYTES_PER_MS = 32

export interface RecordedConnection {
  path: string
  /** The query string, where the browser SDK puts what it cannot send as headers. */
  query: Record<string, string>
  /** The bearer token the client presented (query `Authorization` or header), if any. */
  token: string | null
}

export interface RecordedMessage {
  requestId: string
  body: unknown
}

export interface SpeechServerState {
  connections: RecordedConnection[]
  configs: RecordedMessage[]
  contexts: RecordedMessage[]
  /** PCM bytes received (RIFF headers excluded). */
  audioBytes: number
  /** Empty audio frames received: one per stopped recognition. */
  audioEnds: number
  telemetry: number
  /** Phrases sent as `speech.phrase`, in order. */
  recognized: string[]
  /** Scripted phrases not yet heard. */
  pending: string[]
  dropped: boolean
  openSockets: number
}

export interface SpeechScript {
  phrases: readonly string[]
  msPerWord?: number
}

export interface SpeechServer {
  /** http://127.0.0.1:PORT, for the control API. */
  readonly url: string
  /** ws://127.0.0.1:PORT, what the app server's SPEECH_HOST should be. */
  readonly wsUrl: string
  readonly port: number
  state(): SpeechServerState
  lastContext(): unknown
  script(script: SpeechScript): void
  drop(): void
  restore(): void
  /** While on, the end of a turn is never confirmed, as by a service that hangs on stop. */
  holdTurnEnd(on: boolean): void
  reset(): void
  close(): Promise<void>
}

export interface SpeechServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Loopback only: tests never listen on a public interface. */
  host?: '127.0.0.1'
}

interface ParsedMessage {
  headers: Record<string, string>
  body: string | Buffer | null
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const line of block.split(/\r\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return headers
}

function parseText(text: string): ParsedMessage {
  const split = text.indexOf('\r\n\r\n')
  if (split < 0) return { headers: parseHeaders(text), body: null }
  return { headers: parseHeaders(text.slice(0, split)), body: text.slice(split + 4) }
}

/** Binary frames: a 2-byte big-endian header length, the header lines, then the payload. */
function parseBinary(data: Buffer): ParsedMessage {
  if (data.length < 2) return { headers: {}, body: null }
  const headerLength = data.readUInt16BE(0)
  const headers = parseHeaders(data.subarray(2, 2 + headerLength).toString('latin1'))
  const payload = data.subarray(2 + headerLength)
  return { headers, body: payload.length > 0 ? payload : null }
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data
  if (Array.isArray(data)) return Buffer.concat(data)
  return Buffer.from(data)
}

function parseJson(text: string | Buffer | null): unknown {
  if (text === null) return null
  try {
    return JSON.parse(text.toString()) as unknown
  } catch {
    return text.toString()
  }
}

function tokenOf(query: URLSearchParams, request: IncomingMessage): string | null {
  const raw = query.get('Authorization') ?? request.headers.authorization ?? null
  if (raw === null) return null
  return raw.replace(/^Bearer\s+/i, '')
}

interface Word {
  text: string
  offsetTicks: number
  durationTicks: number
}

/** One socket's protocol state: the request it answers and how far the script has got. */
class RecognitionConnection {
  private requestId = ''
  private turnOpen = false
  private bytesPerMs = DEFAULT_BYTES_PER_MS
  private audioMs = 0
  private phraseWords: Word[] = []
  /** Audio time at which the next scripted word starts. */
  private nextWordAtMs = 0
  private speechStarted = false

  constructor(
    private readonly socket: WebSocket,
    private readonly server: ScriptedService,
  ) {}

  handle(data: RawData, isBinary: boolean): void {
    const message = isBinary ? parseBinary(toBuffer(data)) : parseText(toBuffer(data).toString())
    const path = (message.headers.path ?? '').toLowerCase()
    const requestId = message.headers['x-requestid']
    if (requestId) this.requestId = requestId
    switch (path) {
      case 'speech.config':
        this.server.recorded.configs.push({
          requestId: this.requestId,
          body: parseJson(message.body),
        })
        break
      case 'speech.context':
        this.server.recorded.contexts.push({
          requestId: this.requestId,
          body: parseJson(message.body),
        })
        break
      case 'telemetry':
        this.server.recorded.telemetry += 1
        break
      case 'audio':
        this.audio(message.body)
        break
      default:
        break
    }
  }

  private audio(body: string | Buffer | null): void {
    if (body === null || body.length === 0) {
      this.endTurn()
      return
    }
    const chunk = Buffer.isBuffer(body) ? body : Buffer.from(body)
    if (!this.turnOpen) {
      this.turnOpen = true
      this.audioMs = 0
      this.nextWordAtMs = 0
      this.speechStarted = false
      this.send('turn.start', { context: { serviceTag: 'loopback' } })
    }
    let pcm = chunk
    if (chunk.length >= 44 && chunk.toString('latin1', 0, 4) === 'RIFF') {
      // The first frame of a turn is the WAV header; its byte rate paces the script.
      const byteRate = chunk.readUInt32LE(28)
      if (byteRate > 0) this.bytesPerMs = byteRate / 1000
      pcm = chunk.subarray(44)
    }
    if (pcm.length === 0) return
    this.server.recorded.audioBytes += pcm.length
    this.audioMs += pcm.length / this.bytesPerMs
    this.hear()
  }

  /** Emits every scripted word whose audio has arrived; words follow each other without gaps. */
  private hear(): void {
    for (;;) {
      const phrase = this.server.pending[0]
      if (phrase === undefined) {
        // Silence: a phrase scripted later starts at the audio time it is scripted at.
        this.nextWordAtMs = Math.max(this.nextWordAtMs, this.audioMs)
        return
      }
      const words = phrase.split(/\s+/).filter(Boolean)
      if (!this.speechStarted) {
        this.speechStarted = true
        this.send('speech.startDetected', { Offset: Math.round(this.nextWordAtMs * TICKS_PER_MS) })
      }
      if (this.audioMs < this.nextWordAtMs + this.server.msPerWord) return
      const text = words[this.phraseWords.length] ?? ''
      this.phraseWords.push(this.word(text, this.nextWordAtMs))
      this.nextWordAtMs += this.server.msPerWord
      this.hypothesis()
      if (this.phraseWords.length >= words.length) this.finishPhrase()
    }
  }

  private phraseWordsEndMs(): number {
    const last = this.phraseWords.at(-1)
    return last ? (last.offsetTicks + last.durationTicks) / TICKS_PER_MS : this.nextWordAtMs
  }

  private word(text: string, atMs: number): Word {
    return {
      text,
      offsetTicks: Math.round(atMs * TICKS_PER_MS),
      durationTicks: Math.round(this.server.msPerWord * TICKS_PER_MS),
    }
  }

  private hypothesis(): void {
    const first = this.phraseWords[0]
    if (!first) return
    this.send('speech.hypothesis', {
      Text: this.phraseWords.map((w) => w.text).join(' '),
      Offset: first.offsetTicks,
      Duration: Math.round(this.phraseWordsEndMs() * TICKS_PER_MS) - first.offsetTicks,
    })
  }

  /** The phrase heard so far becomes final; it leaves the script. */
  private finishPhrase(): void {
    const first = this.phraseWords[0]
    const display = this.phraseWords.map((w) => w.text).join(' ')
    if (first) {
      const offset = first.offsetTicks
      const duration = Math.round(this.phraseWordsEndMs() * TICKS_PER_MS) - offset
      this.send('speech.phrase', {
        RecognitionStatus: 'Success',
        Offset: offset,
        Duration: duration,
        DisplayText: display,
        NBest: [
          {
            Confidence: 0.95,
            Lexical: display.toLowerCase(),
            ITN: display.toLowerCase(),
            MaskedITN: display.toLowerCase(),
            Display: display,
            Words: this.phraseWords.map((w) => ({
              Word: w.text,
              Offset: w.offsetTicks,
              Duration: w.durationTicks,
            })),
          },
        ],
      })
      this.server.recorded.recognized.push(display)
    }
    this.phraseWords = []
    this.server.pending.shift()
  }

  private endTurn(): void {
    this.server.recorded.audioEnds += 1
    // What was heard of an unfinished phrase is still recognized, as the real service does.
    // The rest of that phrase stays in the script for the next recording.
    if (this.phraseWords.length > 0) {
      const words = (this.server.pending[0] ?? '').split(/\s+/).filter(Boolean)
      const rest = words.slice(this.phraseWords.length).join(' ')
      this.finishPhrase()
      if (rest !== '') this.server.pending.unshift(rest)
    }
    if (this.turnOpen)
      this.send('speech.endDetected', { Offset: Math.round(this.audioMs * TICKS_PER_MS) })
    else this.send('turn.start', { context: { serviceTag: 'loopback' } })
    this.turnOpen = false
    if (!this.server.turnEndHeld) this.send('turn.end', {})
  }

  private send(path: string, body: unknown): void {
    if (this.socket.readyState !== this.socket.OPEN) return
    const headers = [
      `X-RequestId: ${this.requestId}`,
      'Content-Type: application/json; charset=utf-8',
      `Path: ${path}`,
    ].join('\r\n')
    this.socket.send(`${headers}\r\n\r\n${JSON.stringify(body)}`)
  }
}

/** State shared by every connection of one server. */
class ScriptedService {
  recorded: Omit<SpeechServerState, 'pending' | 'dropped' | 'openSockets'> = ScriptedService.empty()
  pending: string[] = []
  msPerWord = DEFAULT_MS_PER_WORD
  dropped = false
  turnEndHeld = false

  static empty(): Omit<SpeechServerState, 'pending' | 'dropped' | 'openSockets'> {
    return {
      connections: [],
      configs: [],
      contexts: [],
      audioBytes: 0,
      audioEnds: 0,
      telemetry: 0,
      recognized: [],
    }
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  response.end(JSON.stringify(body))
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return text === '' ? null : (JSON.parse(text) as unknown)
}

function parseScript(body: unknown): SpeechScript | null {
  if (typeof body !== 'object' || body === null || !('phrases' in body)) return null
  const { phrases } = body
  if (!Array.isArray(phrases) || !phrases.every((p): p is string => typeof p === 'string')) {
    return null
  }
  const msPerWord = 'msPerWord' in body ? body.msPerWord : undefined
  if (msPerWord !== undefined && (typeof msPerWord !== 'number' || !(msPerWord > 0))) return null
  return msPerWord === undefined ? { phrases } : { phrases, msPerWord }
}

export async function startSpeechServer(options: SpeechServerOptions = {}): Promise<SpeechServer> {
  const service = new ScriptedService()
  const sockets = new Set<WebSocket>()
  const wss = new WebSocketServer({ noServer: true })

  const api: Omit<SpeechServer, 'url' | 'wsUrl' | 'port'> = {
    state: () => ({
      ...structuredClone(service.recorded),
      pending: [...service.pending],
      dropped: service.dropped,
      openSockets: sockets.size,
    }),
    lastContext: () => service.recorded.contexts.at(-1)?.body ?? null,
    script: ({ phrases, msPerWord }) => {
      service.pending.push(...phrases.filter((p) => p.trim() !== ''))
      if (msPerWord !== undefined) service.msPerWord = msPerWord
    },
    drop: () => {
      service.dropped = true
      for (const socket of sockets) socket.terminate()
    },
    restore: () => {
      service.dropped = false
    },
    holdTurnEnd: (on) => {
      service.turnEndHeld = on
    },
    reset: () => {
      service.recorded = ScriptedService.empty()
      service.pending = []
      service.msPerWord = DEFAULT_MS_PER_WORD
      service.dropped = false
      service.turnEndHeld = false
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.terminate()
        wss.close()
        http.closeAllConnections()
        http.close(() => {
          resolve()
        })
      }),
  }

  async function control(request: IncomingMessage, path: string): Promise<[number, unknown]> {
    const route = `${request.method ?? 'GET'} ${path}`
    switch (route) {
      case 'GET /__control/state':
        return [200, api.state()]
      case 'GET /__control/last-context': {
        const context = api.lastContext()
        return context === null
          ? [404, { error: 'no speech.context received yet' }]
          : [200, context]
      }
      case 'POST /__control/script': {
        const script = parseScript(await readBody(request).catch(() => null))
        if (!script) return [400, { error: 'expected {phrases: string[], msPerWord?: number}' }]
        api.script(script)
        return [200, { pending: service.pending }]
      }
      case 'POST /__control/drop':
        api.drop()
        return [200, { dropped: true }]
      case 'POST /__control/restore':
        api.restore()
        return [200, { dropped: false }]
      case 'POST /__control/hold-turn-end':
        api.holdTurnEnd(true)
        return [200, { turnEndHeld: true }]
      case 'POST /__control/reset':
        api.reset()
        return [200, { reset: true }]
      default:
        return [404, { error: `no control route ${route}` }]
    }
  }

  const http = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://loopback').pathname
    if (path === '/healthz') {
      sendJson(response, 200, { ok: true })
      return
    }
    control(request, path).then(
      ([status, body]) => {
        sendJson(response, status, body)
      },
      (error: unknown) => {
        sendJson(response, 500, { error: String(error) })
      },
    )
  })

  http.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://loopback')
    if (url.pathname !== RECOGNITION_PATH || service.dropped) {
      // Refused like an unreachable service: the SDK counts it as a failed connection attempt.
      socket.end(
        'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
      )
      return
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      service.recorded.connections.push({
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        token: tokenOf(url.searchParams, request),
      })
      sockets.add(ws)
      const connection = new RecognitionConnection(ws, service)
      ws.on('message', (data, isBinary) => {
        connection.handle(data, isBinary)
      })
      ws.on('close', () => sockets.delete(ws))
      ws.on('error', () => sockets.delete(ws))
    })
  })

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      http.off('error', reject)
      resolve()
    })
  })
  const { port } = http.address() as AddressInfo
  return {
    ...api,
    port,
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
  }
}
