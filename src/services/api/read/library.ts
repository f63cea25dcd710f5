/**
 * Templates and macros (TPL-4, MAC-5) as a backend answers them, read tolerantly at the edge: a
 * template needs an id and some section text, a macro an id, a name and a text; anything else a
 * backend leaves out takes a default.
 */
import { REPORT_SECTION_KEYS } from '../../../../contract'
import type { Macro, ReportSections, Template } from '../model'
import type { Read } from './lists'
import { isRecord, readId, readText } from './values'

export function readTemplate(raw: unknown): Read<Template> {
  if (!isRecord(raw)) return { ok: false, field: 'template' }
  const id = readId(raw.id)
  if (id === undefined) return { ok: false, field: 'id' }
  const given = isRecord(raw.sections) ? raw.sections : {}
  const sections: Partial<ReportSections> = {}
  for (const key of REPORT_SECTION_KEYS) {
    const text = readText(given[key])
    if (text !== undefined && text.trim() !== '') sections[key] = text
  }
  if (Object.keys(sections).length === 0) return { ok: false, field: 'sections' }
  return {
    ok: true,
    value: {
      id,
      name: readText(raw.name)?.trim() || id,
      modality: readText(raw.modality) ?? '',
      body_part: readText(raw.body_part) ?? readText(raw.bodyPart) ?? '',
      sections,
    },
  }
}

export function readMacro(raw: unknown): Read<Macro> {
  if (!isRecord(raw)) return { ok: false, field: 'macro' }
  const id = readId(raw.id)
  if (id === undefined) return { ok: false, field: 'id' }
  const name = readText(raw.name)?.trim()
  if (!name) return { ok: false, field: 'name' }
  const text = readText(raw.text)
  if (text === undefined) return { ok: false, field: 'text' }
  return { ok: true, value: { id, name, text } }
}
