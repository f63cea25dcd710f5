/**
 * QA-24: findings and impression putting one sided finding on opposite sides ("right
 * pneumothorax" in Findings, "left pneumothorax" in the Impression). A finding of FINDINGS takes
 * the side word just before it ("small left apical pneumothorax", "right UVJ stone") or, failing
 * that, a little after it within its clause ("nodule in the left upper lobe", "fracture on the
 * right"); "bilateral", "both" or "left and right" make it two-sided. Only asserted findings count
 * ("no left pneumothorax" is no finding). A finding conflicts when every sided mention of it in
 * Findings is on one side and the Impression names it on the other side only; a paired structure
 * named with both (lung, kidney) must agree, so "right lower lobe nodule" and "left adrenal
 * nodule" are two findings. Blocking: the clinician acts on the impression's side.
 */
import { isAsserted } from './negation'
import { BILATERAL, PAIRED, namesBothSides, SIDE_REACH, sideOf, type Side } from './sides'
import { excerptOf, findPhrases, phrases, wordSpan, type PhraseMatch } from './text'
import type { CheckedSentence, Issue } from './types'

/** Sided findings by the name the message gives, with the words that name them. */
const SIDED_FINDINGS: Readonly<Record<string, readonly string[]>> = {
  pneumothorax: ['pneumothorax', 'pneumothoraces', 'tension pneumothorax', 'hydropneumothorax'],
  hemothorax: ['hemothorax', 'haemothorax'],
  effusion: ['effusion', 'effusions'],
  fracture: ['fracture', 'fractures'],
  nodule: ['nodule', 'nodules'],
  mass: ['mass', 'masses', 'tumor', 'tumour'],
  consolidation: ['consolidation'],
  pneumonia: ['pneumonia'],
  opacity: ['opacity', 'opacities', 'infiltrate'],
  atelectasis: ['atelectasis', 'collapse'],
  hydronephrosis: ['hydronephrosis', 'hydroureteronephrosis', 'hydroureter'],
  stone: ['stone', 'stones', 'calculus', 'calculi'],
  cyst: ['cyst', 'cysts'],
  tear: ['tear'],
  dislocation: ['dislocation'],
  lesion: ['lesion', 'lesions'],
  hematoma: ['hematoma', 'haematoma'],
  hemorrhage: ['hemorrhage', 'haemorrhage'],
  infarct: ['infarct', 'infarction'],
  thrombus: ['thrombus', 'thrombosis', 'dvt'],
  embolism: ['embolism', 'emboli', 'embolus'],
  contusion: ['contusion'],
  abscess: ['abscess'],
  torsion: ['torsion'],
  hernia: ['hernia'],
  lymphadenopathy: ['lymphadenopathy', 'adenopathy'],
}

const FINDINGS = phrases<string>(
  Object.entries(SIDED_FINDINGS).flatMap(([name, words]) => words.map((w) => [w, name] as const)),
)

/**
 * How many words after a finding its side may come: 7 reaches "mass in the lower pole of the left
 * kidney" (the side is the 7th word after "mass").
 */
const AFTER_REACH = 7
/** Words that end a finding's clause: a side after them is another finding's. */
const CLAUSE_END: ReadonlySet<string> = new Set(['and', 'or', 'with', 'but', 'while', 'whereas'])
const BOTH_WORD = new RegExp(`^${BILATERAL.source}$`, 'i')

interface SidedFinding {
  name: string
  side: Side | 'both'
  /** The paired structure named with it, if any ("lung" for "left upper lobe nodule"). */
  structure: string | undefined
  sentence: CheckedSentence
  match: PhraseMatch<string>
}

/** The side a finding's words give it, and where that side is written. */
function sideNear(
  sentence: CheckedSentence,
  match: PhraseMatch<string>,
  found: readonly PhraseMatch<string>[],
): { side: Side | 'both'; at: number } | null {
  const words = sentence.words
  const isFinding = (k: number) => found.some((f) => f !== match && f.start <= k && k < f.end)
  const sideAt = (k: number) => {
    if (BOTH_WORD.test(words[k]?.lower ?? '')) return { side: 'both' as const, at: k }
    const side = sideOf(sentence, k)
    if (!side) return null
    return { side: namesBothSides(sentence, k) ? ('both' as const) : side, at: k }
  }
  for (let k = match.start - 1; k >= Math.max(0, match.start - SIDE_REACH); k--) {
    if (isFinding(k)) break
    const side = sideAt(k)
    if (side) return side
  }
  for (let k = match.end; k < Math.min(words.length, match.end + AFTER_REACH); k++) {
    const gap = sentence.text.slice(words[k - 1]?.end ?? 0, words[k]?.start ?? 0)
    if (isFinding(k) || CLAUSE_END.has(words[k]?.lower ?? '') || /[,;:(]/.test(gap)) break
    const side = sideAt(k)
    if (side) return side
  }
  return null
}

/** The asserted sided findings of one section. */
function sidedFindings(sentences: readonly CheckedSentence[], section: string): SidedFinding[] {
  const out: SidedFinding[] = []
  for (const sentence of sentences.filter((s) => s.section === section)) {
    const found = findPhrases(sentence.words, FINDINGS)
    const structures = findPhrases(sentence.words, PAIRED)
    for (const match of found) {
      if (!isAsserted(sentence.marks, match.start)) continue
      const near = sideNear(sentence, match, found)
      if (!near) continue
      const from = Math.min(near.at, match.start)
      const to = Math.max(near.at, match.end) + SIDE_REACH
      const structure = structures.find((s) => s.start >= from && s.start <= to)?.value
      out.push({ name: match.value, side: near.side, structure, sentence, match })
    }
  }
  return out
}

const sameFinding = (a: SidedFinding, b: SidedFinding) =>
  a.name === b.name &&
  (a.structure === undefined || b.structure === undefined || a.structure === b.structure)

/** One conflict per finding, on the Impression sentence that names the other side. */
export function sidedFindingConflicts(
  sentences: readonly CheckedSentence[],
): { issue: Issue; sentence: CheckedSentence }[] {
  const inFindings = sidedFindings(sentences, 'findings')
  const inImpression = sidedFindings(sentences, 'impression')
  const conflicts: { issue: Issue; sentence: CheckedSentence }[] = []
  const named = new Set<string>()
  for (const stated of inImpression) {
    if (stated.side === 'both' || named.has(stated.name)) continue
    const there = inFindings.filter((f) => sameFinding(f, stated))
    const here = inImpression.filter((f) => sameFinding(f, stated))
    const other = there[0]?.side
    if (other === undefined || other === 'both' || other === stated.side) continue
    if (there.some((f) => f.side !== other) || here.some((f) => f.side !== stated.side)) continue
    named.add(stated.name)
    const [from, to] = wordSpan(stated.sentence, stated.match.start, stated.match.end)
    conflicts.push({
      sentence: stated.sentence,
      issue: {
        code: 'laterality',
        severity: 'block',
        section: 'impression',
        message: `Findings put the ${stated.name} on the ${other}, the impression on the ${stated.side}.`,
        excerpt: excerptOf(stated.sentence, from, to),
      },
    })
  }
  return conflicts
}
