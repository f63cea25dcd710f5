/**
 * What the SPA holds of the report's tools once read at the edge (`read/`), in the way of
 * model.ts (which re-exports them): the pre-sign checks' issues, a drafted impression, the
 * normal templates and the clinician's macros.
 */
import type { Id, ReportSectionKey } from '../../../contract'

/**
 * One issue of the pre-sign checks (QA-16). `code` and `section` are the contract's when
 * recognised, else the backend's own words; `severity` is 'warn' unless the backend said 'block'.
 */
export interface QaIssue {
  code: string
  severity: 'block' | 'warn'
  section: string
  message: string
  excerpt: string
}

/**
 * An impression drafted from the Findings (IMP-1, IMP-15): '' when there was nothing positive to
 * draft from. `source` says who wrote it when the backend said ('llm', 'local'), else null.
 */
export interface ImpressionDraft {
  impression: string
  source: 'llm' | 'local' | null
}

/** A normal template (TPL-4): the sections it fills; a section it leaves out stays as it is. */
export interface Template {
  id: Id
  name: string
  /** '' when the backend did not say. */
  modality: string
  body_part: string
  sections: Partial<Record<ReportSectionKey, string>>
}

/** One of the clinician's own macros: typed by name, replaced by its text. */
export interface Macro {
  id: Id
  name: string
  text: string
}
