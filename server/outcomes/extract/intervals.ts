/**
 * The interval a recommendation names (FU-3): "in 3 months", "in 3-6 months", "in 6 to 12
 * months", "at 12 months", "a 6-month follow-up", "in one year", "in 6 weeks", "within 2 weeks",
 * "annual"/"annually"/"yearly", numbers as words ("three months"). A span in the past ("3 months
 * ago", "over 2 years", "for 5 years", "since 2019") is not an interval of a recommendation.
 */
import { SMALL } from '../../assistant/local/numbers'
import type { Interval } from './dates'

const NUMBER_WORDS: Record<string, number> = {
  ...SMALL,
  a: 1,
  an: 1,
  'twenty-four': 24,
  'twenty four': 24,
}

const NUM = `(\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS)
  .sort((x, y) => y.length - x.length)
  .join('|')})`
const UNIT = '(days?|weeks?|wks?|months?|mos?|years?|yrs?)'
const TO = '\\s*(?:-|–|—|to|or|/)\\s*'
const LEAD =
  '(?:in|at|after|within|around|by|(?:in|at|after) (?:approximately|about|around)|within the next|in the next|every)'

/** Each way of naming an interval, most specific first. */
const FORMS: readonly { pattern: RegExp; read: (m: RegExpExecArray) => Interval | null }[] = [
  // A series, "at 3, 9 and 24 months", "in 1, 3 and 5 years": the first is due now (FU-3).
  {
    pattern: new RegExp(
      `\\b${NUM}(?:\\s*,\\s*${NUM})*,?\\s+(?:and|&)\\s+${NUM}[\\s-]*${UNIT}\\b`,
      'i',
    ),
    read: (m) => span(m[1], m[1], unitOf(m[4]), unitOf(m[4]), m),
  },
  // "6 months to 1 year", "in 6 months to a year"
  {
    pattern: new RegExp(`\\b${NUM}[\\s-]*${UNIT}${TO}${NUM}[\\s-]*${UNIT}\\b`, 'i'),
    read: (m) => span(m[1], m[3], unitOf(m[2]), unitOf(m[4]), m),
  },
  // "in 3-6 months", "3 to 6-month", "6-12 months"
  {
    pattern: new RegExp(`\\b${NUM}${TO}${NUM}[\\s-]*${UNIT}\\b`, 'i'),
    read: (m) => span(m[1], m[2], unitOf(m[3]), unitOf(m[3]), m),
  },
  // "in 3 months", "a 6-month follow-up", "at 12 months"
  {
    pattern: new RegExp(`\\b${NUM}[\\s-]*${UNIT}\\b`, 'i'),
    read: (m) => span(m[1], m[1], unitOf(m[2]), unitOf(m[2]), m),
  },
  {
    pattern: /\b(?:annual(?:ly)?|yearly|every year|once a year)\b/i,
    read: () => ({ unit: 'month', low: 12, high: 12 }),
  },
  {
    pattern: /\b(?:semi-?annual(?:ly)?|biannual(?:ly)?|twice (?:a|per) year)\b/i,
    read: () => ({ unit: 'month', low: 6, high: 6 }),
  },
  { pattern: /\bbiennial(?:ly)?\b/i, read: () => ({ unit: 'month', low: 24, high: 24 }) },
]

/** The forms as global searches, compiled once (intervalIn resets each before its use). */
const SEARCHES = FORMS.map((form) => ({ ...form, pattern: new RegExp(form.pattern.source, 'gi') }))

type Unit = { unit: Interval['unit']; factor: number } | null

function unitOf(word: string | undefined): Unit {
  const w = (word ?? '').toLowerCase()
  if (w.startsWith('d')) return { unit: 'day', factor: 1 }
  if (w.startsWith('w')) return { unit: 'day', factor: 7 }
  if (w.startsWith('m')) return { unit: 'month', factor: 1 }
  if (w.startsWith('y')) return { unit: 'month', factor: 12 }
  return null
}

function numberOf(word: string | undefined): number | null {
  if (word === undefined) return null
  const n = NUMBER_WORDS[word.toLowerCase()] ?? Number(word)
  return Number.isFinite(n) && n > 0 ? n : null
}

/** A span "N unit .. M unit" in one unit (days when either is days), or null when unreadable. */
function span(
  low: string | undefined,
  high: string | undefined,
  lowUnit: Unit,
  highUnit: Unit,
  m: RegExpExecArray,
): Interval | null {
  const a = numberOf(low)
  const b = numberOf(high)
  if (a === null || b === null || !lowUnit || !highUnit) return null
  const days = lowUnit.unit === 'day' || highUnit.unit === 'day'
  const inUnit = (n: number, u: NonNullable<Unit>) =>
    days && u.unit === 'month' ? Math.round(n * u.factor * 30.44) : Math.round(n * u.factor)
  const from = inUnit(a, lowUnit)
  const to = inUnit(b, highUnit)
  if (from > to || to === 0) return null
  const within = /\bwithin\b|\bin the next\b/i.test(before(m, 20))
  return {
    unit: days ? 'day' : 'month',
    low: within ? 0 : from,
    high: to,
    ...(within && { within }),
  }
}

const before = (m: RegExpExecArray, chars: number) =>
  m.input.slice(Math.max(0, m.index - chars), m.index)

/** Words around a span that put it in the past or make it a duration, not a due date. */
const PAST_AFTER = /^\s*(?:ago|earlier|prior|previously|before|old\b)/i
const PAST_BEFORE =
  /\b(?:over|for|since|during|past|last|previous|prior|of stability|stable for|aged?|than)\s+(?:the\s+)?(?:past\s+|last\s+)?$/i
const LEAD_BEFORE = new RegExp(`\\b${LEAD}\\s+$`, 'i')

/**
 * The first interval of `text` that says when to image next, or null. A bare span ("3 months")
 * counts after a lead word ("in", "at", "within") or before "follow-up"/"interval"/"surveillance"
 * ("a 3-month follow-up"); one in the past or naming a duration ("stable for 2 years") does not.
 */
export function intervalIn(text: string): Interval | null {
  let best: { index: number; interval: Interval } | null = null
  for (const form of SEARCHES) {
    const pattern = form.pattern
    pattern.lastIndex = 0
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      if (best && m.index >= best.index) break
      const after = text.slice(m.index + m[0].length)
      const lead = before(m, 40)
      if (PAST_AFTER.test(after) || PAST_BEFORE.test(lead)) continue
      const isWord = !/\d/.test(m[0])
      const named =
        isWord ||
        LEAD_BEFORE.test(lead) ||
        /^\s*(?:follow[\s-]?up|followup|interval|surveillance|re-?imaging|repeat|imaging|scan|ct|mri?|ultrasound|us|exam)/i.test(
          after,
        ) ||
        /(?:follow[\s-]?up|repeat|surveillance|imaging|ct|mri?|ultrasound|mammogra\w*|radiograph\w*|x-ray|scan)\s+$/i.test(
          lead,
        )
      if (!named) continue
      const interval = form.read(m)
      if (interval) best = { index: m.index, interval }
      break
    }
  }
  return best?.interval ?? null
}
