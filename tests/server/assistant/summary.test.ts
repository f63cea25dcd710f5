import { describe, expect, it } from 'vitest'
import { createLocalAssistant } from '../../../server/assistant/local'
import { NOW, aStudy } from './studyBuilder'

const assistant = createLocalAssistant()

describe('local assistant: structured patient summary', () => {
  it('builds patient, exam, indication and history from the order and the patient', async () => {
    await expect(assistant.summarize(aStudy(), NOW)).resolves.toEqual({
      patient_summary: 'Jane Doe, 67-year-old female',
      exam: 'CT Chest with contrast (CT, chest) — accession ACC123, priority STAT',
      indication: 'Persistent cough, rule out malignancy',
      data: ['Former smoker, 30 pack-years', 'Hypertension'],
    })
  })

  it.each([
    ['2025-06-14T12:00:00Z', 66],
    ['2025-06-15T00:00:00Z', 67],
    ['2025-06-16T12:00:00Z', 67],
    ['2026-06-14T23:59:59Z', 67],
  ])('counts a birthday not yet reached as one year less (on %s: %i)', async (now, age) => {
    const study = aStudy({ patient: { dateOfBirth: '1958-06-15' } })
    const summary = await assistant.summarize(study, new Date(now))
    expect(summary.patient_summary).toBe(`Jane Doe, ${age}-year-old female`)
  })

  it('uses the UTC calendar date of now, whatever the offset it was written with', async () => {
    const study = aStudy({ patient: { dateOfBirth: '1958-06-15' } })
    // 23:30 on the 14th at UTC-2 is already the 15th in UTC.
    const late = await assistant.summarize(study, new Date('2025-06-14T23:30:00-02:00'))
    // 00:30 on the 15th at UTC+2 is still the 14th in UTC.
    const early = await assistant.summarize(study, new Date('2025-06-15T00:30:00+02:00'))
    expect(late.patient_summary).toContain('67-year-old')
    expect(early.patient_summary).toContain('66-year-old')
  })

  it('ages someone born on 29 February on 1 March in other years', async () => {
    const study = aStudy({ patient: { dateOfBirth: '2000-02-29' } })
    const before = await assistant.summarize(study, new Date('2025-02-28T12:00:00Z'))
    const after = await assistant.summarize(study, new Date('2025-03-01T12:00:00Z'))
    expect(before.patient_summary).toContain('24-year-old')
    expect(after.patient_summary).toContain('25-year-old')
  })

  it('gives infants their age in months, then days', async () => {
    const months = aStudy({
      patient: { dateOfBirth: '2025-01-20', firstName: 'Baby', sex: 'male' },
    })
    const days = aStudy({ patient: { dateOfBirth: '2025-06-03', firstName: 'Baby', sex: 'male' } })
    expect((await assistant.summarize(months, NOW)).patient_summary).toBe(
      'Baby Doe, 4-month-old male',
    )
    expect((await assistant.summarize(days, NOW)).patient_summary).toBe('Baby Doe, 12-day-old male')
  })

  it('states an unreadable or future date of birth as an unknown age instead of guessing', async () => {
    for (const dateOfBirth of ['2030-01-01', '1958-02-30', 'unknown']) {
      const summary = await assistant.summarize(aStudy({ patient: { dateOfBirth } }), NOW)
      expect(summary.patient_summary).toBe('Jane Doe, female, age unknown')
    }
  })

  it('states a sex other than female or male as recorded', async () => {
    const other = await assistant.summarize(aStudy({ patient: { sex: 'other' } }), NOW)
    const unknown = await assistant.summarize(aStudy({ patient: { sex: 'unknown' } }), NOW)
    expect(other.patient_summary).toBe('Jane Doe, 67-year-old patient (sex: other)')
    expect(unknown.patient_summary).toBe('Jane Doe, 67-year-old patient (sex unknown)')
  })

  it('says "Not provided" for a missing indication and gives an empty list for no history', async () => {
    const study = aStudy({ order: { indication: '   ' }, patient: { history: [] } })
    const summary = await assistant.summarize(study, NOW)
    expect(summary.indication).toBe('Not provided')
    expect(summary.data).toEqual([])
  })

  it('drops blank history items and trims the others', async () => {
    const study = aStudy({ patient: { history: ['  Diabetes ', '', '   '] } })
    expect((await assistant.summarize(study, NOW)).data).toEqual(['Diabetes'])
  })

  it('names the exam from modality and body part when the order has no description', async () => {
    const study = aStudy({
      order: { studyDescription: '', modality: 'MR', bodyPart: 'Knee', priority: 'routine' },
    })
    expect((await assistant.summarize(study, NOW)).exam).toBe(
      'MR knee — accession ACC123, priority routine',
    )
  })

  it('writes an urgent priority as the word urgent', async () => {
    const urgent = await assistant.summarize(aStudy({ order: { priority: 'urgent' } }), NOW)
    expect(urgent.exam).toMatch(/, priority urgent$/)
  })
})
