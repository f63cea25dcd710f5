/**
 * MLLP, HL7's framing over TCP: each message is `VT message FS CR`. TCP keeps no message
 * boundaries, so a frame may come in many chunks, several frames in one chunk, the end bytes apart
 * (oehf/ipf#106, HCA-Healthcare/elixir-mllp#62), or bytes between frames (nextgenhealthcare/connect#249):
 * the decoder below takes bytes as they come and hands over whole frames only. The listener and
 * the sender are plain `node:net`, so the listener binds HOST (docs/integration-hl7.md says why
 * we do not use @medplum/hl7's server for this).
 */
import net from 'node:net'

const VT = 0x0b
const FS = 0x1c
const CR = 0x0d

/** Frames larger than this are dropped by default (a runaway sender cannot fill the memory). */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024

/** How much of a too-large frame is kept: enough for its MSH, to answer it (INT-48). */
const HEAD_BYTES = 4096

export type DecoderEvent =
  | { kind: 'frame'; bytes: Buffer }
  /** Bytes outside a frame, or a frame cut short by a new start byte. */
  | { kind: 'noise'; bytes: number; reason: 'outside-frame' | 'restarted' }
  /** A frame grown beyond the limit: its first bytes; the rest is dropped as it comes. */
  | { kind: 'too-large'; head: Buffer }

/** Turns a byte stream into MLLP frames, whatever the chunking, never holding more than the limit. */
export class MllpDecoder {
  private pending: Buffer = Buffer.alloc(0)
  private inFrame = false

  constructor(private readonly maxFrameBytes = MAX_FRAME_BYTES) {}

  /** Bytes held for a frame not yet whole (at most the limit and one chunk). */
  get bufferedBytes(): number {
    return this.pending.length
  }

  push(chunk: Buffer): DecoderEvent[] {
    const events: DecoderEvent[] = []
    let data = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk])
    for (;;) {
      if (!this.inFrame) {
        const start = data.indexOf(VT)
        const junk = start < 0 ? data.length : start
        // A CR or LF after a frame's end is common and harmless.
        if (junk > 0 && data.subarray(0, junk).some((b) => b !== CR && b !== 0x0a)) {
          events.push({ kind: 'noise', bytes: junk, reason: 'outside-frame' })
        }
        if (start < 0) {
          data = Buffer.alloc(0)
          break
        }
        data = data.subarray(start + 1)
        this.inFrame = true
      }
      const end = data.indexOf(FS)
      const restart = data.indexOf(VT)
      if (restart >= 0 && (end < 0 || restart < end)) {
        events.push({ kind: 'noise', bytes: restart, reason: 'restarted' })
        data = data.subarray(restart)
        this.inFrame = false
        continue
      }
      if ((end < 0 ? data.length : end) > this.maxFrameBytes) {
        events.push({ kind: 'too-large', head: Buffer.from(data.subarray(0, HEAD_BYTES)) })
        // The rest of that frame is bytes outside a frame until the next start byte.
        data = end < 0 ? Buffer.alloc(0) : data.subarray(end + 1)
        this.inFrame = false
        continue
      }
      if (end < 0) break
      // FS must be followed by CR; wait for the next chunk when it is the last byte.
      if (end === data.length - 1) break
      events.push({ kind: 'frame', bytes: Buffer.from(data.subarray(0, end)) })
      data = data.subarray(data[end + 1] === CR ? end + 2 : end + 1)
      this.inFrame = false
    }
    this.pending = Buffer.from(data)
    return events
  }
}

export function frame(bytes: Buffer): Buffer {
  return Buffer.concat([Buffer.from([VT]), bytes, Buffer.from([FS, CR])])
}

export type TextEncodingName = 'utf8' | 'latin1'

/**
 * The character set a message declares in MSH-18 (read from the raw bytes, which are ASCII up to
 * there): ISO 8859-1 as latin1, anything else (ASCII, UNICODE UTF-8, none) as UTF-8.
 */
export function declaredEncoding(bytes: Buffer): TextEncodingName {
  const head = bytes.subarray(0, Math.min(bytes.length, 512)).toString('latin1')
  const msh = head.split('\r', 1)[0] ?? ''
  const separator = msh.charAt(3)
  if (!msh.startsWith('MSH') || separator === '') return 'utf8'
  const charset = (msh.split(separator)[17] ?? '').split(msh.charAt(4) || '^')[0]?.trim()
  return charset === '8859/1' ? 'latin1' : 'utf8'
}

export interface MllpListener {
  port: number
  /** Connections open now (OPS-10). */
  connections(): number
  /**
   * Stops listening; idle connections close at once, one whose message is being applied gets
   * its answer first, for up to `drainMs` (OPS-16). A frame arriving meanwhile is not read: its
   * sender, unanswered, sends it again to the next instance.
   */
  close(drainMs?: number): Promise<void>
}

export interface MllpListenerOptions {
  host: string
  port: number
  /** A message's size (a frame's bytes), an idle connection's life, connections at once. */
  limits: { maxMessageBytes: number; idleTimeoutMs: number; maxConnections: number }
  /** Answers one frame (its text, decoded as declared): the frames to send back, in order. */
  handle: (text: string, encoding: TextEncodingName) => Promise<string[]>
  /** Answers a frame beyond the limit (its first bytes); the connection closes after. */
  refuseTooLarge: (head: Buffer) => string[]
  /** Told of noise, limits and connection errors, never of content; routine closes as 'info'. */
  log: (message: string, level?: 'info' | 'error') => void
}

/** How long a connection refused for a too-large frame may take to hang up before it is cut. */
const HANG_UP_MS = 5_000

/**
 * Listens on host:port; each connection's frames are answered in the order they came. Connections
 * beyond the limit are closed at once, idle ones after the timeout (never while a message of
 * theirs is being applied), and one that sends a frame beyond the limit is answered and closed
 * (INT-48..INT-50).
 */
export async function startMllpListener(options: MllpListenerOptions): Promise<MllpListener> {
  const { limits } = options
  /** Each open connection and how many of its frames are being answered. */
  const sockets = new Map<net.Socket, () => number>()
  let closing = false
  const server = net.createServer((socket) => {
    const decoder = new MllpDecoder(limits.maxMessageBytes)
    let queue = Promise.resolve()
    let busy = 0
    sockets.set(socket, () => busy)
    let refused = false
    const send = (answers: string[], encoding: TextEncodingName) => {
      for (const answer of answers) {
        if (!socket.destroyed) socket.write(frame(Buffer.from(answer, encoding)))
      }
    }
    socket.setTimeout(limits.idleTimeoutMs)
    socket.on('timeout', () => {
      // Writing the answer counts as activity and starts the wait again.
      if (busy > 0) return
      options.log(
        `HL7 listener: an idle connection closed after ${limits.idleTimeoutMs} ms`,
        'info',
      )
      socket.destroy()
    })
    socket.on('data', (chunk: Buffer) => {
      if (refused || closing) return
      for (const event of decoder.push(chunk)) {
        if (event.kind === 'noise') {
          options.log(`HL7 listener: ${event.bytes} bytes dropped (${event.reason})`)
          continue
        }
        busy += 1
        if (event.kind === 'too-large') {
          refused = true
          options.log(
            `HL7 listener: a message beyond ${limits.maxMessageBytes} bytes refused; connection closed`,
          )
          queue = queue.then(() => {
            send(options.refuseTooLarge(event.head), declaredEncoding(event.head))
            socket.end()
            setTimeout(() => socket.destroy(), HANG_UP_MS).unref()
          })
        } else {
          queue = queue.then(async () => {
            const encoding = declaredEncoding(event.bytes)
            send(await options.handle(event.bytes.toString(encoding), encoding), encoding)
          })
        }
        queue = queue
          .catch((error: unknown) => {
            options.log(`HL7 listener: a message failed (${errorName(error)})`)
          })
          .finally(() => {
            busy -= 1
          })
        if (refused) break
      }
    })
    socket.on('error', (error) => {
      options.log(`HL7 listener: connection error (${errorName(error)})`)
    })
    socket.on('close', () => sockets.delete(socket))
  })
  // Beyond the limit Node closes a new connection at once; the log says so once per burst.
  server.maxConnections = limits.maxConnections
  let dropped = 0
  server.on('drop', () => {
    if (dropped === 0) {
      options.log(
        `HL7 listener: ${limits.maxConnections} connections open; further connections are closed at once`,
      )
    }
    dropped += 1
  })
  const dropSummary = setInterval(() => {
    if (dropped > 1) options.log(`HL7 listener: ${dropped} connections closed at the limit`)
    dropped = 0
  }, 60_000)
  dropSummary.unref()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ host: options.host, port: options.port }, () => {
      server.off('error', reject)
      resolve()
    })
  })
  server.on('error', (error) => {
    options.log(`HL7 listener: ${errorName(error)}`)
  })
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => sockets.size,
    async close(drainMs = 0) {
      closing = true
      clearInterval(dropSummary)
      const closed = new Promise<void>((resolve) =>
        server.close(() => {
          resolve()
        }),
      )
      const until = Date.now() + drainMs
      for (;;) {
        for (const [socket, busy] of sockets) if (busy() === 0) socket.destroy()
        if (sockets.size === 0 || Date.now() >= until) break
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      for (const socket of sockets.keys()) socket.destroy()
      await closed
    },
  }
}

/** Why a delivery failed, as a code fit for the log and the outbox row. */
export class MllpSendError extends Error {
  constructor(readonly code: 'refused' | 'timeout' | 'closed' | 'network') {
    super(`MLLP delivery failed: ${code}`)
  }
}

/**
 * Sends one message on a fresh connection and answers the first frame that comes back (the
 * acknowledgement), or throws MllpSendError: refused, no answer within `timeoutMs`, connection
 * closed first (also mid-answer), or another network error.
 */
export function sendMllp(target: {
  host: string
  port: number
  message: string
  timeoutMs: number
  /** Aborting closes the connection at once (the answer is a 'closed' failure). */
  signal?: AbortSignal
}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: target.host, port: target.port })
    const decoder = new MllpDecoder()
    let settled = false
    const finish = (outcome: { answer: string } | { error: MllpSendError }) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      if ('answer' in outcome) resolve(outcome.answer)
      else reject(outcome.error)
    }
    const timer = setTimeout(() => {
      finish({ error: new MllpSendError('timeout') })
    }, target.timeoutMs)
    socket.on('connect', () => {
      socket.write(frame(Buffer.from(target.message, 'utf8')))
    })
    socket.on('data', (chunk: Buffer) => {
      const first = decoder.push(chunk).find((event) => event.kind === 'frame')
      if (first) finish({ answer: first.bytes.toString(declaredEncoding(first.bytes)) })
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      finish({ error: new MllpSendError(error.code === 'ECONNREFUSED' ? 'refused' : 'network') })
    })
    socket.on('close', () => {
      finish({ error: new MllpSendError('closed') })
    })
    target.signal?.addEventListener('abort', () => {
      finish({ error: new MllpSendError('closed') })
    })
  })
}

/** An error's name or code, never its message (which may quote content). */
export function errorName(error: unknown): string {
  if (error instanceof MllpSendError) return error.code
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string') return code
  return error instanceof Error ? error.name : 'unknown'
}
