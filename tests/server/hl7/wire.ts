/**
 * What the hospital's side reads of our acknowledgements, read by HL7 implementations we did not
 * write: npm `hl7v2` (panates) in process and python-hl7 (Debian's python3-hl7) in a child process.
 * And a conversation on one MLLP connection: messages sent, every frame that came back.
 */
import { execFileSync } from 'node:child_process'
import net from 'node:net'
import { HL7Message } from 'hl7v2'
import { afterAll, beforeAll } from 'vitest'
import { startTestApp, type TestApp } from '../../support/testApp'

const VT = '\x0b'
const END = '\x1c\r'

export interface ReadAck {
  code: string
  /** MSA-2: the control id of the message acknowledged. */
  acknowledges: string
  /** MSH-10: the acknowledgement's own control id. */
  controlId: string
  type: string
  time: string
  acceptType: string
  applicationType: string
  /** ERR-2 (SEG^seq^field) and ERR-3.1 of each ERR. */
  errors: { location: string; code: string }[]
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''

/** An ACK as npm `hl7v2` reads it (throws when it cannot). */
export function readAck(ack: string): ReadAck {
  const message = HL7Message.parse(ack)
  const msh = message.header
  const msa = message.getSegment('MSA')
  if (!msa) throw new Error('no MSA')
  const errors: ReadAck['errors'] = []
  for (const segment of message.segments) {
    if (segment.segmentType !== 'ERR') continue
    const location = [1, 2, 3, 4]
      .map((c) => text(segment.field(2).getValue(c)))
      .filter(Boolean)
      .join('^')
    errors.push({ location, code: text(segment.field(3).getValue(1)) })
  }
  return {
    code: text(msa.field(1).getValue()),
    acknowledges: text(msa.field(2).getValue()),
    controlId: message.controlId,
    type: msh.field(9).toHL7String(),
    time: msh.field(7).toHL7String(),
    acceptType: text(msh.field(15).getValue()),
    applicationType: text(msh.field(16).getValue()),
    errors,
  }
}

/** MSA-1, MSA-2 and MSH-7 of each ACK as python-hl7 reads them. */
export function readAcksInPython(
  acks: string[],
): { code: string; acknowledges: string; time: string }[] {
  const script = [
    'import hl7, json, sys',
    'out = []',
    'for text in json.load(sys.stdin):',
    '    m = hl7.parse(text)',
    "    out.append({'code': str(m['MSA.F1']), 'acknowledges': str(m['MSA.F2']), 'time': str(m['MSH.F7'])})",
    'print(json.dumps(out))',
  ].join('\n')
  // Debian's interpreter, where python3-hl7 is installed (not a virtualenv's on PATH).
  const output = execFileSync('/usr/bin/python3', ['-c', script], { input: JSON.stringify(acks) })
  return JSON.parse(output.toString('utf8')) as {
    code: string
    acknowledges: string
    time: string
  }[]
}

export interface Conversation {
  /** Every frame received so far. */
  frames: string[]
  /** Sends one message framed (as `encoding` bytes). */
  send(message: string, encoding?: BufferEncoding): void
  /** Resolves with the frames once `count` have come (bounded against a hang). */
  until(count: number, boundMs?: number): Promise<string[]>
  /** Resolves when the server closed the connection. */
  closed: Promise<void>
  socket: net.Socket
  close(): void
}

/** One MLLP connection to the listener, kept open. */
export async function converse(port: number): Promise<Conversation> {
  const socket = net.connect({ host: '127.0.0.1', port })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  const frames: string[] = []
  const waiters = new Set<() => void>()
  let buffer = Buffer.alloc(0)
  socket.on('error', () => undefined)
  socket.on('data', (data: Buffer) => {
    buffer = Buffer.concat([buffer, data])
    for (;;) {
      const start = buffer.indexOf(VT)
      const end = buffer.indexOf(END)
      if (start < 0 || end < 0) break
      frames.push(buffer.subarray(start + 1, end).toString('utf8'))
      buffer = buffer.subarray(end + 2)
    }
    for (const wake of [...waiters]) wake()
  })
  const closed = new Promise<void>((resolve) => {
    socket.once('close', () => {
      resolve()
    })
  })
  return {
    frames,
    socket,
    closed,
    send(message, encoding = 'utf8') {
      socket.write(
        Buffer.concat([Buffer.from(VT), Buffer.from(message, encoding), Buffer.from(END)]),
      )
    },
    until(count, boundMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (frames.length < count) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve(frames.slice())
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`${frames.length} of ${count} frames within ${boundMs} ms`))
        }, boundMs)
        waiters.add(check)
        check()
      })
    },
    close() {
      socket.destroy()
    },
  }
}

/** An order message with MSH-15/16 (and MSH-18) set as given, from an ORM the support file built. */
export function withHeader(
  message: string,
  fields: { accept?: string; application?: string; charset?: string; version?: string },
): string {
  const [msh = '', ...rest] = message.split('\r')
  const f = msh.split('|')
  while (f.length < 18) f.push('')
  if (fields.version !== undefined) f[11] = fields.version
  f[14] = fields.accept ?? ''
  f[15] = fields.application ?? ''
  f[17] = fields.charset ?? f[17] ?? ''
  return [f.join('|'), ...rest].join('\r')
}

/**
 * For a describe block: the test app with its MLLP listener on a free port (and `env`), started
 * before its tests and closed after them.
 */
export function withListener(env: Record<string, string> = {}): {
  app: () => TestApp
  port: () => number
} {
  let t: TestApp | undefined
  beforeAll(async () => {
    t = await startTestApp({ env: { HL7_LISTEN_PORT: '0', ...env } })
  })
  afterAll(async () => {
    await t?.close()
  })
  const app = () => {
    if (!t) throw new Error('the test app is not started')
    return t
  }
  return { app, port: () => app().app.hl7.port() ?? 0 }
}

/** Sends `messages` on one new connection; the frames that came back once `count` have. */
export async function exchange(
  port: number,
  messages: string[],
  count: number,
  encoding: BufferEncoding = 'utf8',
): Promise<string[]> {
  const peer = await converse(port)
  try {
    for (const message of messages) peer.send(message, encoding)
    return await peer.until(count)
  } finally {
    peer.close()
  }
}
