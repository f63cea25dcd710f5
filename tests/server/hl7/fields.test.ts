/**
 * The HL7 edge's own pieces, without a server: MLLP frames whatever the chunking (a property over
 * every way of cutting a stream), text escapes both ways, and times with and without offsets
 * (INT-26). Run in both server projects like every file here; they need no database.
 */
import { Hl7Context } from '@medplum/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { escapeHl7, parseDtm, unescapeHl7 } from '../../../server/integration/hl7/fields'
import { frame, MllpDecoder } from '../../../server/integration/hl7/mllp'

describe('INT-26 the HL7 edge', () => {
  it('INT-26 a stream of frames, cut anywhere, line breaks between, decodes to the same frames', () => {
    const body = fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).map((s) =>
      // A frame's content never holds the framing bytes.
      s.replaceAll('\x0b', '.').replaceAll('\x1c', '.'),
    )
    fc.assert(
      fc.property(
        fc.array(body, { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 40 }),
        (bodies, cuts) => {
          const stream = Buffer.concat(
            bodies.map((b) => Buffer.concat([frame(Buffer.from(b, 'utf8')), Buffer.from('\r\n')])),
          )
          const decoder = new MllpDecoder()
          const frames: string[] = []
          let at = 0
          let i = 0
          while (at < stream.length) {
            const size = cuts[i++ % cuts.length] ?? 1
            for (const event of decoder.push(stream.subarray(at, at + size))) {
              if (event.kind === 'frame') frames.push(event.bytes.toString('utf8'))
              else throw new Error(`unexpected ${event.kind}`)
            }
            at += size
          }
          expect(frames).toEqual(bodies)
        },
      ),
    )
  })

  it('INT-26 a frame cut short by a new start byte is dropped as noise; the next one is whole', () => {
    const decoder = new MllpDecoder()
    const events = decoder.push(Buffer.from('\x0bhalf a mess\x0bMSH|whole\x1c\r', 'latin1'))
    expect(events.map((e) => e.kind)).toEqual(['noise', 'frame'])
  })

  it('INT-26 text with every delimiter and non-ASCII escapes and comes back the same', () => {
    const context = new Hl7Context()
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const escaped = escapeHl7(text.replace(/[\r\n]/g, ' '), context)
        expect(escaped).not.toMatch(/[|^&~\r]/)
        expect(unescapeHl7(escaped, context)).toBe(text.replace(/[\r\n]/g, ' '))
      }),
    )
    expect(escapeHl7('a|b^c&d~e\\f', context)).toBe('a\\F\\b\\S\\c\\T\\d\\R\\e\\E\\f')
    expect(escapeHl7('one\ntwo', context)).toBe('one\\.br\\two')
  })

  it('INT-26 times: offsets honoured, zone-less times in the configured zone (daylight saving too), nonsense refused', () => {
    expect(parseDtm('20261125083000-0500', 'UTC')?.toISOString()).toBe('2026-11-25T13:30:00.000Z')
    expect(parseDtm('20260715120000', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-07-15T10:00:00.000Z',
    )
    expect(parseDtm('20260115120000', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-01-15T11:00:00.000Z',
    )
    expect(parseDtm('202601151200', 'UTC')?.toISOString()).toBe('2026-01-15T12:00:00.000Z')
    expect(parseDtm('20260115120000.25+0000', 'UTC')?.toISOString()).toBe(
      '2026-01-15T12:00:00.250Z',
    )
    for (const bad of ['2026-01-15', '20261345', '20260230', 'tomorrow', '']) {
      expect(parseDtm(bad, 'UTC')).toBeNull()
    }
  })
})
