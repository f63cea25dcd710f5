/**
 * Acknowledgements of received messages: @medplum/core's `buildAck` (MSH answering the sender's,
 * MSA with the code and the control id), plus one ERR segment per problem, filled for v2.3/2.4
 * receivers (ERR-1) and v2.5 ones (ERR-2 location, ERR-3 code from HL7 table 0357, ERR-4
 * severity, ERR-8 words for a person).
 */
import { Hl7Context, Hl7Message, Hl7Segment, type AckCode } from '@medplum/core'
import { escapeHl7 } from './fields'
import { ERROR_CODES, type Hl7Issue } from '../../domain/hl7'

export interface AckIdentity {
  application: string
  facility: string
}

export function buildAck(
  message: Hl7Message,
  ackCode: AckCode,
  issues: readonly Hl7Issue[],
): string {
  const ack = message.buildAck({ ackCode })
  const context = message.context
  for (const problem of issues) ack.segments.push(errSegment(problem, context))
  return ack.toString()
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
 * The answer to a frame that is not an HL7 message (no MSH to answer): an ACK refusing it, from
 * us, naming no control id.
 */
export function buildRejectionOfNonHl7(identity: AckIdentity, now: Date): string {
  const context = new Hl7Context()
  const timestamp = now.toISOString().replace(/\D/g, '').slice(0, 14)
  const msh = new Hl7Segment(
    [
      'MSH',
      context.getMsh2(),
      identity.application,
      identity.facility,
      '',
      '',
      timestamp,
      '',
      `ACK${context.componentSeparator}${context.componentSeparator}ACK`,
      `R${now.getTime()}`,
      'P',
      '2.5.1',
    ],
    context,
  )
  // Hl7Segment puts MSH-1 (the field separator) itself: MSH's fields start at MSH-2.
  const message = new Hl7Message([msh, new Hl7Segment(['MSA', 'AR', ''], context)], context)
  message.segments.push(
    errSegment(
      {
        location: 'MSH^1^1',
        code: 100,
        text: 'This is not an HL7 v2 message (it must start with MSH).',
      },
      context,
    ),
  )
  return message.toString()
}
