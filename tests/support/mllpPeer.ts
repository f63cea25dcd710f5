/**
 * The hospital's side of MLLP in tests, written on plain sockets and independent of the server's
 * own framing code: a RIS that sends orders (`sendFrame`, in whatever chunks a test asks for) and a
 * results receiver that can be up, down, slow, answer AE or drop the connection mid-answer.
 */
import net from 'node:net'
import { HL7Message } from 'hl7v2'

const VT = '\x0b'
const END = '\x1c\r'

/** Connects, writes `chunks` (each written apart, after the previous one left), waits for `answers` frames. */
export async function sendFrames(
  port: number,
  chunks: (string | Buffer)[],
  answers = 1,
  boundMs = 30_000,
): Promise<string[]> {
  const socket = net.connect({ host: '127.0.0.1', port })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  const frames: string[] = []
  const done = new Promise<string[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`no answer within ${boundMs} ms (got ${frames.length})`))
    }, boundMs)
    onFrames(socket, (message) => {
      frames.push(message)
      if (frames.length >= answers) {
        clearTimeout(timer)
        resolve(frames)
      }
    })
    socket.on('error', reject)
  })
  for (const chunk of chunks) {
    await new Promise<void>((resolve) =>
      socket.write(chunk, () => {
        resolve()
      }),
    )
  }
  try {
    return await done
  } finally {
    socket.destroy()
  }
}

/** One message framed and sent whole; its answer. */
export const sendFrame = async (port: number, message: string): Promise<string> =>
  (await sendFrames(port, [`${VT}${message}${END}`]))[0] ?? ''

export const framed = (message: string) => `${VT}${message}${END}`

/**
 * MSA-1, MSA-2 and the ERR segments of an ACK, as npm `hl7v2` (an HL7 implementation Readout
 * does not use) reads them: an ACK it cannot parse fails the test that received it.
 */
export function ackOf(ack: string): { code: string; controlId: string; errors: string[] } {
  const message = HL7Message.parse(ack)
  const msa = message.getSegment('MSA')
  if (!msa) throw new Error('The acknowledgement has no MSA segment.')
  const value = (field: number) => {
    const read: unknown = msa.field(field).getValue()
    return typeof read === 'string' ? read : ''
  }
  return {
    code: value(1),
    controlId: value(2),
    errors: message.segments
      .filter((segment) => segment.segmentType === 'ERR')
      .map((segment) => segment.toHL7String()),
  }
}

/** Hands `onFrame` each whole frame a connection brings, however its bytes are chunked. */
export function onFrames(socket: net.Socket, onFrame: (message: string) => void): void {
  let buffer = ''
  socket.on('data', (data: Buffer) => {
    buffer += data.toString('utf8')
    for (;;) {
      const start = buffer.indexOf(VT)
      const end = buffer.indexOf(END)
      if (start < 0 || end < 0) break
      const message = buffer.slice(start + 1, end)
      buffer = buffer.slice(end + 2)
      onFrame(message)
    }
  })
}

export type ReceiverMode = 'ack' | 'error' | 'silent' | 'drop'

/** A results receiver: records each message it got and answers as its mode says. */
export interface TestReceiver {
  port: number
  mode: ReceiverMode
  /** Messages received whole, in order (also those it did not acknowledge). */
  received: string[]
  /** Control ids it answered AA. */
  acknowledged: string[]
  /** Stops listening (down) or starts again on the same port (up). */
  down(): Promise<void>
  up(): Promise<void>
  /** Resolves when `predicate` holds on what was received. */
  until(predicate: (r: TestReceiver) => boolean, boundMs?: number): Promise<void>
}

const controlIdOf = (message: string) => (message.split('\r')[0] ?? '').split('|')[9] ?? ''

export async function startTestReceiver(mode: ReceiverMode = 'ack'): Promise<TestReceiver> {
  let server: net.Server | null = null
  const sockets = new Set<net.Socket>()
  const waiters = new Set<() => void>()
  const notify = () => {
    for (const wake of [...waiters]) wake()
  }
  const receiver: TestReceiver = {
    port: 0,
    mode,
    received: [],
    acknowledged: [],
    async down() {
      const current = server
      server = null
      for (const socket of sockets) socket.destroy()
      if (current)
        await new Promise<void>((resolve) =>
          current.close(() => {
            resolve()
          }),
        )
    },
    async up() {
      server = net.createServer((socket) => {
        sockets.add(socket)
        socket.on('close', () => sockets.delete(socket))
        socket.on('error', () => undefined)
        onFrames(socket, (message) => {
          receiver.received.push(message)
          const id = controlIdOf(message)
          const answer = (code: string, extra = '') =>
            `MSH|^~\\&|RIS|HOSP|READOUT|RAD|20261126000000||ACK^R01^ACK|A${id}|P|2.5.1\rMSA|${code}|${id}${extra}`
          if (receiver.mode === 'ack') {
            receiver.acknowledged.push(id)
            socket.write(framed(answer('AA')))
          } else if (receiver.mode === 'error') {
            socket.write(
              framed(`${answer('AE')}\rERR||OBR^1^18|204^Unknown key identifier^HL70357|E`),
            )
          } else if (receiver.mode === 'drop') {
            // Half an acknowledgement, then the connection goes.
            socket.write(`${VT}${answer('AA').slice(0, 20)}`, () => socket.destroy())
          }
          notify()
        })
      })
      const listening = server
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject)
        listening.listen({ host: '127.0.0.1', port: receiver.port }, () => {
          resolve()
        })
      })
      receiver.port = (listening.address() as net.AddressInfo).port
    },
    until(predicate, boundMs = 60_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!predicate(receiver)) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve()
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`receiver condition not met within ${boundMs} ms`))
        }, boundMs)
        waiters.add(check)
        check()
      })
    },
  }
  await receiver.up()
  return receiver
}

/** Waits until `check` answers true (polling the database or a server), bounded only against a hang. */
export async function eventually(
  check: () => Promise<boolean>,
  boundMs = 60_000,
  everyMs = 25,
): Promise<void> {
  const until = Date.now() + boundMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`condition not met within ${boundMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}
