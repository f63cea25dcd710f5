/**
 * `laterality`: the side a report names against the side the order names, and findings against
 * impression.
 *
 * A side mention is a side word ("left", "right", "lt", "rt", "left-sided"; "L" and "R" only in
 * capitals) followed within SIDE_REACH words by a paired structure of PAIRED, or a structure
 * followed by its side ("knee on the right", "knee, left", "knee (right)"). The order's side
 * comes from its study description and body part ("XR Knee Left", "MRI left knee", "Bilateral
 * knees"). Rules:
 * - order one-sided, a sentence of Findings, Impression or Technique asserts the other side of
 *   the order's own structure (not negated: "no right knee effusion" asserts nothing) -> block;
 * - findings and impression name one structure each on one side only, and the sides differ ->
 *   warn (two lesions may sit on either side; a block there would stop true reports).
 * A sentence comparing sides ("compared with the right", "contralateral") is left alone, and
 * bilateral orders have no opposite side.
 */
import type { ReportSectionKey } from '../../contract'
import { isNamed } from './negation'
import { excerptOf, findPhrases, phrases, wordSpan } from './text'
import type { CheckedSentence, Issue, QaStudy } from './types'

type Side = 'left' | 'right'

const PAIRED = phrases<string>([
  ...['knee', 'knees', 'patella', 'patellar', 'meniscus', 'meniscal', 'menisci'].map(
    (w) => [w, 'knee'] as const,
  ),
  ...['anterior cruciate', 'posterior cruciate', 'acl', 'pcl', 'tibial plateau'].map(
    (w) => [w, 'knee'] as const,
  ),
  ...['hip', 'hips', 'acetabulum', 'acetabular', 'femoral head', 'femoral neck'].map(
    (w) => [w, 'hip'] as const,
  ),
  ...['shoulder', 'shoulders', 'glenohumeral', 'rotator cuff', 'humeral head', 'glenoid'].map(
    (w) => [w, 'shoulder'] as const,
  ),
  ...['acromioclavicular', 'supraspinatus', 'infraspinatus', 'subscapularis'].map(
    (w) => [w, 'shoulder'] as const,
  ),
  ...['elbow', 'olecranon'].map((w) => [w, 'elbow'] as const),
  ...['wrist', 'scaphoid', 'carpal', 'distal radius', 'distal radial'].map(
    (w) => [w, 'wrist'] as const,
  ),
  ...['hand', 'finger', 'thumb', 'metacarpal'].map((w) => [w, 'hand'] as const),
  ...['ankle', 'malleolus', 'talus', 'achilles'].map((w) => [w, 'ankle'] as const),
  ...['foot', 'calcaneus', 'metatarsal', 'toe'].map((w) => [w, 'foot'] as const),
  ...['lung', 'hemithorax', 'upper lobe', 'lower lobe', 'middle lobe', 'pleural'].map(
    (w) => [w, 'lung'] as const,
  ),
  ...['hilum', 'hilar', 'mainstem bronchus', 'lung base', 'lung apex'].map(
    (w) => [w, 'lung'] as const,
  ),
  ...['kidney', 'renal', 'ureter', 'ureteral', 'ureteric'].map((w) => [w, 'kidney'] as const),
  ...['breast', 'axilla', 'axillary'].map((w) => [w, 'breast'] as const),
  ...['ovary', 'ovarian', 'adnexa', 'adnexal'].map((w) => [w, 'ovary'] as const),
  ...['testis', 'testicle', 'testicular', 'epididymis', 'hemiscrotum'].map(
    (w) => [w, 'testis'] as const,
  ),
  ...['frontal', 'parietal', 'temporal', 'occipital', 'cerebral hemisphere', 'hemisphere'].map(
    (w) => [w, 'brain'] as const,
  ),
  ...['cerebellar', 'basal ganglia', 'thalamus', 'thalamic', 'lateral ventricle'].map(
    (w) => [w, 'brain'] as const,
  ),
  ...['orbit', 'globe', 'eye', 'parotid', 'adrenal', 'clavicle', 'femur', 'tibia'].map(
    (w) => [w, w] as const,
  ),
  ...['fibula', 'humerus', 'forearm', 'thigh', 'calf', 'leg', 'arm'].map((w) => [w, w] as const),
  ...['lower extremity', 'femoral vein', 'popliteal vein', 'peroneal veins'].map(
    (w) => [w, 'leg'] as const,
  ),
  ...['upper extremity', 'brachial vein', 'cephalic vein', 'basilic vein'].map(
    (w) => [w, 'arm'] as const,
  ),
])

const SIDE_WORDS: Readonly<Record<string, Side>> = {
  left: 'left',
  right: 'right',
  lt: 'left',
  rt: 'right',
  'left-sided': 'left',
  'right-sided': 'right',
}
/** Single letters are sides only as capitals ("L knee"): "a l" is no side. */
const SIDE_LETTERS: Readonly<Record<string, Side>> = { L: 'left', R: 'right' }
const BILATERAL = /\b(bilateral|bilaterally|both)\b/i
/**
 * How many words after its side word a structure may come ("right medial femoral condyle" no,
 * "right knee joint", "left lower lobe" yes). An unpaired structure ("right heart") is no mention.
 */
const SIDE_REACH = 4
const COMPARING =
  /\b(compared?|comparison|contralateral|opposite|other side|than the (left|right))\b/i

interface Mention {
  side: Side
  structure: string
  start: number
  end: number
}

/** "was left in place" is a verb, "a right angle" no side. */
const VERB_BEFORE_LEFT: ReadonlySet<string> = new Set(['was', 'were', 'is', 'are', 'be', 'been'])

function sideOf(sentence: CheckedSentence, i: number): Side | undefined {
  const word = sentence.words[i]
  if (!word) return undefined
  if (word.lower === 'left' && VERB_BEFORE_LEFT.has(sentence.words[i - 1]?.lower ?? '')) {
    return undefined
  }
  if (word.lower === 'right' && /^angles?$/.test(sentence.words[i + 1]?.lower ?? '')) {
    return undefined
  }
  const written = sentence.text.slice(word.start, word.end)
  return SIDE_WORDS[word.lower] ?? SIDE_LETTERS[written]
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k)

/** The side mentions a sentence asserts (negated ones and comparisons left out). */
export function sideMentions(sentence: CheckedSentence): Mention[] {
  if (COMPARING.test(sentence.text)) return []
  const mentions: Mention[] = []
  const structures = findPhrases(sentence.words, PAIRED)
  for (let i = 0; i < sentence.words.length; i++) {
    const side = sideOf(sentence, i)
    if (!side || !isNamed(sentence.marks, i)) continue
    const structure = structures.find((s) => s.start > i && s.start <= i + SIDE_REACH)
    // Another side word just before or between them names both sides ("left and right knee").
    const paired = structure
      ? [i - 2, i - 1, ...range(i + 1, structure.start)].some((k) => k >= 0 && sideOf(sentence, k))
      : false
    if (structure && !paired) {
      mentions.push({ side, structure: structure.value, start: i, end: structure.end })
    }
  }
  for (const structure of structures) {
    const after = sideAfter(sentence, structure.end)
    if (after && !mentions.some((m) => m.end === structure.end)) {
      mentions.push({ ...after, structure: structure.value, start: structure.start })
    }
  }
  return mentions
}

/**
 * A side written after its structure: "knee on the right", "knee, left", "knee (right)". The
 * side word must end the sentence or a bracket, so "knee, right hip" is not read as one.
 */
function sideAfter(sentence: CheckedSentence, at: number): { side: Side; end: number } | null {
  const words = sentence.words
  const onThe = words[at]?.lower === 'on' && words[at + 1]?.lower === 'the'
  const k = onThe ? at + 2 : at
  const side = sideOf(sentence, k)
  const word = words[k]
  const before = words[k - 1]
  if (!side || !word || !before || !isNamed(sentence.marks, k)) return null
  const gap = sentence.text.slice(before.end, word.start)
  if (!onThe && !/^\s*[,(]\s*$/.test(gap)) return null
  if (!/^\s*(?:[).:]|$|side\b)/.test(sentence.text.slice(word.end))) return null
  return { side, end: k + 1 }
}

/** The order's side, from its study description and body part; null when none or bilateral. */
export function orderSide(study: QaStudy): Side | 'bilateral' | null {
  const text = `${study.study_description} ${study.body_part}`
  if (BILATERAL.test(text)) return 'bilateral'
  // A lone capital L or R is a side ("XR L knee"); "L-spine" and "L4" are not.
  const left = /\b(left|lt)\b/i.test(text) || /(^|\s)L(\s|$)/.test(text)
  const right = /\b(right|rt)\b/i.test(text) || /(^|\s)R(\s|$)/.test(text)
  if (left && right) return 'bilateral'
  return left ? 'left' : right ? 'right' : null
}

/** The paired structures the order names ("XR Knee Left" -> knee). */
export function orderStructures(study: QaStudy): Set<string> {
  const text = `${study.study_description} ${study.body_part}`
  const words = [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({
    lower: m[0].toLowerCase(),
    start: m.index,
    end: m.index + m[0].length,
  }))
  return new Set(findPhrases(words, PAIRED).map((m) => m.value))
}

const CHECKED: readonly ReportSectionKey[] = ['technique', 'findings', 'impression']

export function lateralityIssues(study: QaStudy, sentences: readonly CheckedSentence[]): Issue[] {
  const issues: Issue[] = []
  const side = orderSide(study)
  const structures = orderStructures(study)
  const bySection: Partial<Record<ReportSectionKey, Map<string, Set<Side>>>> = {}
  for (const sentence of sentences) {
    if (!CHECKED.includes(sentence.section)) continue
    const mentions = sideMentions(sentence)
    const seen = (bySection[sentence.section] ??= new Map<string, Set<Side>>())
    for (const m of mentions) {
      seen.set(m.structure, (seen.get(m.structure) ?? new Set<Side>()).add(m.side))
    }
    const wrong =
      side === 'left' || side === 'right'
        ? mentions.find((m) => m.side !== side && structures.has(m.structure))
        : undefined
    if (wrong) {
      const [from, to] = wordSpan(sentence, wrong.start, wrong.end)
      issues.push({
        code: 'laterality',
        severity: 'block',
        section: sentence.section,
        message: `The order is for the ${side} ${wrong.structure}; this names the ${wrong.side}.`,
        excerpt: excerptOf(sentence, from, to),
      })
    }
  }
  issues.push(...disagreement(bySection.findings, bySection.impression, sentences))
  return issues
}

/** Findings and impression naming one structure on opposite sides only (warn, on Impression). */
function disagreement(
  findings: Map<string, Set<Side>> | undefined,
  impression: Map<string, Set<Side>> | undefined,
  sentences: readonly CheckedSentence[],
): Issue[] {
  if (!findings || !impression) return []
  const issues: Issue[] = []
  for (const [structure, sides] of impression) {
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
    issues.push({
      code: 'laterality',
      severity: 'warn',
      section: 'impression',
      message: `Findings name the ${other} ${structure}, the impression the ${side}.`,
      excerpt: excerptOf(sentence, 0, sentence.text.length),
    })
  }
  return issues
}
