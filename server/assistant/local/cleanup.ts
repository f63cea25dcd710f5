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
import { EPONYM_NOUNS, EPONYMS, EPONYMS_IN_CONTEXT } from './eponyms'
import { DIGIT_WORDS, isNumberWord, parseSpokenInteger } from './numbers'

type Token =
  { kind: 'word'; text: string } | { kind: 'mark'; text: string } | { kind: 'break'; count: number }

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

/** Spoken or typed length and volume units, by their written abbreviation (also read by server/qa/). */
export const UNITS: Readonly<Record<string, string>> = {
  mm: 'mm',
  millimeter: 'mm',
  millimeters: 'mm',
  millimetre: 'mm',
  millimetres: 'mm',
  cm: 'cm',
  centimeter: 'cm',
  centimeters: 'cm',
  centimetre: 'cm',
  centimetres: 'cm',
  ml: 'mL',
  milliliter: 'mL',
  milliliters: 'mL',
  millilitre: 'mL',
  millilitres: 'mL',
  hu: 'HU',
}

const LEVEL_LETTERS: ReadonlySet<string> = new Set(['c', 't', 'l', 's'])

const DIGITS = /^\d+(?:\.\d+)?$/

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  for (const [chunk] of text.replace(/\r\n?/g, '\n').matchAll(/\s+|\S+/g)) {
    if (/^\s/.test(chunk)) {
      const count = chunk.split('\n').length - 1
      if (count > 0) tokens.push({ kind: 'break', count })
      continue
    }
    // ".5" is a number, not a full stop before "5".
    const leading = /^\.\d/.test(chunk) ? '' : (/^[.,:;?!]+/.exec(chunk)?.[0] ?? '')
    const rest = chunk.slice(leading.length)
    const trailing = /[.,:;?!]+$/.exec(rest)?.[0] ?? ''
    const core = rest.slice(0, rest.length - trailing.length)
    for (const mark of leading) tokens.push({ kind: 'mark', text: mark })
    if (core !== '') tokens.push({ kind: 'word', text: core })
    for (const mark of trailing) tokens.push({ kind: 'mark', text: mark })
  }
  return tokens
}

function lower(token: Token | undefined): string | undefined {
  return token?.kind === 'word' ? token.text.toLowerCase() : undefined
}

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

function joinLevels(tokens: readonly Token[]): Token[] {
  const out: Token[] = []
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]
    if (token === undefined) continue
    const letter = lower(token)
    const numberWord = lower(tokens[i + 1])
    const parsed = numberWord === undefined ? null : parseSpokenInteger([numberWord], 0)
    if (
      letter !== undefined &&
      LEVEL_LETTERS.has(letter) &&
      parsed !== null &&
      parsed.value >= 1 &&
      parsed.value <= 12 &&
      !isNumberWord(lower(tokens[i + 2])) &&
      lower(tokens[i + 2]) !== 'point'
    ) {
      out.push({ kind: 'word', text: `${letter.toUpperCase()}${parsed.value}` })
      i++
    } else {
      out.push(token)
    }
  }
  return out
}

interface NumberRead {
  text: string
  next: number
  /** A lone spoken "one", kept as a word unless it is part of a measurement. */
  loneOne: boolean
  /** ".5" spoken as "point five": a number only in a measurement. */
  leadingPoint: boolean
}

/** Consecutive word tokens from i, lower case, up to the first non-word. */
function wordRun(tokens: readonly Token[], i: number): string[] {
  const words: string[] = []
  for (let k = i; tokens[k]?.kind === 'word'; k++) words.push(lower(tokens[k]) ?? '')
  return words
}

function readDecimals(
  tokens: readonly Token[],
  i: number,
): { digits: string; next: number } | null {
  const first = tokens[i]
  if (first?.kind === 'word' && /^\d+$/.test(first.text)) return { digits: first.text, next: i + 1 }
  const words = wordRun(tokens, i)
  if (words[0] !== undefined && words[0] in DIGIT_WORDS) {
    let digits = ''
    let k = 0
    for (let word = words[k]; word !== undefined && word in DIGIT_WORDS; word = words[++k]) {
      digits += String(DIGIT_WORDS[word])
    }
    return { digits, next: i + k }
  }
  const parsed = parseSpokenInteger(words, 0)
  return parsed ? { digits: String(parsed.value), next: i + parsed.next } : null
}

/** A number starting at tokens[i], 'run' for number words that are not one number, or null. */
function readNumber(tokens: readonly Token[], i: number): NumberRead | { run: number } | null {
  const token = tokens[i]
  if (token?.kind !== 'word') return null
  let integer: string
  let next: number
  let loneOne = false
  const leadingPoint = lower(token) === 'point'
  if (DIGITS.test(token.text)) {
    if (token.text.includes('.')) return { text: token.text, next: i + 1, loneOne, leadingPoint }
    integer = token.text
    next = i + 1
  } else if (isNumberWord(lower(token))) {
    const words = wordRun(tokens, i)
    const parsed = parseSpokenInteger(words, 0)
    if (!parsed) return null
    if (isNumberWord(words[parsed.next])) {
      let end = parsed.next
      while (isNumberWord(words[end])) end++
      return { run: end }
    }
    integer = String(parsed.value)
    next = i + parsed.next
    loneOne = parsed.next === 1 && words[0] === 'one'
  } else if (leadingPoint && (lower(tokens[i + 1]) ?? '') in DIGIT_WORDS) {
    // Only a spoken digit makes "point" a decimal point: "point 5 mm" was typed as prose.
    integer = '0'
    next = i
  } else {
    return null
  }

  if (lower(tokens[next]) === 'point') {
    const decimals = readDecimals(tokens, next + 1)
    if (decimals) {
      const text = `${integer}.${decimals.digits}`
      return { text, next: decimals.next, loneOne: false, leadingPoint }
    }
  }
  return leadingPoint ? null : { text: integer, next, loneOne, leadingPoint }
}

function readUnit(tokens: readonly Token[], i: number): { text: string; next: number } | null {
  const token = tokens[i]
  if (token?.kind !== 'word') return null
  const word = token.text.toLowerCase()
  const unit = UNITS[word]
  if (unit !== undefined) return { text: unit, next: i + 1 }
  if (word === 'degree' || word === 'degrees') return { text: token.text, next: i + 1 }
  const second = lower(tokens[i + 1])
  if (word === 'hounsfield' && (second === 'unit' || second === 'units'))
    return { text: 'HU', next: i + 2 }
  return null
}

function convertNumbers(tokens: readonly Token[]): Token[] {
  const out: Token[] = []
  let i = 0
  while (i < tokens.length) {
    const first = readNumber(tokens, i)
    if (first === null) {
      const token = tokens[i]
      if (token) out.push(token)
      i++
      continue
    }
    if ('run' in first) {
      out.push(...tokens.slice(i, i + first.run))
      i += first.run
      continue
    }
    const pieces: { number: NumberRead; unit: { text: string } | null }[] = []
    let unit = readUnit(tokens, first.next)
    pieces.push({ number: first, unit })
    let end = unit?.next ?? first.next
    while (lower(tokens[end]) === 'by') {
      const more = readNumber(tokens, end + 1)
      if (more === null || 'run' in more) break
      unit = readUnit(tokens, more.next)
      pieces.push({ number: more, unit })
      end = unit?.next ?? more.next
    }
    const measurement = pieces.length > 1 || first.next !== end
    const original = tokens[i]
    if ((first.leadingPoint || first.loneOne) && !measurement && original) {
      // "at this point five..." and "the larger one" are prose, not numbers.
      out.push(original)
      i++
      continue
    }
    pieces.forEach(({ number, unit: pieceUnit }, n) => {
      if (n > 0) out.push({ kind: 'word', text: 'x' })
      out.push({ kind: 'word', text: number.text })
      if (pieceUnit) out.push({ kind: 'word', text: pieceUnit.text })
    })
    i = end
  }
  return out
}

/** A word part in lower case, with any quote or bracket around it and a possessive "'s" or "'". */
const LOWER_CASE_PART = /^([^\p{L}\p{N}]*)(\p{Ll}+)((?:['’]s?)?[^\p{L}\p{N}]*)$/u

/** The name a word part stands for, lower case: "Murphy's" -> "murphy". */
function eponymKey(part: string | undefined): string | undefined {
  return part === undefined
    ? undefined
    : /^[^\p{L}\p{N}]*(\p{L}+)(?:['’]s?)?[^\p{L}\p{N}]*$/u.exec(part)?.[1]?.toLowerCase()
}

function isEponym(word: string, previous: string | undefined, next: string | undefined): boolean {
  if (EPONYMS.has(word)) return true
  if (!EPONYMS_IN_CONTEXT.has(word)) return false
  const named = (key: string | undefined) => key !== undefined && EPONYMS.has(key)
  const noun =
    next !== undefined && (EPONYM_NOUNS.has(next) || EPONYM_NOUNS.has(next.replace(/s$/, '')))
  return named(previous) || named(next) || noun
}

function capitalizeEponyms(tokens: readonly Token[]): Token[] {
  const partsOf = (token: Token | undefined) =>
    token?.kind === 'word' ? token.text.split('-') : []
  return tokens.map((token, i) => {
    if (token.kind !== 'word') return token
    const parts = partsOf(token)
    const before = partsOf(tokens[i - 1]).at(-1)
    const after = partsOf(tokens[i + 1])[0]
    const text = parts
      .map((part, j) => {
        const [, open = '', word = '', close = ''] = LOWER_CASE_PART.exec(part) ?? []
        const previous = eponymKey(j > 0 ? parts[j - 1] : before)
        const next = eponymKey(j < parts.length - 1 ? parts[j + 1] : after)
        if (word === '' || !isEponym(word, previous, next)) return part
        return open + word.charAt(0).toUpperCase() + word.slice(1) + close
      })
      .join('-')
    return text === token.text ? token : { kind: 'word', text }
  })
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
