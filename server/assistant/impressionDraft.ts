/**
 * The model's impression draft (IMP-5, IMP-6): the Findings text alone goes to the model (no name,
 * no history, no other section), with rules that ask for an impression of those findings only,
 * numbered when there are several points, with nothing invented. The answer is read as plain
 * text: a code fence or an "Impression:" heading the model adds is taken off, and the draft is
 * cut to IMPRESSION_DRAFT_MAX_CHARS. The clinician accepts, edits or discards it.
 */
import { IMPRESSION_DRAFT_MAX_CHARS, type DraftImpressionAnswer } from '../../contract'
import type { CompleteChat } from './chatCompletions'

export const IMPRESSION_RULES = [
  'You draft the IMPRESSION section of a radiology report from its FINDINGS section, which the radiologist wrote.',
  'Use only what the findings say. Never add a finding, a measurement, a diagnosis, a differential, a cause, a recommendation or any history that the findings do not state.',
  'Summarize the significant positive findings, most important first; leave out normal and negative statements unless nothing else is found.',
  'When there are several points, number them 1., 2., 3., one per line; a single point is one sentence without a number.',
  'Answer with the impression text only: no heading, no introduction, no explanation.',
].join('\n')

function plainText(raw: string): string {
  const fenced = /^```[a-z]*\s*([\s\S]*?)\s*```$/i.exec(raw.trim())
  return (fenced?.[1] ?? raw).trim().replace(/^impression\s*:\s*/i, '')
}

/** The draft as the model writes it; '' without any findings (the model is not asked then). */
export async function draftImpressionWithModel(
  complete: CompleteChat,
  findings: string,
): Promise<DraftImpressionAnswer> {
  if (findings.trim() === '') return { impression: '', source: 'llm' }
  const answer = await complete({
    messages: [
      { role: 'system', content: IMPRESSION_RULES },
      { role: 'user', content: `FINDINGS:\n${findings.trim()}` },
    ],
  })
  return {
    impression: plainText(answer).slice(0, IMPRESSION_DRAFT_MAX_CHARS).trimEnd(),
    source: 'llm',
  }
}
