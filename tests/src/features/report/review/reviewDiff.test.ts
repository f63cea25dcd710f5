/**
 * RV-24: the attending's word difference from the preliminary report stays quick however long the
 * section: the words between the first and last change are compared pair by pair only up to a
 * cap, beyond which that middle reads as replaced whole, so typing never freezes the tab.
 */
import { describe, expect, it } from 'vitest'
import { MAX_CELLS, wordDiff } from '../../../../../src/features/report/history/wordDiff'

const words = (count: number, stem: string) =>
  Array.from({ length: count }, (_, index) => `${stem}${String(index)}`).join(' ')

const textOf = (parts: ReturnType<typeof wordDiff>, kinds: string[]) =>
  parts
    .filter((part) => kinds.includes(part.kind))
    .map((part) => part.text)
    .join('')

describe('the review word difference', () => {
  it('RV-24 marks the words the attending changed, keeping the rest', () => {
    const parts = wordDiff('No acute abnormality.', 'No acute process.')

    expect(parts).toEqual([
      { kind: 'same', text: 'No acute ' },
      { kind: 'removed', text: 'abnormality.' },
      { kind: 'added', text: 'process.' },
    ])
  })

  it('RV-24 two edits 6,000 words apart in a 6,000-word section: quick, and both texts whole', () => {
    const before = words(6000, 'w')
    const after = `start ${before.replace('w3000 ', 'changed ')} end`
    const started = performance.now()
    const parts = wordDiff(before, after)
    const took = performance.now() - started

    expect(took).toBeLessThan(500)
    expect(textOf(parts, ['same', 'removed'])).toBe(before)
    expect(textOf(parts, ['same', 'added'])).toBe(after)
    expect(6000 * 6000).toBeGreaterThan(MAX_CELLS)
  })

  it('RV-24 a change in the middle of a long section is found word for word', () => {
    const before = words(4000, 'w')
    const after = before.replace(' w2000 ', ' x2000 ')
    const parts = wordDiff(before, after)

    expect(parts.filter((part) => part.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'w2000 ' },
      { kind: 'added', text: 'x2000 ' },
    ])
  })
})
