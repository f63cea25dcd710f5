/**
 * The local assistant's reply: dictated or typed report text with headings goes into the report;
 * anything else is answered from the study's data.
 */
import { REPORT_SECTION_KEYS } from '../../../contract'
import type { ReportSectionKey } from '../../../contract'
import type { AssistantReply, ReplyInput } from '../types'
import { answerQuestion } from './answers'
import { SECTION_LABELS } from './headings'
import { routeSections } from './sections'

export const FINALIZED_TEXT =
  'The report is finalized and cannot be changed, so nothing was updated.'

const QUOTE_CHARS = 160

function labels(keys: readonly ReportSectionKey[]): string {
  const names = keys.map((key) => SECTION_LABELS[key])
  return names.length <= 1
    ? names.join('')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ')
  return flat.length <= QUOTE_CHARS ? flat : `${flat.slice(0, QUOTE_CHARS - 1)}…`
}

/**
 * The report update the text asks for, or null when it names no heading (then it is a question).
 * A finalized report is never changed: the reply says so and carries no sections.
 */
export function sectionReply(input: ReplyInput): AssistantReply | null {
  const routed = routeSections(input.text)
  const named = REPORT_SECTION_KEYS.filter((key) => routed.sections[key] !== undefined)
  if (named.length === 0 && routed.empty.length === 0) return null
  if (input.study.report?.isFinal) return { content: FINALIZED_TEXT }

  const parts: string[] = []
  parts.push(
    named.length > 0
      ? `Updated the report: ${named.map((key) => SECTION_LABELS[key]).join(', ')}.`
      : 'The report was not changed.',
  )
  if (routed.empty.length > 0) {
    parts.push(
      `Nothing followed ${labels(routed.empty)}, so ${routed.empty.length === 1 ? 'it was' : 'they were'} left unchanged.`,
    )
  }
  if (/[\p{L}\p{N}]/u.test(routed.unplaced)) {
    parts.push(
      `The text before the first heading was not placed in any section: "${quote(routed.unplaced)}"`,
    )
  }
  const content = parts.join(' ')
  return named.length > 0 ? { content, sections: routed.sections } : { content }
}

export function localReply(input: ReplyInput): AssistantReply {
  return sectionReply(input) ?? { content: answerQuestion(input.study, input.text, input.now) }
}
