/**
 * What a field of a received message says as an update (HL7 v2.5.1 §2.5.3, INT-52): a field not
 * sent (empty) means "no change", the HL7 null `""` means "delete", anything else is the value.
 * And the limits of what may be stored (INT-56), each problem naming its field.
 */
import type { Hl7Segment } from '@medplum/core'
import type { Hl7Issue } from '../../domain/hl7'
import { textOf } from './fields'
import { issue } from './issues'

/** undefined: not sent; null: HL7's `""` (delete); else the value, unescaped and trimmed. */
export type Sent = string | null | undefined

const HL7_NULL = '""'

/** A component as sent; a whole field sent as `""` deletes every component of it. */
export function sentOf(
  segment: Hl7Segment | undefined,
  field: number,
  component = 1,
  repetition = 0,
): Sent {
  const state = fieldState(segment, field)
  if (state !== 'valued') return state === 'null' ? null : undefined
  const raw = segment?.getComponent(field, component, undefined, repetition).trim() ?? ''
  if (raw === HL7_NULL) return null
  const text = textOf(segment, field, component, repetition)
  return text === '' ? undefined : text
}

/** Whether a whole field was left out, sent as `""`, or carries something. */
export function fieldState(
  segment: Hl7Segment | undefined,
  field: number,
): 'absent' | 'null' | 'valued' {
  // getField answers undefined past the segment's last field, whatever its type says.
  const value = segment?.getField(field) as { toString(): string } | undefined
  const raw = value?.toString().trim() ?? ''
  if (raw === HL7_NULL) return 'null'
  // Only delimiters (^^^ or ~~): nothing was sent.
  const context = segment?.context
  const delimiters = context
    ? [context.componentSeparator, context.repetitionSeparator, context.subcomponentSeparator]
    : []
  const rest = delimiters.reduce((text, delimiter) => text.replaceAll(delimiter, ''), raw)
  return rest === '' ? 'absent' : 'valued'
}

/** The first value sent; else a deletion if any said `""`; else not sent. */
export function firstSent(...values: Sent[]): Sent {
  const valued = values.find((value) => typeof value === 'string')
  if (valued !== undefined) return valued
  return values.includes(null) ? null : undefined
}

/**
 * A value longer than its limit is refused (AE 102 naming the field): nothing that long is
 * stored, so no one message can fill the database or slow every worklist read.
 */
export function checkLength(
  value: Sent,
  max: number,
  where: { segment: string; sequence: number; field: number; name: string },
  issues: Hl7Issue[],
): void {
  if (typeof value === 'string' && value.length > max) {
    issues.push(
      issue(
        where.segment,
        where.sequence,
        where.field,
        102,
        `${where.segment}-${where.field} (${where.name}) is longer than ${max} characters.`,
      ),
    )
  }
}
