/**
 * What both directions need of HL7 v2 values beyond @medplum/core's Hl7Message (which splits and
 * joins segments, fields and components but neither escapes nor unescapes text): the escape
 * sequences of text (\F\ \S\ \T\ \R\ \E\), and times (DTM) read and written with their offsets.
 */
import type { Hl7Context, Hl7Field, Hl7Segment } from '@medplum/core'

/** Text as an HL7 value: the message's delimiters escaped, line breaks as \.br\. */
export function escapeHl7(text: string, context: Hl7Context): string {
  const { escapeCharacter: e } = context
  const named: Record<string, string> = {
    [e]: `${e}E${e}`,
    [context.fieldSeparator]: `${e}F${e}`,
    [context.componentSeparator]: `${e}S${e}`,
    [context.subcomponentSeparator]: `${e}T${e}`,
    [context.repetitionSeparator]: `${e}R${e}`,
  }
  let out = ''
  // A CR LF pair is one line break.
  for (const char of text.replaceAll('\r\n', '\n')) {
    if (char === '\r' || char === '\n') out += `${e}.br${e}`
    else out += named[char] ?? char
  }
  return out
}

/** An HL7 value as text: escape sequences resolved; unknown ones (formatting) dropped. */
export function unescapeHl7(value: string, context: Hl7Context): string {
  const e = context.escapeCharacter
  if (!value.includes(e)) return value
  const pattern = new RegExp(`${escapeRegExp(e)}([^${escapeRegExp(e)}]*)${escapeRegExp(e)}`, 'g')
  return value.replace(pattern, (_, code: string) => {
    switch (code) {
      case 'F':
        return context.fieldSeparator
      case 'S':
        return context.componentSeparator
      case 'T':
        return context.subcomponentSeparator
      case 'R':
        return context.repetitionSeparator
      case 'E':
        return e
      case '.br':
        return '\n'
      default:
        if (/^X([0-9A-Fa-f]{2})+$/.test(code))
          return Buffer.from(code.slice(1), 'hex').toString('latin1')
        return ''
    }
  })
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')

/** A component as text (1-based field, component, repetition), trimmed; '' when absent. */
export function textOf(
  segment: Hl7Segment | undefined,
  field: number,
  component = 1,
  repetition = 0,
): string {
  if (!segment) return ''
  return unescapeHl7(
    segment.getComponent(field, component, undefined, repetition),
    segment.context,
  ).trim()
}

/** How many repetitions a field has. */
export function repetitionsOf(segment: Hl7Segment | undefined, field: number): number {
  // getField answers undefined past the segment's last field, whatever its type says.
  const value: Hl7Field | undefined = segment?.getField(field)
  return value?.components.length ?? 0
}

const DTM =
  /^(\d{4})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:\.(\d{1,4}))?)?)?)?)?)?([+-]\d{4})?$/

/**
 * An HL7 DTM (YYYY[MM[DD[HH[MM[SS[.S]]]]]][+/-ZZZZ]) as an instant: with its offset, or without
 * one in `timeZone` (an IANA zone). Null when it is not such a time.
 */
export function parseDtm(value: string, timeZone: string): Date | null {
  const match = DTM.exec(value.trim())
  if (!match) return null
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', frac = '', offset] = match
  const parts = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number]
  const [year, month, day, hour, minute, second] = parts
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
    return null
  }
  const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms)
  if (new Date(wall).getUTCDate() !== day) return null
  if (offset) {
    const sign = offset.startsWith('-') ? -1 : 1
    const minutes = Number(offset.slice(1, 3)) * 60 + Number(offset.slice(3, 5))
    return new Date(wall - sign * minutes * 60_000)
  }
  // The zone's offset at that wall time: guessed at the wall time, then checked once (DST).
  let instant = wall - zoneOffsetMs(timeZone, wall)
  instant = wall - zoneOffsetMs(timeZone, instant)
  return new Date(instant)
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`. */
function zoneOffsetMs(timeZone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  )
  return asUtc - Math.floor(instant / 1000) * 1000
}

/** A date of birth (DT or DTM) as YYYY-MM-DD, or null. */
export function parseBirthDate(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value.trim())
  if (!match) return null
  const [, y, m, d] = match
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
  if (date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(m) - 1) return null
  return `${y}-${m}-${d}`
}

/** An instant as an HL7 DTM in UTC with its offset: 20261126143005+0000. */
export function formatDtm(date: Date): string {
  const iso = date.toISOString()
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}+0000`
}

/** YYYY-MM-DD as an HL7 DT. */
export const formatDate = (date: string): string => date.replaceAll('-', '')
