/**
 * The normal templates (TPL-1..TPL-3) and how a study finds its own: by modality and body part,
 * read the way orders write them, then ranked by the words of the study's description.
 */
import type { Template, TemplatesQuery } from '../../contract'
import { CT_TEMPLATES } from './ct'
import type { TemplateEntry } from './define'
import { MR_TEMPLATES } from './mr'
import { NM_MG_TEMPLATES } from './nmMg'
import { US_TEMPLATES } from './us'
import { XR_TEMPLATES } from './xr'

/** Every template; within a modality and body part, the most common study comes first. */
export const TEMPLATES: readonly TemplateEntry[] = [
  ...CT_TEMPLATES,
  ...MR_TEMPLATES,
  ...XR_TEMPLATES,
  ...US_TEMPLATES,
  ...NM_MG_TEMPLATES,
]

/** Modality codes a hospital's systems send for the same kind of study (DICOM and habit). */
const MODALITY_ALIASES: Record<string, string> = {
  CR: 'XR',
  DX: 'XR',
  DR: 'XR',
  XRAY: 'XR',
  'X-RAY': 'XR',
  RAD: 'XR',
  MRI: 'MR',
  CTA: 'CT',
  PET: 'NM',
  'PET/CT': 'NM',
  PT: 'NM',
  MAMMO: 'MG',
  MAMMOGRAPHY: 'MG',
  MAM: 'MG',
  ULTRASOUND: 'US',
}

/** Body parts written differently for the same region; each maps to one canonical name. */
const BODY_PART_ALIASES: Record<string, string> = {
  brain: 'head',
  skull: 'head',
  'c-spine': 'cervical spine',
  'c spine': 'cervical spine',
  cervical: 'cervical spine',
  'cervical-spine': 'cervical spine',
  't-spine': 'thoracic spine',
  thoracic: 'thoracic spine',
  'l-spine': 'lumbar spine',
  'l spine': 'lumbar spine',
  lumbar: 'lumbar spine',
  'lumbar-spine': 'lumbar spine',
  lumbosacral: 'lumbar spine',
  spine: 'whole spine',
  thorax: 'chest',
  lung: 'chest',
  lungs: 'chest',
  'abdomen pelvis': 'abdomen',
  'abdomen and pelvis': 'abdomen',
  'abdomen/pelvis': 'abdomen',
  abd: 'abdomen',
  renal: 'kidney',
  kidneys: 'kidney',
  'kidney bladder': 'kidney',
  hepatic: 'liver',
  cardiac: 'heart',
  hands: 'hand',
  feet: 'foot',
  breasts: 'breast',
  'lower extremity': 'leg',
  'lower limb': 'leg',
  legs: 'leg',
  testis: 'scrotum',
  testes: 'scrotum',
  'whole-body': 'whole body',
  body: 'whole body',
  sinuses: 'sinus',
  'paranasal sinuses': 'sinus',
}

export function canonicalModality(modality: string): string {
  const code = modality.trim().toUpperCase()
  return MODALITY_ALIASES[code] ?? code
}

export function canonicalBodyPart(bodyPart: string): string {
  const words = bodyPart.trim().toLowerCase().replace(/\s+/g, ' ')
  return BODY_PART_ALIASES[words] ?? words
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .filter(Boolean)

/**
 * How well a template suits a description: one point per keyword among its words, three when
 * the keyword is its first word (CTA, MRCP, PET: the kind of study the description names).
 */
function score(entry: TemplateEntry, words: readonly string[]): number {
  return entry.keywords.reduce(
    (sum, keyword) => sum + (words[0] === keyword ? 3 : words.includes(keyword) ? 1 : 0),
    0,
  )
}

const toTemplate = ({ id, name, modality, body_part, sections }: TemplateEntry): Template => ({
  id,
  name,
  modality,
  body_part,
  sections,
})

/** The templates matching the query, best first (the library's order breaks ties). */
export function findTemplates(query: TemplatesQuery): Template[] {
  const modality = query.modality ? canonicalModality(query.modality) : null
  const bodyPart = query.body_part ? canonicalBodyPart(query.body_part) : null
  const words = wordsOf(query.description ?? '')
  return TEMPLATES.filter(
    (entry) =>
      (modality === null || entry.modality === modality) &&
      (bodyPart === null || canonicalBodyPart(entry.body_part) === bodyPart),
  )
    .map((entry, index) => ({ entry, index, score: score(entry, words) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ entry }) => toTemplate(entry))
}
