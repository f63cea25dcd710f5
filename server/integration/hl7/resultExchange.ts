/**
 * One delivery attempt of a result (INT-70): the ORU^R01 on a fresh MLLP connection to the row's
 * destination (INT-67), then the answers read until one settles it. We send in original mode
 * (MSH-15/16 empty, as IHE does), so the answer we ask for is an application acknowledgement:
 * AA takes the result; AE and AR refuse it (tried again). A receiver that acknowledges in enhanced
 * mode anyway may first send a commit accept (CA): we keep the connection and wait, within the
 * same HL7_ACK_TIMEOUT_MS, for the application acknowledgement after it. A CA alone (the
 * connection closed or the time up after it) means the receiver committed the result to safe
 * storage, which HL7 v2.5.1 §2.9.3 says releases the sender from resending: it is never sent
 * again, and recorded as `CA`, never as AA. CE and CR (not committed) are failures, tried again.
 */
import net from 'node:net'
import type { DeliveryOutcome } from '../../usecases/deliverResults'
import { textOf } from './fields'
import { declaredEncoding, frame, MllpDecoder, type MllpSendError } from './mllp'
import { parseHl7 } from './orderMessage'
import { parseHostPort } from './settings'

/** host:port as a row keeps it (an IPv6 address in brackets, as HL7_SEND_TO takes it). */
export function destinationOf(target: { host: string; port: number }): string {
  return target.host.includes(':')
    ? `[${target.host}]:${target.port}`
    : `${target.host}:${target.port}`
}

/**
 * Where a row goes: the destination it was queued for, or this instance's HL7_SEND_TO for a row
 * queued before destinations were kept (INT-68). Null for a destination that cannot be read.
 */
export function targetOf(
  destination: string | null,
  sendTo: { host: string; port: number },
): { host: string; port: number } | null {
  return destination === null ? sendTo : parseHostPort(destination)
}

/** An answer read: `final` settles the attempt; a commit accept (CA) waits for more. */
export interface AckReading {
  final: boolean
  outcome: DeliveryOutcome
}

/** What one answer frame says about the result `controlId` (codes only, never content). */
export function readAck(text: string, controlId: string): AckReading {
  const ack = parseHl7(text)
  const msa = ack?.getSegment('MSA')
  const failed = (error: string): AckReading => ({ final: true, outcome: { ok: false, error } })
  if (!ack || !msa) return failed('answer is not an ACK')
  if (textOf(msa, 2) !== controlId) return failed('ACK names another control id')
  const code = textOf(msa, 1).toUpperCase()
  if (code === 'AA') return { final: true, outcome: { ok: true, ack: 'AA' } }
  if (code === 'CA') return { final: false, outcome: { ok: true, ack: 'CA' } }
  const err = ack.getSegment('ERR')
  const reason = err ? textOf(err, 3, 1) || textOf(err, 1, 4) : ''
  return failed(`${code || 'no code'}${reason ? ` ${reason.slice(0, 10)}` : ''}`)
}

/**
 * Sends `message` and reads answers until `read` calls one final, or until `timeoutMs` from the
 * start. A connection that closes, errs or times out after a non-final answer settles on that
 * answer; before any answer it fails with a code (refused, timeout, closed, network).
 */
export function exchangeMllp(target: {
  host: string
  port: number
  message: string
  timeoutMs: number
  read: (answer: string) => AckReading
  /** Aborting closes the connection at once (a 'closed' failure). */
  signal?: AbortSignal
}): Promise<DeliveryOutcome> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: target.host, port: target.port })
    const decoder = new MllpDecoder()
    let provisional: DeliveryOutcome | null = null
    let settled = false
    const finish = (outcome: DeliveryOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve(outcome)
    }
    const fail = (code: MllpSendError['code']) => {
      finish(provisional ?? { ok: false, error: code })
    }
    const timer = setTimeout(() => {
      fail('timeout')
    }, target.timeoutMs)
    socket.on('connect', () => {
      socket.write(frame(Buffer.from(target.message, 'utf8')))
    })
    socket.on('data', (chunk: Buffer) => {
      for (const event of decoder.push(chunk)) {
        if (event.kind !== 'frame' || settled) continue
        const reading = target.read(event.bytes.toString(declaredEncoding(event.bytes)))
        if (reading.final) finish(reading.outcome)
        else provisional = reading.outcome
      }
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      fail(error.code === 'ECONNREFUSED' ? 'refused' : 'network')
    })
    socket.on('close', () => {
      fail('closed')
    })
    target.signal?.addEventListener('abort', () => {
      // Stopping abandons the attempt: never settled on a CA read before.
      finish({ ok: false, error: 'closed' })
    })
  })
}
