import type { Template, TemplateSections } from '../../contract'

/**
 * One normal template: the contract's shape, plus words of the study descriptions it suits best
 * (they rank it above its neighbours of the same modality and body part; never shown).
 */
export interface TemplateEntry extends Template {
  keywords: readonly string[]
}

export const NO_COMPARISON = '[None available / prior study of date]'

export function template(
  id: string,
  name: string,
  modality: string,
  bodyPart: string,
  sections: TemplateSections,
  keywords: readonly string[] = [],
): TemplateEntry {
  return {
    id,
    name,
    modality,
    body_part: bodyPart,
    sections: { comparison: NO_COMPARISON, ...sections },
    keywords,
  }
}
