/**
 * An assistant backed by any OpenAI-compatible chat completions endpoint (OpenAI, Azure OpenAI
 * behind a compatible gateway, vLLM, Ollama, LM Studio...).
 *
 * Only free-form replies go to the model. The patient summary and the phrase hints must be exact
 * copies of the study's data, and cleanup must never drop or add a word, so those stay with the
 * local assistant; text with explicit report headings is routed locally too, so dictating a
 * report gives the same sections whichever provider is configured.
 */
import { z } from 'zod'
import { LIMITS, REPORT_SECTION_KEYS } from '../../contract'
import type { ReportSectionKey } from '../../contract'
import { createChatCompletions, type ChatCompletionsOptions } from './chatCompletions'
import { draftImpressionWithModel } from './impressionDraft'
import type { Assistant, AssistantReply, StudyContext } from './types'
import { createLocalAssistant } from './local'
import { SECTION_LABELS } from './local/headings'
import { sectionReply } from './local/reply'
import { describeExam, describePatient, historyOf, indicationOf } from './local/summary'

export type OpenAiAssistantOptions = ChatCompletionsOptions

const modelAnswerSchema = z.object({
  content: z.string().refine((text) => text.trim() !== ''),
  sections: z.record(z.string(), z.unknown()).nullish(),
})

const SYSTEM_RULES = [
  'You are a radiology reporting assistant inside a reporting application. You help one radiologist with the one study described below.',
  'Never invent findings, measurements, diagnoses or history. Use only the study data below and what the radiologist tells you; if something is not there, say that it is not recorded.',
  'When the radiologist asks you to write or change the report, return the complete new text of each section you change; leave out the sections you do not change.',
  'When the report is final, never return sections: say that the report is finalized and cannot be changed.',
  'Answer with a JSON object only: {"content": "<your reply to the radiologist>", "sections": {"history"?: string, "technique"?: string, "comparison"?: string, "findings"?: string, "impression"?: string}}.',
].join('\n')

function studyContext(study: StudyContext, now: Date): string {
  const history = historyOf(study.patient)
  const report = study.report
  const lines = [
    `Today: ${now.toISOString().slice(0, 10)}`,
    `Patient: ${describePatient(study.patient, now)}`,
    `Exam: ${describeExam(study.order)}`,
    `Ordered: ${study.order.orderedAt.toISOString()}`,
    `Indication: ${indicationOf(study.order) ?? 'not provided'}`,
    `Clinical history: ${history.length === 0 ? 'none recorded' : history.join('; ')}`,
  ]
  if (!report) {
    lines.push('Report: not started.')
  } else {
    lines.push(`Report (${report.isFinal ? 'FINAL, cannot be changed' : 'draft'}):`)
    for (const key of REPORT_SECTION_KEYS) {
      const text = report.sections[key].trim()
      lines.push(`${SECTION_LABELS[key].toUpperCase()}: ${text === '' ? '(empty)' : text}`)
    }
  }
  return lines.join('\n')
}

function stripCodeFence(text: string): string {
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text.trim())
  return fenced?.[1] ?? text
}

/** The model's JSON answer, or its raw text as the content when it is not the JSON asked for. */
function readModelAnswer(raw: string, study: StudyContext): AssistantReply {
  let json: unknown
  try {
    json = JSON.parse(stripCodeFence(raw))
  } catch {
    return { content: raw.trim() }
  }
  const parsed = modelAnswerSchema.safeParse(json)
  if (!parsed.success) return { content: raw.trim() }

  const sections: Partial<Record<ReportSectionKey, string>> = {}
  for (const key of REPORT_SECTION_KEYS) {
    const text = parsed.data.sections?.[key]
    // An empty string would wipe a section: models often echo every key, changed or not.
    if (typeof text === 'string' && text.trim() !== '' && text.length <= LIMITS.sectionChars) {
      sections[key] = text.trim()
    }
  }
  const content = parsed.data.content.trim()
  return Object.keys(sections).length === 0 || study.report?.isFinal
    ? { content }
    : { content, sections }
}

export function createOpenAiAssistant(options: OpenAiAssistantOptions): Assistant {
  const local = createLocalAssistant()
  const complete = createChatCompletions(options)

  return {
    name: 'openai',
    summarize: (study, now) => local.summarize(study, now),
    cleanup: (input) => local.cleanup(input),
    phrases: (input) => local.phrases(input),
    draftImpression: (findings) => draftImpressionWithModel(complete, findings),
    async reply(input) {
      return (
        sectionReply(input) ??
        readModelAnswer(
          await complete({
            json: true,
            messages: [
              {
                role: 'system',
                content: `${SYSTEM_RULES}\n\n${studyContext(input.study, input.now)}`,
              },
              ...input.history.map(({ role, content }) => ({ role, content })),
              { role: 'user', content: input.text },
            ],
          }),
          input.study,
        )
      )
    },
  }
}
