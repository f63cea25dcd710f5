/**
 * `units`: sizes no structure has ("5 m nodule", "40 cm kidney stone", "0.01 mm"), mostly a unit
 * misheard or mistyped. Always a warning.
 *
 * A size is a number, or several joined by "x" or "by" ("3 x 4 x 5 cm"), then a length unit (mm,
 * cm, m, or their spellings: the dictation cleanup's UNITS and the metre's). Each dimension is
 * checked in millimetres:
 * - any size in metres is implausible for a finding;
 * - under MIN_MM (0.1 mm) is below what imaging resolves;
 * - the object the size belongs to (the nearest object word within OBJECT_REACH words after the
 *   unit, else before the number: "a 5 mm nodule", "the kidney measures 11 cm") has a plausible
 *   range (OBJECTS); outside it -> warn. Without an object, only over MAX_ANY_MM (1 m).
 */
import { UNITS } from '../assistant/local/cleanup'
import { excerptOf, phrases, phraseAt, type Phrase } from './text'
import type { CheckedSentence, Issue } from './types'

const MIN_MM = 0.1
const MAX_ANY_MM = 1000
const OBJECT_REACH = 4

const TO_MM: Readonly<Record<string, number>> = { mm: 1, cm: 10, m: 1000 }
const METRES = new Set(['m', 'meter', 'meters', 'metre', 'metres'])

/** Plausible sizes in millimetres, [smallest, largest], of what radiologists measure. */
const OBJECTS: readonly Phrase<readonly [number, number]>[] = phrases<readonly [number, number]>([
  ...['nodule', 'nodules', 'micronodule'].map((w) => [w, [0.5, 100]] as const),
  ...['stone', 'stones', 'calculus', 'calculi', 'kidney stone', 'kidney stones'].map(
    (w) => [w, [0.5, 100]] as const,
  ),
  ...['renal stone', 'renal calculus', 'renal cyst', 'kidney cyst', 'liver lesion'].map(
    (w) => [w, [0.5, 150]] as const,
  ),
  ...['polyp', 'polyps', 'lymph node', 'node', 'nodes'].map((w) => [w, [1, 100]] as const),
  ...['mass', 'lesion', 'lesions', 'cyst', 'cysts', 'tumor', 'tumour'].map(
    (w) => [w, [0.5, 400]] as const,
  ),
  ...['aneurysm', 'aorta', 'aortic diameter'].map((w) => [w, [5, 150]] as const),
  ...['kidney', 'kidneys'].map((w) => [w, [30, 200]] as const),
  ...['liver', 'spleen'].map((w) => [w, [40, 350]] as const),
  ...['hematoma', 'collection', 'abscess', 'effusion'].map((w) => [w, [1, 400]] as const),
  ...['gallbladder wall', 'endometrium', 'endometrial stripe'].map((w) => [w, [0.5, 40]] as const),
  ...['appendix', 'common bile duct', 'duct'].map((w) => [w, [0.5, 30]] as const),
])

const SIZE =
  /(\d+(?:\.\d+)?)((?:\s*(?:x|×|by)\s*\d+(?:\.\d+)?)*)\s*(mm|cm|m|millimet(?:er|re)s?|centimet(?:er|re)s?|met(?:er|re)s?)\b(?!\s*\/|\s*hg\b)/gi

function unitOf(word: string): string | undefined {
  const lower = word.toLowerCase()
  return METRES.has(lower) ? 'm' : UNITS[lower]
}

const MEASURING: ReadonlySet<string> = new Set(['measuring', 'measures', 'measured', 'of', 'size'])

/**
 * The object a size belongs to: the one before it when a measuring word leads to the size ("stone
 * measuring 4 cm in the kidney"), else the nearest after it, else before it.
 */
function objectNear(sentence: CheckedSentence, from: number, to: number) {
  const words = sentence.words
  const lead = words.findLastIndex((w) => w.end <= from)
  if (MEASURING.has(words[lead]?.lower ?? '')) {
    for (let i = lead - 1; i >= 0 && i > lead - 1 - OBJECT_REACH; i--) {
      const match = phraseAt(words, i, OBJECTS)
      if (match) return match
    }
  }
  const after = words.findIndex((w) => w.start >= to)
  for (let i = after; i >= 0 && i < Math.min(words.length, after + OBJECT_REACH); i++) {
    const match = phraseAt(words, i, OBJECTS)
    if (match) return match
  }
  const before = words.findLastIndex((w) => w.end <= from)
  for (let i = before; i >= 0 && i > before - 2 * OBJECT_REACH; i--) {
    const match = phraseAt(words, i, OBJECTS)
    if (match) return match
  }
  return null
}

function implausible(mm: readonly number[], range: readonly [number, number] | null): boolean {
  return mm.some(
    (size) => size < MIN_MM || (range ? size < range[0] || size > range[1] : size > MAX_ANY_MM),
  )
}

export function unitIssues(sentences: readonly CheckedSentence[]): Issue[] {
  const issues: Issue[] = []
  for (const sentence of sentences) {
    for (const size of sentence.text.matchAll(SIZE)) {
      const unit = unitOf(size[3] ?? '')
      const factor = unit ? TO_MM[unit] : undefined
      if (unit === undefined || factor === undefined) continue
      const numbers = [size[1] ?? '', ...(size[2] ?? '').split(/x|×|by/i)]
        .map((n) => n.trim())
        .filter((n) => n !== '')
        .map(Number)
      const from = size.index
      const to = from + size[0].length
      const object = objectNear(sentence, from, to)
      const mm = numbers.map((n) => n * factor)
      if (unit !== 'm' && !implausible(mm, object ? object.value : null)) continue
      const what = object ? sentence.words.slice(object.start, object.end).map((w) => w.lower) : []
      issues.push({
        code: 'units',
        severity: 'warn',
        section: sentence.section,
        message: `Implausible size: ${size[0].trim()}${what.length > 0 ? ` for a ${what.join(' ')}` : ''}.`,
        excerpt: excerptOf(sentence, from, to),
      })
    }
  }
  return issues
}
