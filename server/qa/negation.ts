/**
 * Negation scope, NegEx style (Chapman et al., "A simple algorithm for identifying negated
 * findings and diseases in discharge summaries", J Biomed Inform 2001), with our own trigger
 * lists for radiology prose.
 *
 * In one sentence (see ./text: sentences end at . ! ? ; and line breaks):
 * - a pseudo-trigger ("no change", "not only", "gram negative") is read as plain words: it
 *   negates nothing and is not a trigger either;
 * - a pre-trigger ("no", "without", "negative for", "no evidence of", "free of", "resolved",
 *   "ruled out"...) negates up to SCOPE words after it;
 * - a post-trigger ("is absent", "was ruled out", "has resolved", "is not seen") negates up to
 *   SCOPE words before it;
 * - "resolved" and "excluded" alone reach both ways ("resolved pneumothorax", "pneumothorax
 *   resolved");
 * - a scope stops early at a termination term ("but", "however", "which"...) or at another
 *   trigger's end.
 * Hypothetical and historical triggers ("evaluate for", "rule out", "history of") are a second
 * kind: they make a mention not a present finding, which matters to the critical list; the side
 * and sex rules read such a mention as naming its anatomy all the same (`isNamed`).
 */
import { phrases, phraseAt, type Word } from './text'

/** Words a trigger reaches; NegEx's window is five, lists ("no effusion, mass or fracture") need more. */
export const SCOPE = 8

export type Trigger = 'negated' | 'hypothetical'
type Role =
  { kind: 'pre' | 'post' | 'both'; trigger: Trigger } | { kind: 'pseudo' } | { kind: 'stop' }

const pre = (trigger: Trigger = 'negated'): Role => ({ kind: 'pre', trigger })
const post = (trigger: Trigger = 'negated'): Role => ({ kind: 'post', trigger })
const both = (): Role => ({ kind: 'both', trigger: 'negated' })
const PSEUDO: Role = { kind: 'pseudo' }
const STOP: Role = { kind: 'stop' }

const LIST: readonly (readonly [string, Role])[] = [
  // Pseudo-triggers: negation words that negate nothing here.
  ['no change', PSEUDO],
  ['no significant change', PSEUDO],
  ['no interval change', PSEUDO],
  ['no significant interval change', PSEUDO],
  ['no definite change', PSEUDO],
  ['no increase', PSEUDO],
  ['no decrease', PSEUDO],
  ['no longer', PSEUDO],
  ['not only', PSEUDO],
  ['not necessarily', PSEUDO],
  ['not certain if', PSEUDO],
  ['not certain whether', PSEUDO],
  ['without difficulty', PSEUDO],
  ['gram negative', PSEUDO],
  ['not been excluded', PSEUDO],
  ['cannot be excluded', PSEUDO],
  ['cannot be ruled out', PSEUDO],
  ['not be excluded', PSEUDO],
  ['not be ruled out', PSEUDO],
  ['not excluded', PSEUDO],
  ['not ruled out', PSEUDO],
  // Pre-triggers.
  ['no', pre()],
  ['not', pre()],
  ['without', pre()],
  ['absent', pre()],
  ['absence of', pre()],
  ['negative for', pre()],
  ['no evidence of', pre()],
  ['no evidence for', pre()],
  ['no sign of', pre()],
  ['no signs of', pre()],
  ['no findings of', pre()],
  ['no radiographic evidence of', pre()],
  ['free of', pre()],
  ['resolved', both()],
  ['resolution of', pre()],
  ['interval resolution of', pre()],
  ['ruled out', pre()],
  ['rules out', pre()],
  ['excluded', both()],
  ['denies', pre()],
  ['never', pre()],
  ['nor', pre()],
  // Post-triggers.
  ['is absent', post()],
  ['are absent', post()],
  ['was absent', post()],
  ['were absent', post()],
  ['was ruled out', post()],
  ['were ruled out', post()],
  ['is ruled out', post()],
  ['has been ruled out', post()],
  ['has resolved', post()],
  ['have resolved', post()],
  ['is resolved', post()],
  ['is not seen', post()],
  ['are not seen', post()],
  ['not seen', post()],
  ['not identified', post()],
  ['is not identified', post()],
  ['are not identified', post()],
  ['not present', post()],
  ['not visualized', post()],
  ['is not visualized', post()],
  ['are not visualized', post()],
  ['not demonstrated', post()],
  ['is not demonstrated', post()],
  ['is excluded', post()],
  ['was excluded', post()],
  ['unlikely', post()],
  ['is negative', post()],
  // Hypothetical and historical: not a present finding.
  ['rule out', pre('hypothetical')],
  ['to rule out', pre('hypothetical')],
  ['r o', pre('hypothetical')],
  ['evaluate for', pre('hypothetical')],
  ['evaluation for', pre('hypothetical')],
  ['evaluation of', pre('hypothetical')],
  ['assess for', pre('hypothetical')],
  ['concern for', PSEUDO],
  ['question of', pre('hypothetical')],
  ['history of', pre('hypothetical')],
  ['h o', pre('hypothetical')],
  ['risk of', pre('hypothetical')],
  ['if', pre('hypothetical')],
  ['should', pre('hypothetical')],
  // Termination terms: a scope ends before them.
  ['but', STOP],
  ['however', STOP],
  ['although', STOP],
  ['though', STOP],
  ['which', STOP],
  ['yet', STOP],
  ['except', STOP],
  ['apart from', STOP],
  ['aside from', STOP],
  ['other than', STOP],
  ['whereas', STOP],
  ['while', STOP],
  ['with', STOP],
  ['there is', STOP],
  ['there are', STOP],
  ['consistent with', STOP],
  ['compatible with', STOP],
  ['suspicious for', STOP],
  ['concerning for', STOP],
]
const TRIGGERS = phrases(LIST)

/** The listed phrases of a sentence (triggers, pseudo-triggers, terminations), in order. */
function listedPhrases(words: readonly Word[]): { start: number; end: number; role: Role }[] {
  const found: { start: number; end: number; role: Role }[] = []
  for (let i = 0; i < words.length; i++) {
    const match = phraseAt(words, i, TRIGGERS)
    if (match) {
      found.push({ start: match.start, end: match.end, role: match.value })
      i = match.end - 1
    }
  }
  return found
}

/**
 * For each word of a sentence: whether it is part of a listed phrase ("no", "no evidence of",
 * "no change", "there is"), i.e. says how something is meant rather than what is found.
 */
export function listedWords(words: readonly Word[]): boolean[] {
  const listed = words.map(() => false)
  for (const phrase of listedPhrases(words)) listed.fill(true, phrase.start, phrase.end)
  return listed
}

/** For each word of a sentence: how a trigger qualifies it (undefined: asserted). */
export function qualifiers(words: readonly Word[]): (Trigger | undefined)[] {
  const marks: (Trigger | undefined)[] = words.map(() => undefined)
  const found = listedPhrases(words)
  const isBoundary = (i: number) => found.some((f) => f.start <= i && i < f.end)
  for (const [n, f] of found.entries()) {
    if (f.role.kind === 'pre' || f.role.kind === 'both') {
      const limit = Math.min(words.length, f.end + SCOPE, found[n + 1]?.start ?? words.length)
      for (let i = f.end; i < limit; i++) marks[i] ??= f.role.trigger
    }
    if (f.role.kind === 'post' || f.role.kind === 'both') {
      const earlier = found[n - 1]
      const limit = Math.max(0, f.start - SCOPE, earlier ? earlier.end : 0)
      for (let i = f.start - 1; i >= limit && !isBoundary(i); i--) marks[i] ??= f.role.trigger
    }
  }
  return marks
}

/** Whether the phrase starting at word `start` is asserted: no trigger reaches it. */
export function isAsserted(marks: readonly (Trigger | undefined)[], start: number): boolean {
  return marks[start] === undefined
}

/**
 * Whether the phrase starting at word `start` is named without a negation: asserted, or only
 * hypothetical or historical ("history of prostate cancer" names a prostate all the same).
 */
export function isNamed(marks: readonly (Trigger | undefined)[], start: number): boolean {
  return marks[start] !== 'negated'
}
