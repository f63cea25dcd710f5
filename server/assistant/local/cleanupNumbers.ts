/**
 * Dictation cleanup's numbers (cleanup.ts): spoken numbers to digits, unit words to their
 * abbreviations, "by" between two numbers to "x", and spine levels ("L five" -> "L5").
 */
import { DIGIT_WORDS, isNumberWord, parseSpokenInteger } from './numbers'
import { lower, type Token } from './cleanupTokens'

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

export function joinLevels(tokens: readonly Token[]): Token[] {
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

export function convertNumbers(tokens: readonly Token[]): Token[] {
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
