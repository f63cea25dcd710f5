/**
 * Orders in: the MLLP listener on HOST:HL7_LISTEN_PORT. Each frame is read (./orderMessage.ts),
 * applied in one transaction (../../usecases/receiveOrder.ts) and answered with its ACK. The log names
 * the message type, the sender, the control id and the answer, never a value of the message.
 */
import type { Database } from '../../db/client'
import type { AppliedMessage, MessageHeader } from '../../domain/hl7'
import { receiveOrderMessage } from '../../usecases/receiveOrder'
import { buildAck, buildRejectionOfNonHl7 } from './ack'
import { errorName, startMllpListener, type MllpListener } from './mllp'
import { parseHl7, readOrderMessage } from './orderMessage'
import type { Hl7Config } from './settings'

export interface Hl7ListenerDeps {
  db: Database
  host: string
  config: Hl7Config
  now: () => Date
  log: { info(message: string): void; error(message: string): void }
}

export async function startHl7Listener(deps: Hl7ListenerDeps): Promise<MllpListener> {
  const { db, config, now, log } = deps
  const identity = { application: config.sendingApplication, facility: config.sendingFacility }
  const told = (header: MessageHeader, answer: AppliedMessage) => {
    const codes = answer.issues.map((issue) => `${issue.code} ${issue.location}`).join(', ')
    log.info(
      `HL7 ${header.type} from ${header.sender} control id ${header.controlId}: ${answer.ackCode}${answer.replayed ? ' (resent)' : ''}${codes ? ` [${codes}]` : ''}`,
    )
  }
  return startMllpListener({
    host: deps.host,
    port: config.listenPort ?? 0,
    log: (message) => {
      log.error(message)
    },
    async handle(text) {
      let read: ReturnType<typeof readOrderMessage>
      try {
        read = readOrderMessage(text, {
          timeZone: config.timeZone,
          processingIds: config.processingIds,
          now: now(),
        })
      } catch (error) {
        // A reading we did not foresee: still answered, never a silent sender.
        log.error(`HL7 listener: a message could not be read (${errorName(error)})`)
        const message = parseHl7(text)
        return message
          ? buildAck(message, 'AE', [
              { location: 'MSH^1^9', code: 207, text: 'The message could not be read.' },
            ])
          : buildRejectionOfNonHl7(identity, now())
      }
      if (read.kind === 'not-hl7') {
        log.error(
          `HL7 listener: a frame of ${text.length} characters is not an HL7 message; refused`,
        )
        return buildRejectionOfNonHl7(identity, now())
      }
      try {
        const answer = await receiveOrderMessage(db, read)
        told(read.header, answer)
        return buildAck(read.message, answer.ackCode, answer.issues)
      } catch (error) {
        // Nothing was written (the transaction rolled back): the sender may try again.
        log.error(
          `HL7 ${read.header.type} control id ${read.header.controlId}: not applied (${errorName(error)})`,
        )
        return buildAck(read.message, 'AE', [
          {
            location: 'MSH^1^10',
            code: 207,
            text: 'The message could not be stored; send it again.',
          },
        ])
      }
    },
  })
}
