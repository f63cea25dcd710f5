/**
 * Acknowledgements of received messages, written field by field (INT-41..INT-44): MSH answering
 * the sender's (its MSH-5/6 as our MSH-3/4 and the other way round, the trigger event, the
 * processing id, the version and the character set), MSH-7 to the millisecond with its leading
 * zeros, a control id of our own; MSA with the code and the sender's control id; one ERR per
 * problem, filled for v2.3/2.4 receivers (ERR-1) and v2.5 ones (ERR-2 location, ERR-3 code from
 * HL7 table 0357, ERR-4 severity, ERR-8 words for a person).
 */
import { randomInt } from 'node:crypto'
import { Hl7Context, Hl7Message, Hl7Segment, type Hl7Field } from '@medplum/core'
import { escapeHl7 } from './fields'
import { ERROR_CODES, type Hl7Issue } from '../../domain/hl7'
import type { AckCode, Acknowledgement } from './ackModes'

export interface AckIdentity {
  application: string
  facility: string
}

/** `date` as an HL7 DTM in UTC to the millisecond: 20261127220712.008+0000. */
export function formatAckTime(date: Date): string {
  const iso = date.toISOString()
  const digits = iso.slice(0, 19).replace(/\D/g, '')
  return `${digits}.${iso.slice(20, 23)}+0000`
}

/** A control id of our own (at most 20 characters, MSH-10's length in v2.3 to v2.5.1). */
export function newControlId(now: Date): string {
  return `R${now.getTime()}${randomInt(100_000).toString().padStart(5, '0')}`
}

/** The acknowledgement `ack` of `message`, in the message's own delimiters. */
export function buildAck(message: Hl7Message, ack: Acknowledgement, now: Date): string {
  const context = message.context
  const msh = message.header
  const raw = (field: number) => {
    // getField answers undefined past the segment's last field, whatever its type says.
    const value = msh.getField(field) as Hl7Field | undefined
    return value?.toString() ?? ''
  }
  const c = context.componentSeparator
  const event = msh.getComponent(9, 2)
  const structure = msh.getComponent(9, 3)
  const type = event ? `ACK${c}${event}${structure ? `${c}ACK` : ''}` : 'ACK'
  const processingId = msh.getComponent(11, 1) || 'P'
  // Enhanced-mode acknowledgements are never to be answered (HL7 v2.5.1 §2.9.3).
  const noAnswer = ack.enhanced ? 'NE' : ''
  const header = new Hl7Segment(
    [
      'MSH',
      context.getMsh2(),
      raw(5),
      raw(6),
      raw(3),
      raw(4),
      formatAckTime(now),
      '',
      type,
      newControlId(now),
      processingId,
      raw(12) || '2.5.1',
      '',
      '',
      noAnswer,
      noAnswer,
      '',
      raw(18),
    ],
    context,
  )
  const msa = new Hl7Segment(['MSA', ack.code, raw(10), ACK_TEXT[ack.code]], context)
  const segments = [withoutEmptyEnd(header), msa]
  for (const problem of ack.issues) segments.push(errSegment(problem, context))
  return new Hl7Message(segments, context).toString()
}

/** MSA-3, kept for receivers of v2.3 that show it (HL7 v2.5.1 keeps it for compatibility). */
const ACK_TEXT: Record<AckCode, string> = {
  AA: 'OK',
  AE: 'Application Error',
  AR: 'Application Reject',
  CA: 'Commit Accept',
  CE: 'Commit Error',
  CR: 'Commit Reject',
}

/** A segment without the empty fields at its end. */
function withoutEmptyEnd(segment: Hl7Segment): Hl7Segment {
  const fields = segment.fields.map((field) => field.toString())
  while (fields.length > 2 && fields[fields.length - 1] === '') fields.pop()
  return new Hl7Segment(fields, segment.context)
}

function errSegment(problem: Hl7Issue, context: Hl7Context): Hl7Segment {
  const c = context.componentSeparator
  const s = context.subcomponentSeparator
  const name = ERROR_CODES[problem.code]
  const location = problem.location.split('^').join(c)
  return new Hl7Segment(
    [
      'ERR',
      `${location}${c}${c}${problem.code}${s}${name}${s}HL70357`,
      location,
      [String(problem.code), name, 'HL70357'].join(c),
      'E',
      '',
      '',
      '',
      escapeHl7(problem.text, context),
    ],
    context,
  )
}

/**
 * The answer to a frame with no MSH to answer (not an HL7 message, or too large to read one): an
 * ACK refusing it, from us, naming no control id.
 */
export function buildRejectionOfNonHl7(
  identity: AckIdentity,
  now: Date,
  problem: Hl7Issue = {
    location: 'MSH^1^1',
    code: 100,
    text: 'This is not an HL7 v2 message (it must start with MSH).',
  },
): string {
  const context = new Hl7Context()
  const c = context.componentSeparator
  const msh = new Hl7Segment(
    [
      'MSH',
      context.getMsh2(),
      identity.application,
      identity.facility,
      '',
      '',
      formatAckTime(now),
      '',
      `ACK${c}${c}ACK`,
      newControlId(now),
      'P',
      '2.5.1',
    ],
    context,
  )
  const msa = new Hl7Segment(['MSA', 'AR', '', ACK_TEXT.AR], context)
  return new Hl7Message([msh, msa, errSegment(problem, context)], context).toString()
}
