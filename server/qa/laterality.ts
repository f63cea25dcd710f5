/**
 * `laterality`: the side a report names against the side the order names, and findings against
 * impression (./sides reads the side words). Rules:
 * - QA-1: order one-sided, a sentence of Findings, Impression or Technique asserts the other side
 *   of the order's own structure (not negated: "no right knee effusion" asserts nothing) -> block;
 * - QA-23: order one-sided for a limb, a breast, an eye or a testis with nothing of the other side
 *   in its field, and a side word no structure goes with names the other side ("small right-sided
 *   effusion" on 'XR Knee left 3 views', "swelling on the left" on a right ankle) -> block;
 * - QA-24: findings and impression put one sided finding on opposite sides (./sidedFindings)
 *   -> block;
 * - QA-1: findings and impression name one structure each on one side only, and the sides differ,
 *   with no finding to tell them apart -> warn (two lesions may sit on either side).
 * A sentence comparing sides ("compared with the right", "contralateral") is left alone, and
 * bilateral orders have no opposite side. One issue at most per sentence.
 */
import type { ReportSectionKey } from '../../contract'
import { sidedFindingConflicts } from './sidedFindings'
import {
  oneSidedRegion,
  orderSide,
  orderStructures,
  readSides,
  sideMentions,
  sideOf,
  type Side,
} from './sides'
import { excerptOf, wordSpan } from './text'
import type { CheckedSentence, Issue, QaStudy } from './types'

const CHECKED: readonly ReportSectionKey[] = ['technique', 'findings', 'impression']

/** An issue and the sentence it is about (a sentence gets one issue at most). */
interface Flagged {
  issue: Issue
  sentence: CheckedSentence
}

export function lateralityIssues(study: QaStudy, sentences: readonly CheckedSentence[]): Issue[] {
  const flagged = wrongSide(study, sentences)
  const taken = new Set(flagged.map((f) => f.sentence))
  for (const conflict of sidedFindingConflicts(sentences)) {
    if (taken.has(conflict.sentence)) continue
    taken.add(conflict.sentence)
    flagged.push(conflict)
  }
  const warnings = disagreement(sentences).filter((f) => !taken.has(f.sentence))
  return [...flagged, ...warnings].map((f) => f.issue)
}

/** QA-1 and QA-23: a sentence naming the side the one-sided order is not for. */
function wrongSide(study: QaStudy, sentences: readonly CheckedSentence[]): Flagged[] {
  const side = orderSide(study)
  if (side !== 'left' && side !== 'right') return []
  const structures = orderStructures(study)
  const region = oneSidedRegion(study)
  const flagged: Flagged[] = []
  for (const sentence of sentences) {
    if (!CHECKED.includes(sentence.section)) continue
    const { mentions, loose } = readSides(sentence)
    const wrong = mentions.find((m) => m.side !== side && structures.has(m.structure))
    const issue = (from: number, to: number, message: string): Issue => {
      const [start, end] = wordSpan(sentence, from, to)
      return {
        code: 'laterality',
        severity: 'block',
        section: sentence.section,
        message,
        excerpt: excerptOf(sentence, start, end),
      }
    }
    if (wrong) {
      const message = `The order is for the ${side} ${wrong.structure}; this names the ${wrong.side}.`
      flagged.push({ sentence, issue: issue(wrong.start, wrong.end, message) })
      continue
    }
    const other = region === null ? undefined : loose.find((i) => sideOf(sentence, i) !== side)
    if (other !== undefined && region !== null) {
      const message = `The order is for the ${side} ${region}; this names the ${opposite(side)} side.`
      flagged.push({ sentence, issue: issue(other, other + 1, message) })
    }
  }
  return flagged
}

const opposite = (side: Side): Side => (side === 'left' ? 'right' : 'left')

/** QA-1: findings and impression naming one structure on opposite sides only (warn, on Impression). */
function disagreement(sentences: readonly CheckedSentence[]): Flagged[] {
  const sidesIn = (section: ReportSectionKey) => {
    const seen = new Map<string, Set<Side>>()
    for (const sentence of sentences.filter((s) => s.section === section)) {
      for (const m of sideMentions(sentence)) {
        seen.set(m.structure, (seen.get(m.structure) ?? new Set<Side>()).add(m.side))
      }
    }
    return seen
  }
  const findings = sidesIn('findings')
  const flagged: Flagged[] = []
  for (const [structure, sides] of sidesIn('impression')) {
    const there = findings.get(structure)
    const [side] = [...sides]
    const [other] = [...(there ?? [])]
    if (sides.size !== 1 || there?.size !== 1 || side === other || !side || !other) continue
    const sentence = sentences.find(
      (s) =>
        s.section === 'impression' &&
        sideMentions(s).some((m) => m.structure === structure && m.side === side),
    )
    if (!sentence) continue
    flagged.push({
      sentence,
      issue: {
        code: 'laterality',
        severity: 'warn',
        section: 'impression',
        message: `Findings name the ${other} ${structure}, the impression the ${side}.`,
        excerpt: excerptOf(sentence, 0, sentence.text.length),
      },
    })
  }
  return flagged
}
