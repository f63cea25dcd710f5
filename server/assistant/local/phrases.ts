/**
 * Vocabulary hints for speech recognition: body-part terms first (the most specific), then the
 * modality's terms, then general reporting language, without duplicates (case-insensitive).
 * Modality and body part are matched case-insensitively and by their common spellings
 * ("MRI" is MR, "abdomen/pelvis" is both, "L-spine" is the lumbar spine).
 */
import { BODY_PARTS } from './bodyPartTerms'
import { GENERAL, MODALITY_ALIASES, MODALITY_TERMS } from './generalTerms'

function modalityKey(modality: string): string | undefined {
  return MODALITY_ALIASES[modality.toUpperCase().replace(/[^A-Z]/g, '')]
}

export function phraseHints(input: { modality: string; bodyPart: string }): string[] {
  const part = input.bodyPart.toLowerCase().replace(/\s+/g, ' ').trim()
  const modality = modalityKey(input.modality)
  const lists = [
    ...BODY_PARTS.filter((bodyPart) => bodyPart.match.test(part)).map((bodyPart) => bodyPart.terms),
    modality === undefined ? [] : (MODALITY_TERMS[modality] ?? []),
    GENERAL,
  ]
  const seen = new Set<string>()
  const phrases: string[] = []
  for (const term of lists.flat()) {
    const key = term.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    phrases.push(term)
  }
  return phrases
}
