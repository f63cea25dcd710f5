/**
 * The local provider's impression draft (IMP-3, IMP-4): the clinician's own positive Findings
 * sentences, word for word, numbered when there are several. It never adds a word of its own, so
 * it never adds a diagnosis: what it cannot tell apart it keeps or leaves out, and the clinician
 * edits the draft before accepting it.
 *
 * A sentence is left out when:
 * - it asserts nothing: every word that says what is found is negated ("No pleural effusion",
 *   "Pneumothorax has resolved"), or is only hypothetical or historical ("Evaluate for
 *   pneumonia"), by the pre-sign checks' NegEx scopes (server/qa/negation.ts);
 * - it says something is normal ("Heart size is normal", "Lungs are clear", "Bones are intact")
 *   and measures nothing (a size makes it a finding: "Normal heart size; 6 mm nodule" stays);
 * - it is a label ("LUNGS:") or a list number.
 */
import { IMPRESSION_DRAFT_MAX_CHARS } from '../../../contract'
import { listedWords, qualifiers } from '../../qa/negation'
import { sentencesOf, type Sentence } from '../../qa/text'

/** Words that say something is as it should be. */
const NORMAL_WORDS: ReadonlySet<string> = new Set([
  'normal',
  'normally',
  'unremarkable',
  'clear',
  'intact',
  'patent',
  'preserved',
  'maintained',
  'physiologic',
  'physiological',
  'symmetric',
  'symmetrical',
  'negative',
])

/** Words that say nothing found by themselves: articles, linking verbs, prepositions, sides. */
const FILLER: ReadonlySet<string> = new Set(
  (
    'a an the this that these those it its is are was were be been being has have had there ' +
    'here of in on at to from by for with within and or as also again both either ' +
    'seen noted identified present demonstrated visualized visualised appreciated ' +
    'left right bilateral bilaterally none'
  ).split(' '),
)

/** A size: a number and a unit of length. */
const MEASURED = /\d\s*(?:mm|cm|millimet|centimet)/i
/** A list number or bullet at the start of a sentence: the draft numbers its own. */
const LIST_MARK = /^(?:\(?\d{1,2}[.)]|[-–•*])\s+/

function isPositive(sentence: Sentence): boolean {
  if (sentence.text.endsWith(':')) return false
  const marks = qualifiers(sentence.words)
  const listed = listedWords(sentence.words)
  const asserted = sentence.words.filter(
    (word, i) =>
      marks[i] === undefined && !listed[i] && !FILLER.has(word.lower) && !/^\d+$/.test(word.lower),
  )
  if (asserted.length === 0) return false
  const saysNormal = sentence.words.some((word) => NORMAL_WORDS.has(word.lower))
  return !saysNormal || MEASURED.test(sentence.text)
}

/** The positive sentences of `findings`, as written (without a list number of their own). */
export function positiveSentences(findings: string): string[] {
  return sentencesOf(findings)
    .filter(isPositive)
    .map((sentence) => sentence.text.replace(LIST_MARK, '').trim())
    .filter((text) => text !== '')
}

/** The draft: one sentence alone, several numbered one per line; '' when none is positive. */
export function localImpression(findings: string): string {
  const sentences = positiveSentences(findings)
  if (sentences.length <= 1) return (sentences[0] ?? '').slice(0, IMPRESSION_DRAFT_MAX_CHARS)
  const lines: string[] = []
  let length = 0
  for (const [i, text] of sentences.entries()) {
    const line = `${String(i + 1)}. ${text}`
    // Whole sentences after the first: one cut short could say something else.
    if (length + line.length + 1 > IMPRESSION_DRAFT_MAX_CHARS) break
    lines.push(line)
    length += line.length + 1
  }
  return lines.join('\n')
}
