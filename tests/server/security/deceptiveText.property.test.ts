/**
 * SEC-37: properties of the two rules (contract/text.ts), over any text. A refused character put
 * anywhere in any text is found, by the rule and by the schemas the routes validate with; a ZWNJ
 * or ZWJ next to a Latin letter or at an edge is refused; what a name may hold, free text may
 * too; and a name made honest (SEC-36) passes the name's rule and keeps every other character.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  communicationRequestSchema,
  deceptiveInName,
  deceptiveInText,
  honestName,
  macroRequestSchema,
} from '../../../contract'

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))

/** What free text refuses wherever it stands (ZWNJ and ZWJ aside: see below). */
const REFUSED_IN_TEXT = [
  ...range(0x80, 0x9f),
  ...range(0x202a, 0x202e),
  ...range(0x2066, 0x2069),
  '\u200B',
  '\u2060',
  '\uFEFF',
]
/** What a name refuses besides: the marks and other format characters. */
const REFUSED_IN_NAME = [
  ...REFUSED_IN_TEXT,
  '\u200E',
  '\u200F',
  '\u061C',
  '\u00AD',
  '\u2061',
  '\u2064',
  '\u206A',
  '\u206F',
  '\uFFF9',
  '\u{E0001}',
  '\u{E0041}',
]

/** Any text, in any script, with emoji and joiners of its own. */
const anyText = fc.string({ unit: 'grapheme', maxLength: 30 })
const insert = (text: string, at: number, char: string) => {
  const chars = Array.from(text)
  const index = chars.length === 0 ? 0 : at % (chars.length + 1)
  return [...chars.slice(0, index), char, ...chars.slice(index)].join('')
}

describe('text that deceives: properties', () => {
  it('SEC-37 no text holding a refused character passes its rule, wherever it stands', () => {
    fc.assert(
      fc.property(anyText, fc.nat(), fc.constantFrom(...REFUSED_IN_NAME), (text, at, char) => {
        expect(deceptiveInName(insert(text, at, char))).not.toBeNull()
      }),
    )
    fc.assert(
      fc.property(anyText, fc.nat(), fc.constantFrom(...REFUSED_IN_TEXT), (text, at, char) => {
        expect(deceptiveInText(insert(text, at, char))).not.toBeNull()
      }),
    )
  })

  it('SEC-37 a joiner beside a Latin letter, or at an edge, is refused by both rules', () => {
    const latin = fc.string({
      unit: fc.constantFrom(...Array.from('abcdefghijklmnopqrstuvwxyzÉéÖ')),
      minLength: 1,
      maxLength: 10,
    })
    fc.assert(
      fc.property(latin, anyText, fc.constantFrom('\u200C', '\u200D'), (word, rest, joiner) => {
        for (const text of [
          `${word}${joiner}${rest}`,
          `${rest}${joiner}${word}`,
          `${joiner}${rest}`,
        ]) {
          expect(deceptiveInName(text), JSON.stringify(text)).not.toBeNull()
          expect(deceptiveInText(text), JSON.stringify(text)).not.toBeNull()
        }
      }),
    )
  })

  it('SEC-37 the schemas the routes validate with refuse the same', () => {
    const base = {
      recipient: 'Dr Hopper',
      role: 'referring physician',
      method: 'phone',
      communicated_at: '2026-11-26T10:05:00.000Z',
      read_back: true,
    }
    fc.assert(
      fc.property(anyText, fc.nat(), fc.constantFrom(...REFUSED_IN_NAME), (text, at, char) => {
        const recipient = `Dr ${insert(text, at, char)} x`
        expect(communicationRequestSchema.safeParse({ ...base, recipient }).success).toBe(false)
      }),
    )
    fc.assert(
      fc.property(anyText, fc.nat(), fc.constantFrom(...REFUSED_IN_TEXT), (text, at, char) => {
        const body = { name: 'normal', text: `x ${insert(text, at, char)} y` }
        expect(macroRequestSchema.safeParse(body).success).toBe(false)
      }),
    )
  })

  it('SEC-37 what a name may hold, free text may hold too', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        if (deceptiveInName(text) === null) expect(deceptiveInText(text)).toBeNull()
      }),
    )
  })

  it('SEC-36 a name made honest passes the rule, and only refused characters were taken out', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(anyText, fc.constantFrom(...REFUSED_IN_NAME, '\u200C', '\u200D')), {
          maxLength: 8,
        }),
        (parts) => {
          const name = parts.join('')
          const honest = honestName(name)
          expect(deceptiveInName(honest)).toBeNull()
          if (deceptiveInName(name) === null) expect(honest).toBe(name)
          // Every character kept was in the name, in order.
          const rest = Array.from(name)
          for (const char of honest) {
            const at = rest.indexOf(char)
            expect(at).toBeGreaterThanOrEqual(0)
            rest.splice(0, at + 1)
          }
        },
      ),
    )
  })
})
