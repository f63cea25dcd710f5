/**
 * Orders in: the MLLP listener on HOST:HL7_LISTEN_PORT. Each frame's hexadecimal escapes are read
 * in its character set (./valueChecks.ts), the frame is read (./orderMessage.ts), refused when a
 * field holds a control character, applied in one transaction (../../usecases/receiveOrder.ts) and
 * answered in the mode its MSH-15/16 ask for (./ackModes.ts), after the commit. The log names the
 * message type, the sender, the control id and the answers, never a value of the message.
 */
import type { Database } from '../../db/client'
import type { AppliedMessage, Hl7Issue, MessageHeader } from '../../domain/hl7'
import { receiveOrderMessage } from '../../usecases/receiveOrder'
import { buildAck, buildRejectionOfNonHl7 } from './ack'
import { ackModeOf, acknowledgementsFor, type AckOutcome } from './ackModes'
import {
  declaredEncoding,
  errorName,
  startMllpListener,
  type MllpListener,
  type TextEncodingName,
} from './mllp'
import { parseHl7, readOrderMessage, type ReadMessage } from './orderMessage'
import type { Hl7Config } from './settings'
import { noTelemetry, type Hl7Telemetry } from './telemetry'
import { controlCharacterIssues, resolveHexEscapes } from './valueChecks'

export interface Hl7ListenerDeps {
  db: Database
  host: string
  config: Hl7Config
  now: () => Date
  log: { info(message: string): void; error(message: string): void }
  telemetry?: Hl7Telemetry
  /** DEPARTMENT_TIME_ZONE, for the follow-ups a new order completes (FU-18); UTC by default. */
  departmentTimeZone?: string
}

type Read = Exclude<ReadMessage, { kind: 'not-hl7' }>

/** A read message refused (AE, ERR 102) when a field holds a control character (INT-46). */
function withValueChecks(read: Read, encoding: TextEncodingName): Read {
  if (read.kind === 'refused' && read.ackCode === 'AR') return read
  const found = controlCharacterIssues(read.message, encoding)
  if (found.length === 0) return read
  const earlier = read.kind === 'refused' ? read.issues : []
  return {
    kind: 'refused',
    message: read.message,
    header: read.header,
    ackCode: 'AE',
    issues: [...earlier, ...found],
  }
}

export async function startHl7Listener(deps: Hl7ListenerDeps): Promise<MllpListener> {
  const { db, config, now, log } = deps
  const telemetry = deps.telemetry ?? noTelemetry
  const identity = { application: config.sendingApplication, facility: config.sendingFacility }
  const told = (header: MessageHeader, answer: AppliedMessage, sent: string[]) => {
    const codes = answer.issues.map((issue) => `${issue.code} ${issue.location}`).join(', ')
    const mode =
      sent.length === 1 && sent[0] === answer.ackCode ? '' : ` (sent: ${sent.join(', ') || 'none'})`
    telemetry.received(header.type, answer.ackCode)
    log.info(
      `HL7 ${header.type} from ${header.sender} control id ${header.controlId}: ${answer.ackCode}${answer.replayed ? ' (resent)' : ''}${codes ? ` [${codes}]` : ''}${mode}`,
    )
  }
  /** The acknowledgements of `message` for `outcome`, in the mode it asked for. */
  const answer = (message: Read['message'], outcome: AckOutcome) => {
    const at = now()
    const acks = acknowledgementsFor(ackModeOf(message.header), outcome)
    return {
      codes: acks.map((ack) => ack.code),
      frames: acks.map((ack) => buildAck(message, ack, at)),
    }
  }
  const notStored = (message: Read['message'], text: string, location = 'MSH^1^10') =>
    answer(message, { kind: 'not-stored', issues: [{ location, code: 207, text }] }).frames

  return startMllpListener({
    host: deps.host,
    port: config.listenPort ?? 0,
    limits: {
      maxMessageBytes: config.maxMessageBytes,
      idleTimeoutMs: config.idleTimeoutMs,
      maxConnections: config.maxConnections,
    },
    log: (message, level = 'error') => {
      log[level](message)
    },
    refuseTooLarge(head) {
      const problem: Hl7Issue = {
        location: 'MSH^1',
        code: 102,
        text: `The message is larger than ${config.maxMessageBytes} bytes.`,
      }
      const text = head.toString(declaredEncoding(head)).split(/\r|\n/, 1)[0] ?? ''
      const message = parseHl7(text)
      if (!message) return [buildRejectionOfNonHl7(identity, now(), problem)]
      return answer(message, { kind: 'rejected', issues: [problem] }).frames
    },
    async handle(raw, encoding) {
      const text = resolveHexEscapes(raw, encoding)
      let read: ReadMessage
      try {
        read = readOrderMessage(text, {
          timeZone: config.timeZone,
          processingIds: config.processingIds,
          now: now(),
          mrn: config.mrn,
        })
      } catch (error) {
        // A reading we did not foresee: still answered, never a silent sender.
        telemetry.failed('listener')
        log.error(`HL7 listener: a message could not be read (${errorName(error)})`)
        const message = parseHl7(text)
        return message
          ? notStored(message, 'The message could not be read.', 'MSH^1^9')
          : [buildRejectionOfNonHl7(identity, now())]
      }
      if (read.kind === 'not-hl7') {
        telemetry.received('not HL7', 'AR')
        log.error(
          `HL7 listener: a frame of ${text.length} characters is not an HL7 message; refused`,
        )
        return [buildRejectionOfNonHl7(identity, now())]
      }
      read = withValueChecks(read, encoding)
      try {
        const applied = await receiveOrderMessage(db, read, deps.departmentTimeZone)
        const outcome: AckOutcome =
          applied.ackCode === 'AR'
            ? { kind: 'rejected', issues: applied.issues }
            : { kind: 'processed', code: applied.ackCode, issues: applied.issues }
        const { codes, frames } = answer(read.message, outcome)
        told(read.header, applied, codes)
        return frames
      } catch (error) {
        // Nothing was written (the transaction rolled back): the sender may try again.
        telemetry.failed('listener')
        log.error(
          `HL7 ${read.header.type} control id ${read.header.controlId}: not applied (${errorName(error)})`,
        )
        return notStored(read.message, 'The message could not be stored; send it again.')
      }
    },
  })
}
