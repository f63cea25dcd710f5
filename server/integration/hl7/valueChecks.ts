/**
 * A received message's text as HL7 v2.5.1 §2.7 means it (INT-45..INT-47): hexadecimal escapes
 * (`\Xhh..\`) are bytes in the message's character set (MSH-18), so `Jos\XC3A9\` under UTF-8 is
 * "José"; and no field may hold a control character (C0 or DEL), sent raw or escaped: such a
 * message is refused with AE and ERR 102 naming the field. Nor text that deceives (SEC-34,
 * contract/text.ts), raw or escaped: a person's name (the patient's, a provider's) by a name's
 * rule, any other field by free text's (which keeps the bidirectional marks RTL text needs).
 */
import type { Hl7Message } from '@medplum/core'
import { deceptiveInName, deceptiveInText } from '../../../contract'
import type { Hl7Issue } from '../../domain/hl7'
import { escapeRegExp } from './fields'
import { issue } from './issues'
import type { TextEncodingName } from './mllp'

/**
 * Fields that hold a person's name (XPN, XCN): the patient's name, mother's maiden name and alias,
 * the next of kin, the patient's former name (MRG-7), the ordering, attending, referring,
 * consulting and admitting providers, and the result copies' recipients.
 */
const NAME_FIELDS = new Set([
  'PID-5',
  'PID-6',
  'PID-9',
  'NK1-2',
  'MRG-7',
  'ORC-12',
  'OBR-16',
  'OBR-28',
  'PV1-7',
  'PV1-8',
  'PV1-9',
  'PV1-17',
])

/** C0 controls and DEL (a segment's own CR never reaches a field). */
const isControl = (code: number) => code < 0x20 || code === 0x7f

/** The bytes `hex` names, read in `encoding`; null when they are not text in it. */
export function decodeHex(hex: string, encoding: TextEncodingName): string | null {
  if (hex.length === 0 || hex.length % 2 !== 0 || !/^[0-9A-Fa-f]+$/.test(hex)) return null
  const bytes = Buffer.from(hex, 'hex')
  if (encoding === 'latin1') return bytes.toString('latin1')
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

interface Delimiters {
  field: string
  component: string
  repetition: string
  escape: string
  subcomponent: string
}

function delimitersOf(text: string): Delimiters | null {
  if (!text.startsWith('MSH') || text.length < 8) return null
  const [field, component, repetition, escape, subcomponent] = text.slice(3, 8)
  if (!field || !component || !repetition || !escape || !subcomponent) return null
  return { field, component, repetition, escape, subcomponent }
}

/** Escape sequences (`\...\`), never across a delimiter or a segment's end. */
function escapePattern(d: Delimiters): RegExp {
  const e = escapeRegExp(d.escape)
  const stop = escapeRegExp([d.escape, d.field, d.component, d.repetition, d.subcomponent].join(''))
  return new RegExp(`${e}([^${stop}\\r\\n]*)${e}`, 'g')
}

/**
 * The message with each hexadecimal escape decoded in `encoding` and written again so that it
 * means the same whatever reads it next: ordinary characters as themselves, a delimiter as its
 * named escape (\F\ \S\ \T\ \R\ \E\), a control character as a one-byte `\Xhh\` (which the check
 * below refuses). Escapes that are not text in `encoding` stay as they are, for the check to name.
 */
export function resolveHexEscapes(text: string, encoding: TextEncodingName): string {
  const d = delimitersOf(text)
  if (!d || !text.includes(`${d.escape}X`)) return text
  const e = d.escape
  const named: Record<string, string> = {
    [d.field]: 'F',
    [d.component]: 'S',
    [d.subcomponent]: 'T',
    [d.repetition]: 'R',
    [d.escape]: 'E',
  }
  // MSH-1 and MSH-2 are the delimiters themselves: never read as escapes.
  const head = text.slice(0, 8)
  const rest = text.slice(8).replace(escapePattern(d), (whole, code: string) => {
    if (!code.startsWith('X')) return whole
    const decoded = decodeHex(code.slice(1), encoding)
    if (decoded === null) return whole
    let out = ''
    for (const char of decoded) {
      const point = char.codePointAt(0) ?? 0
      if (named[char]) out += `${e}${named[char]}${e}`
      else if (isControl(point))
        out += `${e}X${point.toString(16).toUpperCase().padStart(2, '0')}${e}`
      else out += char
    }
    return out
  })
  return head + rest
}

/**
 * One issue (ERR 102, ERR-2 the field as SEG^sequence^field) per field that holds a control
 * character, raw or as a hexadecimal escape, or an escape that is not text in `encoding`.
 */
export function controlCharacterIssues(
  message: Hl7Message,
  encoding: TextEncodingName = 'utf8',
): Hl7Issue[] {
  const context = message.context
  const d: Delimiters = {
    field: context.fieldSeparator,
    component: context.componentSeparator,
    repetition: context.repetitionSeparator,
    escape: context.escapeCharacter,
    subcomponent: context.subcomponentSeparator,
  }
  const pattern = escapePattern(d)
  const issues: Hl7Issue[] = []
  const seen = new Map<string, number>()
  for (const segment of message.segments) {
    const sequence = (seen.get(segment.name) ?? 0) + 1
    seen.set(segment.name, sequence)
    // MSH's fields start at MSH-2 (MSH-1 is the field separator itself), which holds the delimiters.
    const first = segment.name === 'MSH' ? 2 : 1
    segment.fields.forEach((field, index) => {
      if (index < first) return
      const number = segment.name === 'MSH' ? index + 1 : index
      const find = NAME_FIELDS.has(`${segment.name}-${number}`) ? deceptiveInName : deceptiveInText
      const problem = problemOf(field.toString(), pattern, encoding, find)
      if (problem)
        issues.push(
          issue(segment.name, sequence, number, 102, `${segment.name}-${number} ${problem}`),
        )
    })
  }
  return issues
}

function problemOf(
  raw: string,
  pattern: RegExp,
  encoding: TextEncodingName,
  deceptive: (text: string) => string | null,
): string | null {
  for (const char of raw) {
    if (isControl(char.codePointAt(0) ?? 0)) return 'holds a control character.'
  }
  const deceiving = (text: string) => {
    const found = deceptive(text)
    return found ? `holds an invisible or direction-changing character (${found}).` : null
  }
  const inRaw = deceiving(raw)
  if (inRaw) return inRaw
  for (const [, code = ''] of raw.matchAll(pattern)) {
    if (!code.startsWith('X')) continue
    const decoded = decodeHex(code.slice(1), encoding)
    if (decoded === null)
      return 'holds an escape that is not text in the character set of the message (MSH-18).'
    for (const char of decoded) {
      if (isControl(char.codePointAt(0) ?? 0)) return 'holds a control character.'
    }
    const inEscape = deceiving(decoded)
    if (inEscape) return inEscape
  }
  return null
}
