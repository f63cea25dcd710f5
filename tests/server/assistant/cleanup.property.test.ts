/**
 * Property: cleanup drops no word and adds none. Every input word maps to exactly one form in
 * the output, in order (see the mapping in server/assistant/local/cleanup.ts):
 * a clinical word stays exactly itself (its first letter may be capitalised where a sentence
 * starts), a filler disappears ("ER" in capitals is not a filler), spoken punctuation becomes its
 * mark or, where it is a clinical word, stays words, a spoken number becomes its digits with its
 * unit abbreviated, and an eponym in lower case gets a capital first letter: always, or for a
 * name that is also an ordinary word only next to an eponym or before an eponym's noun.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLocalAssistant } from '../../../server/assistant/local'

const assistant = createLocalAssistant()
const clean = (text: string) => assistant.cleanup({ text, modality: 'CT', bodyPart: 'Chest' })

/** Clinical words that are none of: number, unit, filler, spoken punctuation, "by", "point", "and". */
const CLINICAL = [
  'nodule',
  'Liver',
  'right',
  'upper',
  'lobe',
  'lesion',
  'stable',
  'the',
  'a',
  'no',
  'with',
  'of',
  'mass',
  'effusion',
  'CT',
  'MRI',
  'enhancing',
  'measuring',
  'findings',
  'impression',
  'is',
  'hepatic',
  'cyst',
  'spleen',
  'normal',
  'sigmoid',
  'postoperative',
  'sign',
  'disease',
  'fracture',
  'palsy',
  'cysts',
]
/** Eponyms capitalised wherever they stand. */
const EPONYMS = ['murphy', 'morison', 'bosniak', 'crohn', 'hodgkin', 'sachs', 'salter', 'kienböck']
/** Ordinary words capitalised only next to one of EPONYMS or right before one of EPONYM_NOUNS. */
const IN_CONTEXT = ['graves', 'baker', 'bell', 'hill', 'harris', 'weiss', 'smith']
/** The words of CLINICAL that make a word of IN_CONTEXT an eponym when they follow it. */
const EPONYM_NOUNS = ['lesion', 'cyst', 'cysts', 'sign', 'disease', 'fracture', 'palsy']
const FILLERS = ['um', 'uh', 'er', 'ah', 'hmm']
const SPOKEN_PUNCTUATION: { spoken: string[]; marks: string[] }[] = [
  { spoken: ['period'], marks: ['.'] },
  { spoken: ['full', 'stop'], marks: ['.'] },
  { spoken: ['comma'], marks: [','] },
  { spoken: ['colon'], marks: [':'] },
  { spoken: ['semicolon'], marks: [';'] },
  { spoken: ['question', 'mark'], marks: ['?'] },
  { spoken: ['new', 'line'], marks: ['\n'] },
  { spoken: ['new', 'paragraph'], marks: ['\n', '\n'] },
]
const UNITS: { spoken: string[]; written: string }[] = [
  { spoken: ['millimeters'], written: 'mm' },
  { spoken: ['millimeter'], written: 'mm' },
  { spoken: ['mm'], written: 'mm' },
  { spoken: ['centimeters'], written: 'cm' },
  { spoken: ['centimetre'], written: 'cm' },
  { spoken: ['milliliters'], written: 'mL' },
  { spoken: ['Hounsfield', 'units'], written: 'HU' },
  { spoken: ['degrees'], written: 'degrees' },
]
const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
]
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']

function belowHundred(n: number): string[] {
  if (n < 20) return [ONES[n]!]
  return n % 10 === 0 ? [TENS[n / 10]!] : [TENS[Math.floor(n / 10)]!, ONES[n % 10]!]
}

function belowThousand(n: number, and: boolean): string[] {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  if (hundreds === 0) return belowHundred(rest)
  const words = [ONES[hundreds]!, 'hundred']
  return rest === 0 ? words : [...words, ...(and ? ['and'] : []), ...belowHundred(rest)]
}

/** English words for 0..999 999, with or without "and" after hundred and thousand. */
function spell(n: number, and: boolean): string[] {
  if (n === 0) return ['zero']
  const thousands = Math.floor(n / 1000)
  const rest = n % 1000
  if (thousands === 0) return belowThousand(rest, and)
  const words = [...belowThousand(thousands, and), 'thousand']
  if (rest === 0) return words
  return [...words, ...(and && rest < 100 ? ['and'] : []), ...belowThousand(rest, and)]
}

interface Piece {
  spoken: string[]
  written: string
  /** A spelled "one" alone: it stays the word unless it is part of a measurement. */
  one: boolean
  needsUnit: boolean
}

const piece: fc.Arbitrary<Piece> = fc.oneof(
  fc.tuple(fc.integer({ min: 0, max: 999_999 }), fc.boolean()).map(([n, and]) => ({
    spoken: spell(n, and),
    written: String(n),
    one: n === 1,
    needsUnit: false,
  })),
  fc
    .tuple(
      fc.integer({ min: 0, max: 999 }),
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 3 }),
    )
    .map(([n, digits]) => ({
      spoken: [...spell(n, false), 'point', ...digits.map((d) => ONES[d]!)],
      written: `${n}.${digits.join('')}`,
      one: false,
      needsUnit: false,
    })),
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 2 }).map((digits) => ({
    spoken: ['point', ...digits.map((d) => ONES[d]!)],
    written: `0.${digits.join('')}`,
    one: false,
    needsUnit: true,
  })),
  fc
    .integer({ min: 0, max: 9999 })
    .map((n) => ({ spoken: [String(n)], written: String(n), one: false, needsUnit: false })),
)

type Item =
  | { kind: 'word'; text: string }
  | { kind: 'eponym'; text: string; name: string; always: boolean }
  | { kind: 'filler'; text: string }
  | { kind: 'punctuation'; spoken: string[]; marks: string[] }
  | { kind: 'number'; pieces: { piece: Piece; unit: (typeof UNITS)[number] | null }[] }

const upperFirst = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

const casing = (word: string, style: number) =>
  style === 0 ? word : style === 1 ? word[0]!.toUpperCase() + word.slice(1) : word.toUpperCase()

const item: fc.Arbitrary<Item> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom(...CLINICAL).map((text) => ({ kind: 'word' as const, text })),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...EPONYMS, ...IN_CONTEXT),
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom('', "'s", "'"),
      )
      .map(([name, style, possessive]) => ({
        kind: 'eponym' as const,
        text: casing(name, style) + possessive,
        name,
        always: EPONYMS.includes(name),
      })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...FILLERS), fc.integer({ min: 0, max: 2 }))
      .map(([word, style]) => ({ kind: 'filler' as const, text: casing(word, style) })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...SPOKEN_PUNCTUATION), fc.integer({ min: 0, max: 1 }))
      .map(([p, style]) => ({
        kind: 'punctuation' as const,
        spoken: p.spoken.map((w) => casing(w, style)),
        marks: p.marks,
      })),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(piece, fc.option(fc.constantFrom(...UNITS), { nil: null })), {
        minLength: 1,
        maxLength: 3,
      })
      .map((pieces) => ({
        kind: 'number' as const,
        pieces: pieces.map(([p, unit]) => ({
          piece: p,
          unit: p.needsUnit ? (unit ?? UNITS[0]!) : unit,
        })),
      })),
  },
)

/** Items in dictation order; a clinical word follows every number so two numbers never touch. */
const dictation = fc
  .array(fc.tuple(item, fc.constantFrom(...CLINICAL)), { maxLength: 30 })
  .map((pairs) =>
    pairs.flatMap(([it, after]): Item[] =>
      it.kind === 'number' ? [it, { kind: 'word', text: after }] : [it],
    ),
  )

function spoken(items: readonly Item[]): string {
  return items
    .map((it) => {
      if (it.kind === 'word' || it.kind === 'filler' || it.kind === 'eponym') return it.text
      if (it.kind === 'punctuation') return it.spoken.join(' ')
      return it.pieces
        .map(({ piece: p, unit }) => [...p.spoken, ...(unit?.spoken ?? [])].join(' '))
        .join(' by ')
    })
    .join(' ')
}

/**
 * The word a neighbouring item leaves next to an eponym, lower case, or undefined for a mark or
 * a number. Fillers other than "ER" are removed, so the word beyond them is the neighbour.
 */
function neighbour(items: readonly Item[], from: number, step: 1 | -1): string | undefined {
  let k = from + step
  const removed = (it: Item | undefined) => it?.kind === 'filler' && it.text !== 'ER'
  while (removed(items[k])) k += step
  const it = items[k]
  if (it?.kind === 'eponym') return it.name
  if (it?.kind === 'word' || it?.kind === 'filler') return it.text.toLowerCase()
  // Spoken punctuation kept as words ("new line") and numbers are no eponym and no noun.
  return undefined
}

function eponymForm(items: readonly Item[], k: number, it: Item & { kind: 'eponym' }): string {
  // Only a name dictated in lower case changes; "Murphy" and "MURPHY" are kept as written.
  if (it.text !== it.text.toLowerCase()) return it.text
  const previous = neighbour(items, k, -1)
  const next = neighbour(items, k, 1)
  const capitalised =
    it.always ||
    EPONYMS.includes(previous ?? '') ||
    EPONYMS.includes(next ?? '') ||
    EPONYM_NOUNS.includes(next ?? '')
  return capitalised ? upperFirst(it.text) : it.text
}

/** What each item must become: one or more acceptable token sequences. */
function expectations(items: readonly Item[]): string[][][] {
  return items.flatMap((it, k): string[][][] => {
    if (it.kind === 'word') return [[[it.text]]]
    if (it.kind === 'eponym') return [[[eponymForm(items, k, it)]]]
    if (it.kind === 'filler') return it.text === 'ER' ? [[['ER']]] : []
    if (it.kind === 'punctuation') return [[it.marks, it.spoken]]
    const measurement = it.pieces.length > 1 || it.pieces[0]?.unit != null
    const tokens = it.pieces.flatMap(({ piece: p, unit }, n) => [
      ...(n > 0 ? ['x'] : []),
      p.one && !measurement ? 'one' : p.written,
      ...(unit ? [unit.written] : []),
    ])
    return [[tokens]]
  })
}

function outputTokens(text: string): string[] {
  return text.match(/\n|\d+\.\d+|[.,:;?!]|[^\s.,:;?!]+/g) ?? []
}

/** Walks the output along the expectations; returns the first mismatch, or null. */
function mismatch(output: string, expected: string[][][]): string | null {
  const tokens = outputTokens(output)
  /** No word since the text began or since the last . ? ! or line break. */
  const sentenceStart = (at: number): boolean => {
    let k = at - 1
    while (k >= 0 && [',', ':', ';'].includes(tokens[k]!)) k--
    return k < 0 || ['.', '?', '!', '\n'].includes(tokens[k]!)
  }
  // Exactly as expected, or with its first letter capitalised where a sentence starts.
  const same = (at: number, expected: string) =>
    tokens[at] === expected || (sentenceStart(at) && tokens[at] === upperFirst(expected))
  const consume = (option: string[], from: number): number | null => {
    let at = from
    for (const token of option) {
      if (same(at, token)) at++
      // Line breaks at the very start or end of the text are trimmed.
      else if (token !== '\n' || (at !== 0 && at < tokens.length)) return null
    }
    return at
  }
  let at = 0
  for (const options of expected) {
    const next = options.map((option) => consume(option, at)).find((n) => n !== null)
    if (next === undefined) {
      return `at token ${at} (${JSON.stringify(tokens.slice(at, at + 4))}) expected one of ${JSON.stringify(options)}`
    }
    at = next
  }
  return at === tokens.length ? null : `unexpected extra tokens ${JSON.stringify(tokens.slice(at))}`
}

describe('local assistant: dictation cleanup properties', () => {
  it('keeps every non-filler word, in order, in its mapped form, and adds nothing', async () => {
    await fc.assert(
      fc.asyncProperty(dictation, async (items) => {
        const output = await clean(spoken(items))
        expect(
          mismatch(output, expectations(items)),
          `${spoken(items)}\n=> ${JSON.stringify(output)}`,
        ).toBeNull()
      }),
      { numRuns: 400 },
    )
  })

  it('changes nothing when run on its own output', async () => {
    await fc.assert(
      fc.asyncProperty(dictation, async (items) => {
        const once = await clean(spoken(items))
        expect(await clean(once)).toBe(once)
      }),
      { numRuns: 400 },
    )
  })

  it('capitalises every sentence start and leaves single spaces only', async () => {
    await fc.assert(
      fc.asyncProperty(dictation, async (items) => {
        const output = await clean(spoken(items))
        expect(output).not.toMatch(/ {2}| [.,:;?!]|^\s|\s$| \n|\n /)
        const tokens = outputTokens(output)
        tokens.forEach((token, k) => {
          const starts = k === 0 || ['.', '?', '!', '\n'].includes(tokens[k - 1]!)
          if (starts && /^\p{L}/u.test(token))
            expect(token[0], output).toBe(token[0]!.toUpperCase())
        })
      }),
      { numRuns: 200 },
    )
  })
})
