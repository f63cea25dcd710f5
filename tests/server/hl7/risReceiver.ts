/**
 * A RIS receiving results, written with npm `hl7v2` (panates/hl7v2), an HL7 v2 implementation
 * Readout does not use: every ORU^R01 that arrives is read by it (a message it cannot read is
 * never acknowledged, and `unreadable` counts it), and every answer is its `createAck`. The
 * answer can be an application ack (AA, AE), a commit ack alone (CA, CE), or a commit ack followed
 * by the application ack as a message of its own, as enhanced-mode receivers send (INT-70).
 */
import net from 'node:net'
import { HL7Message, type HL7Segment } from 'hl7v2'
import { eventually, framed, onFrames } from '../../support/mllpPeer'

export type RisAnswer =
  | 'AA'
  | 'AE'
  | 'CE'
  /** CA, then the connection is closed. */
  | 'CA-close'
  /** CA, then nothing (the connection stays open). */
  | 'CA-silent'
  /** CA, then AA as a message of its own. */
  | 'CA+AA'
  /** CA, then AE as a message of its own. */
  | 'CA+AE'

export interface RisReceiver {
  port: number
  answer: RisAnswer
  /** Every message received whole, as hl7v2 read it, in order (resends too). */
  received: HL7Message[]
  /** The same messages' text as it came over the wire. */
  texts: string[]
  /** Frames hl7v2 could not read. */
  unreadable: number
  /** Resolves when `predicate` holds (bounded only against a hang). */
  until(predicate: (r: RisReceiver) => boolean): Promise<void>
  close(): Promise<void>
}

/** A component (1-based) of a segment's field, as hl7v2 reads it ('' if none). */
export function partOf(
  segment: HL7Segment | undefined,
  field: number,
  component = 1,
  subComponent?: number,
): string {
  const value: unknown = segment?.field(field).getValue(component, subComponent)
  if (value === undefined || value === null) return ''
  return typeof value === 'string' || typeof value === 'number'
    ? String(value)
    : JSON.stringify(value)
}

/** The same, of the first such segment of a message. */
export const valueOf = (
  message: HL7Message,
  segment: string,
  field: number,
  component = 1,
  subComponent?: number,
) => partOf(message.getSegment(segment), field, component, subComponent)

/** Every segment of a type, in order. */
export const segmentsOf = (message: HL7Message, type: string) =>
  message.segments.filter((s) => s.segmentType === type)

/** A message's text as hl7v2 reads it, and its control id (MSH-10) and accession (OBR-18). */
export const readHl7 = (text: string) => HL7Message.parse(text)
export const controlIdIn = (text: string) => readHl7(text).controlId
export const accessionIn = (text: string) => valueOf(readHl7(text), 'OBR', 18)

export async function startRisReceiver(answer: RisAnswer = 'AA'): Promise<RisReceiver> {
  const sockets = new Set<net.Socket>()
  const ackFrame = (message: HL7Message, code: string) =>
    framed(message.createAck(code as 'AA').toHL7String())
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
    onFrames(socket, (text) => {
      let message: HL7Message
      try {
        message = HL7Message.parse(text)
      } catch {
        receiver.unreadable += 1
        return
      }
      receiver.received.push(message)
      receiver.texts.push(text)
      const mode = receiver.answer
      if (mode === 'AA' || mode === 'AE' || mode === 'CE') socket.write(ackFrame(message, mode))
      else {
        socket.write(ackFrame(message, 'CA'))
        if (mode === 'CA-close') socket.end()
        if (mode === 'CA+AA' || mode === 'CA+AE') {
          // The application ack a moment later, as its own message on the same connection.
          setTimeout(() => socket.write(ackFrame(message, mode.slice(3))), 50)
        }
      }
    })
  })
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve))
  const receiver: RisReceiver = {
    port: (server.address() as net.AddressInfo).port,
    answer,
    received: [],
    texts: [],
    unreadable: 0,
    until: (predicate) => eventually(() => Promise.resolve(predicate(receiver))),
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve()
        })
      })
    },
  }
  return receiver
}
