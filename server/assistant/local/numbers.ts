/**
 * Spoken English cardinal numbers ("one hundred and twenty", "twenty five") as values, for
 * dictation cleanup. Words are lower case.
 */

/** "one" to "nineteen" (also read by the follow-up finder's intervals, server/outcomes/extract). */
export const SMALL: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
}

const TENS: Readonly<Record<string, number>> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
}

/** Values of the single-digit words, "zero" included (decimal places are read digit by digit). */
export const DIGIT_WORDS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
}

export function isNumberWord(word: string | undefined): boolean {
  return (
    word !== undefined &&
    (word in SMALL || word in TENS || word === 'zero' || word === 'hundred' || word === 'thousand')
  )
}

interface Parsed {
  value: number
  /** Index of the first word after the number. */
  next: number
}

function digit1to9(word: string | undefined): number | undefined {
  const value = word === undefined ? undefined : SMALL[word]
  return value !== undefined && value < 10 ? value : undefined
}

function belowHundred(words: readonly string[], i: number): Parsed | null {
  const word = words[i]
  if (word === undefined) return null
  const tens = TENS[word]
  if (tens !== undefined) {
    const unit = digit1to9(words[i + 1])
    return unit === undefined ? { value: tens, next: i + 1 } : { value: tens + unit, next: i + 2 }
  }
  const small = SMALL[word]
  return small === undefined ? null : { value: small, next: i + 1 }
}

/** "and" joins a hundred or thousand to what follows only when a number follows it. */
function remainder(words: readonly string[], i: number, below: typeof belowHundred): Parsed | null {
  return below(words, words[i] === 'and' ? i + 1 : i)
}

function belowThousand(words: readonly string[], i: number): Parsed | null {
  let hundreds: Parsed | null = null
  const leading = digit1to9(words[i])
  if (leading !== undefined && words[i + 1] === 'hundred')
    hundreds = { value: leading * 100, next: i + 2 }
  else if (words[i] === 'hundred') hundreds = { value: 100, next: i + 1 }
  if (!hundreds) return belowHundred(words, i)
  const rest = remainder(words, hundreds.next, belowHundred)
  return rest ? { value: hundreds.value + rest.value, next: rest.next } : hundreds
}

/**
 * The longest well-formed number starting at words[i] (0 to 999 999), or null. Greedy, so "twenty
 * five" is 25 and "five three" stops after "five".
 */
export function parseSpokenInteger(words: readonly string[], i: number): Parsed | null {
  if (words[i] === 'zero') return { value: 0, next: i + 1 }
  const head = belowThousand(words, i)
  let thousands: Parsed
  if (head && words[head.next] === 'thousand') {
    thousands = { value: head.value * 1000, next: head.next + 1 }
  } else if (!head && words[i] === 'thousand') {
    thousands = { value: 1000, next: i + 1 }
  } else {
    return head
  }
  const rest = remainder(words, thousands.next, belowThousand)
  return rest ? { value: thousands.value + rest.value, next: rest.next } : thousands
}
