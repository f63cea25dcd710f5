import { describe, expect, it } from 'vitest'
import { MAX_CELLS, wordDiff } from '../../../../../src/features/report/history/wordDiff'

const textOf = (parts: ReturnType<typeof wordDiff>, kinds: string[]) =>
  parts
    .filter((part) => kinds.includes(part.kind))
    .map((part) => part.text)
    .join('')

describe('the word diff of a section', () => {
  it('RH-1 marks the words removed and added, keeping the rest and its line breaks', () => {
    const parts = wordDiff(
      'Gallbladder distended.\nWall 5 mm thick. No fluid.',
      'Gallbladder distended.\nWall 4 mm thick. Trace fluid.',
    )
    expect(parts).toEqual([
      { kind: 'same', text: 'Gallbladder distended.\nWall ' },
      { kind: 'removed', text: '5 ' },
      { kind: 'added', text: '4 ' },
      { kind: 'same', text: 'mm thick. ' },
      { kind: 'removed', text: 'No ' },
      { kind: 'added', text: 'Trace ' },
      { kind: 'same', text: 'fluid.' },
    ])
  })

  it('RH-1 the old text and the new text can each be read back from the parts', () => {
    const before = 'Acute calculous cholecystitis.\nNo perforation.'
    const after = 'Recommend surgical consultation.'
    const parts = wordDiff(before, after)
    expect(textOf(parts, ['same', 'removed'])).toBe(before)
    expect(textOf(parts, ['same', 'added'])).toBe(after)
    expect(wordDiff('', 'New text.')).toEqual([{ kind: 'added', text: 'New text.' }])
    expect(wordDiff('Same.', 'Same.')).toEqual([{ kind: 'same', text: 'Same.' }])
  })

  it('RH-1 a change too large to align word by word is shown as removed, then added', () => {
    const words = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => `${prefix}${String(index)}`).join(' ')
    const count = Math.ceil(Math.sqrt(MAX_CELLS)) + 10
    const before = `Start. ${words('a', count)} End.`
    const after = `Start. ${words('b', count)} End.`
    const parts = wordDiff(before, after)
    expect(parts.map((part) => part.kind)).toEqual(['same', 'removed', 'added', 'same'])
    expect(textOf(parts, ['same', 'removed'])).toBe(before)
    expect(textOf(parts, ['same', 'added'])).toBe(after)
  })
})
