/**
 * The exams a clause names (FU-1): each modality mention with the body part nearest to it, and
 * whether it is the exam recommended or only context ("on the prior CT", "compared with this
 * MRI"). Alternatives ("adrenal CT or MRI") are one exam, the first named.
 */
import { bodyPartAt, modalityAt } from '../vocabulary'

export interface Exam {
  modality: string
  /** null when the clause names no body part. */
  bodyPart: string | null
  /** Offset of the modality in the clause. */
  index: number
  /** Named as what the study was or is compared with, not as what to do next. */
  context: boolean
}

/** Words just before a modality that make it the study at hand or a prior, not the next exam. */
const CONTEXT_BEFORE =
  /\b(?:prior|previous|outside|recent|old|earlier|today's|current|this|index|baseline|same|on|from|by|at|than|since|with|the (?:prior|previous|current|recent))\s+(?:\S+\s+){0,2}$/i

/** Every modality mention of `text` in order, each once. */
function modalitiesIn(text: string): { index: number; length: number; code: string }[] {
  const found: { index: number; length: number; code: string }[] = []
  let offset = 0
  for (;;) {
    const next = modalityAt(text.slice(offset))
    if (!next) return found
    found.push({ ...next, index: offset + next.index })
    offset += next.index + next.length
  }
}

/** Every body part mention of `text` in order. */
function bodyPartsIn(text: string): { index: number; length: number; part: string }[] {
  const found: { index: number; length: number; part: string }[] = []
  let offset = 0
  for (;;) {
    const next = bodyPartAt(text.slice(offset))
    if (!next) return found
    found.push({ ...next, index: offset + next.index })
    offset += next.index + next.length
  }
}

/**
 * The body part of an exam at `index`: the nearest named before it in the same phrase ("chest
 * CT", "thyroid ultrasound") or just after it ("CT of the chest", "MRI abdomen and pelvis"), else
 * the clause's first.
 */
function bodyPartNear(
  parts: { index: number; length: number; part: string }[],
  index: number,
  length: number,
): string | null {
  let best: { distance: number; part: string } | null = null
  for (const p of parts) {
    const distance = p.index >= index ? p.index - (index + length) : index - (p.index + p.length)
    // Just before the modality binds tighter than the same distance after it.
    const weight = p.index < index ? distance * 0.8 : distance
    if (!best || weight < best.distance) best = { distance: weight, part: p.part }
  }
  return best?.part ?? null
}

/** The exams of a clause, alternatives folded into the first. */
export function examsIn(clause: string): Exam[] {
  const parts = bodyPartsIn(clause)
  const exams: Exam[] = []
  for (const m of modalitiesIn(clause)) {
    // "Ultrasound-guided biopsy", "CT-guided drainage": a procedure, not an exam to track.
    if (/^[\s-]*(?:guided|guidance)\b/i.test(clause.slice(m.index + m.length))) continue
    const previous = exams.at(-1)
    const between = previous ? clause.slice(previous.index, m.index) : ''
    if (previous && /\bor\b|\/|\bversus\b|\bvs\b/i.test(between) && !/[.;]/.test(between)) continue
    if (previous?.modality === m.code && /^\S+\s*[\s/-]\s*$/.test(between)) continue
    exams.push({
      modality: m.code,
      bodyPart: bodyPartNear(parts, m.index, m.length),
      index: m.index,
      context: CONTEXT_BEFORE.test(clause.slice(Math.max(0, m.index - 40), m.index)),
    })
  }
  return exams
}

/** The body part a sentence names first (its finding's organ), or null. */
export function firstBodyPart(text: string): string | null {
  return bodyPartAt(text)?.part ?? null
}
