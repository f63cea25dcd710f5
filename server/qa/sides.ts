/**
 * How the side rules read sides: side words ("left", "right", "lt", "rt", "left-sided"; "L" and
 * "R" only in capitals), the paired structures they go with (PAIRED), and the order's side and
 * structures from its study description and body part.
 *
 * A side mention is a side word followed within SIDE_REACH words by a paired structure, or a
 * structure followed by its side ("knee on the right", "knee, left", "knee (right)"). A side
 * word no structure goes with is loose ("a small right-sided effusion"): in a one-sided study of
 * a limb or a breast it names the side of the study's own region (QA-23). A sentence comparing
 * sides ("compared with the right", "contralateral") names no side, nor does "left and right".
 */
import { isNamed } from './negation'
import { findPhrases, phrases } from './text'
import type { CheckedSentence, QaStudy } from './types'

export type Side = 'left' | 'right'

export const PAIRED = phrases<string>([
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
export const BILATERAL = /\b(bilateral|bilaterally|both)\b/i
/**
 * How many words after its side word a structure may come ("right medial femoral condyle" no,
 * "right knee joint", "left lower lobe" yes). An unpaired structure ("right heart") is no mention.
 */
export const SIDE_REACH = 4
export const COMPARING =
  /\b(compared?|comparison|contralateral|opposite|other side|than the (left|right))\b/i

export interface Mention {
  side: Side
  structure: string
  start: number
  end: number
}

/** "was left in place" is a verb, "a right angle" no side. */
const VERB_BEFORE_LEFT: ReadonlySet<string> = new Set(['was', 'were', 'is', 'are', 'be', 'been'])

export function sideOf(sentence: CheckedSentence, i: number): Side | undefined {
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

export const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k)

/** Whether a side word sits next to the other side ("left and right", "right or left"). */
export function namesBothSides(sentence: CheckedSentence, i: number, to = i + 3): boolean {
  return [i - 2, i - 1, ...range(i + 1, to)].some((k) => k >= 0 && sideOf(sentence, k))
}

/**
 * How a sentence uses its side words: the mentions it asserts of paired structures (negated ones
 * and comparisons left out), and the asserted side words no structure goes with ("a small
 * right-sided effusion", "swelling on the left"), by word index.
 */
export function readSides(sentence: CheckedSentence): { mentions: Mention[]; loose: number[] } {
  if (COMPARING.test(sentence.text)) return { mentions: [], loose: [] }
  const mentions: Mention[] = []
  const used = new Set<number>()
  const structures = findPhrases(sentence.words, PAIRED)
  for (let i = 0; i < sentence.words.length; i++) {
    const side = sideOf(sentence, i)
    if (!side || !isNamed(sentence.marks, i)) continue
    const structure = structures.find((s) => s.start > i && s.start <= i + SIDE_REACH)
    if (!structure) continue
    used.add(i)
    // Another side word just before or between them names both sides ("left and right knee").
    if (!namesBothSides(sentence, i, structure.start)) {
      mentions.push({ side, structure: structure.value, start: i, end: structure.end })
    }
  }
  for (const structure of structures) {
    const after = sideAfter(sentence, structure.end)
    if (after && !mentions.some((m) => m.end === structure.end)) {
      used.add(after.end - 1)
      mentions.push({ ...after, structure: structure.value, start: structure.start })
    }
  }
  const loose = range(0, sentence.words.length).filter(
    (i) =>
      !used.has(i) &&
      sideOf(sentence, i) !== undefined &&
      isNamed(sentence.marks, i) &&
      !namesBothSides(sentence, i) &&
      !isPositionOrDirection(sentence, i),
  )
  return { mentions, loose }
}

/** The side mentions of paired structures a sentence asserts. */
export function sideMentions(sentence: CheckedSentence): Mention[] {
  return readSides(sentence).mentions
}

/** Words after a side word that make it a position ("right lateral decubitus", "left oblique"). */
const POSITION_AFTER = /^(?:(?:lateral|anterior|posterior)\s+)?(?:decubitus|oblique)\b/

/**
 * A side word that is a patient's position or a direction, not where a finding is: "in the right
 * lateral decubitus position", "tilted to the right", "drain left in situ".
 */
function isPositionOrDirection(sentence: CheckedSentence, i: number): boolean {
  const word = sentence.words[i]
  if (!word) return false
  const rest = sentence.text.slice(word.end).trimStart().toLowerCase()
  if (POSITION_AFTER.test(rest)) return true
  const before = sentence.words
    .slice(Math.max(0, i - 2), i)
    .map((w) => w.lower)
    .join(' ')
  if (/^(?:to|towards?) the$/.test(before)) return true
  return word.lower === 'left' && /^(?:in|behind|untouched|alone)\b/.test(rest)
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

/**
 * Structures whose study shows one side only: limbs, a breast, an eye, a testis. A lung, kidney,
 * ovary or hemisphere is paired too, but its study shows the other side and the midline around
 * it, where side words name many other things.
 */
const ONE_SIDED_REGIONS: ReadonlySet<string> = new Set([
  ...['knee', 'hip', 'shoulder', 'elbow', 'wrist', 'hand', 'ankle', 'foot', 'breast'],
  ...['orbit', 'globe', 'eye', 'clavicle', 'femur', 'tibia', 'fibula', 'humerus', 'forearm'],
  ...['thigh', 'calf', 'leg', 'arm', 'testis'],
])

/** A study with both sides in its field: a hip series "with AP pelvis", a chest, a spine. */
const BOTH_SIDES_IN_FIELD = /\b(pelvis|pelvic|chest|thorax|abdomen|abdominal|spine|head|neck)\b/i

/**
 * The region a one-sided study shows on one side only ("XR Knee left 3 views" -> knee), whose
 * loose side words name its side; null when the study is not one-sided or its field shows both.
 */
export function oneSidedRegion(study: QaStudy): string | null {
  const side = orderSide(study)
  if (side !== 'left' && side !== 'right') return null
  if (BOTH_SIDES_IN_FIELD.test(`${study.study_description} ${study.body_part}`)) return null
  return [...orderStructures(study)].find((s) => ONE_SIDED_REGIONS.has(s)) ?? null
}
