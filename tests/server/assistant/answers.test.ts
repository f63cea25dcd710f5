import { describe, expect, it } from 'vitest'
import { createLocalAssistant } from '../../../server/assistant/local'
import type { StudyContext } from '../../../server/assistant/types'
import { aDraftReport, aFinalReport, aReplyInput, aStudy } from './studyBuilder'

const assistant = createLocalAssistant()

async function ask(question: string, study: StudyContext = aStudy()) {
  const answer = await assistant.reply(aReplyInput(question, { study }))
  expect(answer.sections).toBeUndefined()
  return answer.content
}

describe('local assistant: answers from the study data', () => {
  it('answers the indication, or says none was provided', async () => {
    expect(await ask('What is the indication?')).toBe(
      'Indication: Persistent cough, rule out malignancy',
    )
    expect(await ask('Why was this ordered?')).toBe(
      'Indication: Persistent cough, rule out malignancy',
    )
    expect(await ask('indication please')).toBe('Indication: Persistent cough, rule out malignancy')
    expect(await ask('reason for exam', aStudy({ order: { indication: '' } }))).toBe(
      'No indication was provided with the order.',
    )
  })

  it('lists the clinical history, or says none is recorded', async () => {
    expect(await ask('Any relevant history?')).toBe(
      'Clinical history:\n- Former smoker, 30 pack-years\n- Hypertension',
    )
    expect(await ask('prior conditions?', aStudy({ patient: { history: [] } }))).toBe(
      'No clinical history is recorded for this patient.',
    )
  })

  it('describes the exam for questions about modality, body part or accession', async () => {
    const exam = 'Exam: CT Chest with contrast (CT, chest) — accession ACC123, priority STAT'
    expect(await ask('What modality is this?')).toBe(exam)
    expect(await ask('which body part?')).toBe(exam)
    expect(await ask('accession number please')).toBe(exam)
    expect(await ask('What exam is this?')).toBe(exam)
  })

  it('answers the patient’s age and sex', async () => {
    expect(await ask('How old is the patient?')).toBe('Patient: Jane Doe, 67-year-old female')
    expect(await ask('sex?')).toBe('Patient: Jane Doe, 67-year-old female')
  })

  it('answers the priority', async () => {
    expect(await ask('What is the priority?')).toBe('Priority: STAT')
    expect(await ask('is it urgent?', aStudy({ order: { priority: 'routine' } }))).toBe(
      'Priority: routine',
    )
  })

  it('answers several questions at once, in a fixed order', async () => {
    expect(await ask('Age and indication?')).toBe(
      'Patient: Jane Doe, 67-year-old female\nIndication: Persistent cough, rule out malignancy',
    )
  })

  it('says there are no findings recorded yet instead of inventing any', async () => {
    expect(await ask('What are the findings?', aStudy({ report: aDraftReport() }))).toBe(
      'There are no findings recorded in the report yet.',
    )
    expect(await ask('what are the findings?')).toBe(
      'There are no findings recorded in the report yet.',
    )
    expect(
      await ask('Impression?', aStudy({ report: aDraftReport({ findings: 'Nodule.' }) })),
    ).toBe('There is no impression recorded in the report yet.')
  })

  it('echoes the report sections it is asked about', async () => {
    const study = aStudy({
      report: aDraftReport({ findings: '5 mm nodule.', impression: 'Benign.' }),
    })
    expect(await ask('What are the findings?', study)).toBe(
      'Findings (current report): 5 mm nodule.',
    )
    expect(await ask('What does the report say?', study)).toBe(
      'The report so far:\nFindings: 5 mm nodule.\nImpression: Benign.',
    )
    expect(await ask('what is in the history section?', study)).toBe(
      'There is no history recorded in the report yet.',
    )
  })

  it('says when the report is final or not started', async () => {
    const final = aStudy({ report: aFinalReport({ impression: 'Normal.' }) })
    expect(await ask('Show me the report', final)).toBe('The final report:\nImpression: Normal.')
    expect(await ask('impression?', final)).toBe(
      'Impression (current report): Normal.\nThe report is final.',
    )
    expect(await ask('Show me the report')).toBe('No report has been started for this study yet.')
    expect(await ask('Show me the report', aStudy({ report: aDraftReport() }))).toBe(
      'The report has no text yet.',
    )
  })

  it('gives a summary of everything it knows on request', async () => {
    expect(await ask('Summarize this patient')).toBe(
      [
        'Patient: Jane Doe, 67-year-old female',
        'Exam: CT Chest with contrast (CT, chest) — accession ACC123, priority STAT',
        'Indication: Persistent cough, rule out malignancy',
        'Clinical history:\n- Former smoker, 30 pack-years\n- Hypertension',
      ].join('\n'),
    )
  })

  it('explains what it can do when the question is outside its data, without a diagnosis', async () => {
    for (const question of ['hello', 'Is this nodule malignant?', 'Is there an old fracture?']) {
      const content = await ask(question)
      expect(content, question).toMatch(/^I can answer from this study’s data/)
      expect(content, question).toContain('I do not look at images')
      expect(content, question).not.toMatch(/malignan|fracture/i)
    }
  })

  it('answers the same question the same way every time', async () => {
    const first = await ask('What is the indication and history?')
    expect(await ask('What is the indication and history?')).toBe(first)
  })
})

describe('local assistant: prior imaging (issue 18)', () => {
  const priors = [
    {
      description: 'CT Chest without contrast',
      modality: 'CT',
      orderedAt: new Date('2025-03-01T10:00:00Z'),
      impression: 'Stable 6 mm right upper lobe nodule.',
    },
    {
      description: 'XR Chest PA and lateral',
      modality: 'XR',
      orderedAt: new Date('2024-11-20T10:00:00Z'),
      impression: null,
    },
  ]
  const withPriors = aStudy({ priors })

  it('PR-4 lists the prior imaging, newest first, with each signed impression, not the history', async () => {
    const listed = [
      'Prior imaging for this patient, newest first:',
      '- 2025-03-01 CT Chest without contrast (CT). Impression: Stable 6 mm right upper lobe nodule.',
      '- 2024-11-20 XR Chest PA and lateral (XR). No signed impression.',
    ].join('\n')
    expect(await ask('Any prior imaging?', withPriors)).toBe(listed)
    expect(await ask('previous CT?', withPriors)).toBe(listed)
    expect(await ask('priors', withPriors)).toBe(listed)
    expect(await ask('Any prior imaging?', aStudy({ priors: [] }))).toBe(
      'No prior imaging is on record for this patient.',
    )
    // The clinical history is still what "prior conditions" asks for.
    expect(await ask('prior conditions?', withPriors)).toContain('Clinical history:')
  })

  it('PR-4 compare with the prior names the most relevant one and its impression, and compares nothing itself', async () => {
    const answer = await ask('Compare with the prior', withPriors)
    expect(answer).toContain(
      'The most relevant prior is CT Chest without contrast, 2025-03-01.\nIts signed impression: Stable 6 mm right upper lobe nodule.',
    )
    expect(answer).toContain('I do not look at images')
    expect(await ask('compare with the prior', aStudy({ priors: [] }))).toBe(
      'There is no prior imaging on record for this patient to compare with.',
    )
  })
})
