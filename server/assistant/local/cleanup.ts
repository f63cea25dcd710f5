/**
 * Dictation cleanup. It only changes the form of words, never which words there are, because a
 * dropped "no" or "left" changes a report's meaning. The mapping, word by word (the property test
 * in tests/server/assistant/cleanup.property.test.ts checks it):
 *
 * - filler ("um", "uh", "er", "ah", "hmm", any case; not "ER", the abbreviation): removed, with a
 *   comma written right after it;
 * - spoken punctuation: "period" / "full stop" -> ".", "comma" -> ",", "colon" -> ":",
 *   "semicolon" -> ";", "question mark" -> "?", "new line" -> line break, "new paragraph" -> blank
 *   line. It stays a word after a determiner or preposition ("a new line was placed", "the
 *   period"), "period" also after a time word ("the postoperative period", "3-month period"),
 *   and "colon" is punctuation only after a heading or label ("findings colon ...") not
 *   followed by a verb: elsewhere it is the organ;
 * - spoken number -> digits: "one hundred and twenty" -> "120", "two point five" -> "2.5",
 *   "point five" -> "0.5" (only before a unit: "at this point five..." is prose). A run of number
 *   words that is not one number ("twenty nineteen") stays as words, and a lone "one" stays a word
 *   ("the larger one") unless a unit, "by" or "point" makes it a measurement;
 * - unit word right after a number -> abbreviation: millimeter(s)/millimetre(s) -> "mm",
 *   centimeter(s)/centimetre(s) -> "cm", milliliter(s)/millilitre(s)/ml -> "mL", Hounsfield
 *   unit(s)/hu -> "HU"; "degree(s)" keeps its spelling;
 * - "by" between two numbers -> "x" ("three by four centimeters" -> "3 x 4 cm");
 * - a spine level or MR sequence letter (C, T, L, S) followed by one to twelve -> "L5", "T2";
 * - an eponym written all in lower case gets a capital first letter: "murphy sign" -> "Murphy
 *   sign", "crohn's" -> "Crohn's", "hill-sachs" -> "Hill-Sachs" (each part of a hyphenated word
 *   counts as a word). A name in EPONYMS (./eponyms.ts) always; one that is also an ordinary word
 *   (EPONYMS_IN_CONTEXT: "bell", "baker", "graves") only right next to a word of EPONYMS
 *   ("salter harris", "mallory weiss") or right before a word of EPONYM_NOUNS, which may end in
 *   an extra "s" ("baker cyst", "graves disease", "bell palsy"). Words are matched in any case,
 *   so capitalising does not change the decision; a number's "Hounsfield units" is "HU" before
 *   this step;
 * - every other word is kept as written, except that a sentence's first letter is capitalised
 *   (start of text, after . ? ! and after a line break).
 * Spacing: single spaces, none before punctuation, one after, none around line breaks; leading
 * and trailing whitespace is removed. Cleaning cleaned text changes nothing.
 */
import { COLON_LABELS, PROSE_AFTER_HEADING } from './headings'
import { capitalizeEponyms } from './cleanupEponyms'
import { convertNumbers, joinLevels } from './cleanupNumbers'
import { lower, tokenize, type Token } from './cleanupTokens'

export { UNITS } from './cleanupNumbers'

const SENTENCE_END = new Set(['.', '?', '!'])
const FILLERS: ReadonlySet<string> = new Set(['um', 'uh', 'er', 'ah', 'hmm'])

const SPOKEN_PUNCTUATION: readonly { words: readonly string[]; token: Token }[] = [
  { words: ['new', 'paragraph'], token: { kind: 'break', count: 2 } },
  { words: ['new', 'line'], token: { kind: 'break', count: 1 } },
  { words: ['full', 'stop'], token: { kind: 'mark', text: '.' } },
  { words: ['question', 'mark'], token: { kind: 'mark', text: '?' } },
  { words: ['period'], token: { kind: 'mark', text: '.' } },
  { words: ['comma'], token: { kind: 'mark', text: ',' } },
  { words: ['semicolon'], token: { kind: 'mark', text: ';' } },
  { words: ['colon'], token: { kind: 'mark', text: ':' } },
]

const KEEPS_SPOKEN_PUNCTUATION_A_WORD: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'this',
  'that',
  'these',
  'those',
  'each',
  'every',
  'any',
  'no',
  'another',
  'of',
  'with',
  'without',
])

const TIME_WORDS: ReadonlySet<string> = new Set([
  'postoperative',
  'perioperative',
  'preoperative',
  'postpartum',
  'neonatal',
  'menstrual',
  'interval',
  'time',
  'washout',
  'latency',
  'waiting',
  'follow-up',
  'followup',
  'day',
  'week',
  'month',
  'year',
  'days',
  'weeks',
  'months',
  'years',
])

function isFiller(token: Token): boolean {
  return token.kind === 'word' && token.text !== 'ER' && FILLERS.has(token.text.toLowerCase())
}

function removeFillers(tokens: readonly Token[]): Token[] {
  const out: Token[] = []
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]
    if (token === undefined) continue
    if (!isFiller(token)) {
      out.push(token)
      continue
    }
    const next = tokens[i + 1]
    if (next?.kind === 'mark' && next.text === ',') i++
  }
  return out
}

function spokenPunctuationAllowed(
  words: readonly string[],
  previous: Token | undefined,
  following: Token | undefined,
): boolean {
  const before = lower(previous)
  if (before !== undefined && KEEPS_SPOKEN_PUNCTUATION_A_WORD.has(before)) return false
  if (words[0] === 'period' && before !== undefined) {
    const lastPart = before.split('-').pop() ?? before
    if (TIME_WORDS.has(before) || TIME_WORDS.has(lastPart)) return false
  }
  if (words[0] === 'colon') {
    const after = lower(following)
    return (
      before !== undefined &&
      COLON_LABELS.has(before) &&
      (after === undefined || !PROSE_AFTER_HEADING.has(after))
    )
  }
  return true
}

function convertSpokenPunctuation(tokens: readonly Token[]): Token[] {
  const out: Token[] = []
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]
    if (token === undefined) continue
    const spoken = SPOKEN_PUNCTUATION.find(
      ({ words }) =>
        words.every((w, k) => lower(tokens[i + k]) === w) &&
        spokenPunctuationAllowed(words, out[out.length - 1], tokens[i + words.length]),
    )
    if (spoken) {
      out.push({ ...spoken.token })
      i += spoken.words.length - 1
    } else {
      out.push(token)
    }
  }
  return out
}

function capitalizeSentences(tokens: Token[]): Token[] {
  let sentenceStart = true
  return tokens.map((token) => {
    if (token.kind === 'break') {
      sentenceStart = true
      return token
    }
    if (token.kind === 'mark') {
      if (SENTENCE_END.has(token.text)) sentenceStart = true
      return token
    }
    if (!sentenceStart) return token
    sentenceStart = false
    return {
      kind: 'word',
      text: token.text.replace(
        /^([(["'“‘]*)(\p{Ll})/u,
        (_, open: string, letter: string) => open + letter.toUpperCase(),
      ),
    }
  })
}

function join(tokens: readonly Token[]): string {
  let text = ''
  for (const token of tokens) {
    if (token.kind === 'break') text += '\n'.repeat(token.count)
    else if (token.kind === 'mark') text += token.text
    else text += (text === '' || text.endsWith('\n') ? '' : ' ') + token.text
  }
  return text.trim()
}

export function cleanupDictation(text: string): string {
  const steps = [
    removeFillers,
    convertSpokenPunctuation,
    joinLevels,
    convertNumbers,
    capitalizeEponyms,
    capitalizeSentences,
  ]
  return join(steps.reduce<Token[]>((tokens, step) => step(tokens), tokenize(text)))
}
