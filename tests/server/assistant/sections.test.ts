import { describe, expect, it } from 'vitest'
import { createLocalAssistant } from '../../../server/assistant/local'
import { aDraftReport, aFinalReport, aReplyInput, aStudy } from './studyBuilder'

const assistant = createLocalAssistant()

function reply(text: string, report = aDraftReport()) {
  return assistant.reply(aReplyInput(text, { study: aStudy({ report }) }))
}

describe('local assistant: routing report text into sections', () => {
  it('routes the typed example into Findings and Impression and says so', async () => {
    const answer = await reply(
      'Findings: 5 mm nodule in the right upper lobe. Impression: indeterminate pulmonary nodule.',
    )
    expect(answer.sections).toEqual({
      findings: '5 mm nodule in the right upper lobe.',
      impression: 'indeterminate pulmonary nodule.',
    })
    expect(answer.content).toBe('Updated the report: Findings, Impression.')
  })

  it('routes all five headings, in any case, with or without a space before the colon', async () => {
    const answer = await reply(
      'HISTORY: cough.\ntechnique : Axial CT with contrast.\nComparison: None.\nfindings: Clear lungs.\nIMPRESSION: Normal.',
    )
    expect(answer.sections).toEqual({
      history: 'cough.',
      technique: 'Axial CT with contrast.',
      comparison: 'None.',
      findings: 'Clear lungs.',
      impression: 'Normal.',
    })
    expect(answer.content).toBe(
      'Updated the report: History, Technique, Comparison, Findings, Impression.',
    )
  })

  it('keeps the inside of a section verbatim, line breaks and spacing included', async () => {
    const answer = await reply(
      'Findings:\n  1. Nodule,  5 mm.\n  2. No effusion.\n\nImpression: Stable.',
    )
    expect(answer.sections?.findings).toBe('1. Nodule,  5 mm.\n  2. No effusion.')
  })

  it('routes spoken dictation without colons or punctuation', async () => {
    const answer = await reply('findings five millimeter nodule impression benign', aDraftReport())
    expect(answer.sections).toEqual({ findings: 'five millimeter nodule', impression: 'benign' })
  })

  it('routes colon-less headings that start a sentence or a line', async () => {
    const answer = await reply('Findings 5 mm nodule. Impression probably benign.\nComparison none')
    expect(answer.sections).toEqual({
      findings: '5 mm nodule.',
      impression: 'probably benign.',
      comparison: 'none',
    })
  })

  it('drops a comma left by speech between two sections', async () => {
    const answer = await reply('findings small nodule, impression benign')
    expect(answer.sections).toEqual({ findings: 'small nodule', impression: 'benign' })
  })

  it('treats a spoken "colon" after a heading as its separator', async () => {
    const answer = await reply('findings colon small nodule impression colon benign')
    expect(answer.sections).toEqual({ findings: 'small nodule', impression: 'benign' })
  })

  it('keeps "colon" as the organ when a verb follows it', async () => {
    const answer = await reply('Findings colon is unremarkable.')
    expect(answer.sections).toEqual({ findings: 'colon is unremarkable.' })
  })

  it('does not start a section at "findings" used mid-sentence', async () => {
    const answer = await reply('Findings: nodule. Compared with 2023 the findings are stable.')
    expect(answer.sections).toEqual({
      findings: 'nodule. Compared with 2023 the findings are stable.',
    })
  })

  it('does not route a sentence whose subject is a heading word, or a request', async () => {
    for (const text of [
      'the findings are stable',
      'Findings are stable.',
      'Impression is that of a benign nodule.',
      'History of smoking.',
      'Clinical history of smoking.',
      'indication please',
    ]) {
      const answer = await reply(text)
      expect(answer.sections, text).toBeUndefined()
    }
  })

  it('does not let a heading word tied to the word before it start a section mid-sentence', async () => {
    const answer = await reply(
      'findings nodule with no history of cancer and prior impression of granuloma similar findings elsewhere',
    )
    expect(answer.sections).toEqual({
      findings:
        'nodule with no history of cancer and prior impression of granuloma similar findings elsewhere',
    })
  })

  it('does not start a second section of the same name mid-sentence', async () => {
    const answer = await reply('findings nodule unchanged findings elsewhere negative')
    expect(answer.sections).toEqual({ findings: 'nodule unchanged findings elsewhere negative' })
  })

  it('does not treat a colon-less mid-sentence heading as one when no heading came before', async () => {
    const answer = await reply('compared with last year impression benign')
    expect(answer.sections).toBeUndefined()
  })

  it('does not route a question about a section', async () => {
    for (const text of ['What are the findings?', 'Findings?', 'Impression so far?']) {
      const answer = await reply(text)
      expect(answer.sections, text).toBeUndefined()
    }
  })

  it('still routes typed colon headings in text that ends with a question mark', async () => {
    const answer = await reply('Impression: nodule, follow-up in 6 months?')
    expect(answer.sections).toEqual({ impression: 'nodule, follow-up in 6 months?' })
  })

  it('accepts Indication, Clinical indication and Clinical history as History', async () => {
    for (const heading of [
      'Indication',
      'Clinical indication',
      'clinical history',
      'CLINICAL HISTORY',
    ]) {
      const answer = await reply(`${heading}: chest pain. Findings: normal.`)
      expect(answer.sections, heading).toEqual({ history: 'chest pain.', findings: 'normal.' })
    }
  })

  it('does not place text before the first heading, and says so', async () => {
    const answer = await reply('Please update the report. Findings: small effusion.')
    expect(answer.sections).toEqual({ findings: 'small effusion.' })
    expect(answer.content).toBe(
      'Updated the report: Findings. The text before the first heading was not placed in any section: "Please update the report."',
    )
  })

  it('adds the texts of a heading named twice on separate lines', async () => {
    const answer = await reply('Findings: nodule. Impression: benign. Findings: no effusion.')
    expect(answer.sections).toEqual({ findings: 'nodule.\nno effusion.', impression: 'benign.' })
  })

  it('leaves a section with nothing after its heading unchanged and says so', async () => {
    const answer = await reply('Technique: Findings: nodule.')
    expect(answer.sections).toEqual({ findings: 'nodule.' })
    expect(answer.content).toBe(
      'Updated the report: Findings. Nothing followed Technique, so it was left unchanged.',
    )
    const onlyEmpty = await reply('Impression:')
    expect(onlyEmpty.sections).toBeUndefined()
    expect(onlyEmpty.content).toBe(
      'The report was not changed. Nothing followed Impression, so it was left unchanged.',
    )
  })

  it('routes into a study whose report was never started', async () => {
    const answer = await assistant.reply(aReplyInput('Impression: normal study.'))
    expect(answer.sections).toEqual({ impression: 'normal study.' })
  })

  it('routes dictated (voice) text the same way as typed text', async () => {
    const answer = await assistant.reply(
      aReplyInput('Findings small nodule. Impression benign.', { inputType: 'voice' }),
    )
    expect(answer.sections).toEqual({ findings: 'small nodule.', impression: 'benign.' })
  })

  it('refuses to change a finalized report and returns no sections', async () => {
    const answer = await reply(
      'Findings: new nodule. Impression: changed.',
      aFinalReport({ findings: 'old' }),
    )
    expect(answer.sections).toBeUndefined()
    expect(answer.content).toBe(
      'The report is finalized and cannot be changed, so nothing was updated.',
    )
  })
})
