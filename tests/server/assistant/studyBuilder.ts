/** Data builders for assistant tests: a realistic study, overridable part by part. */
import type { ReportSections } from '../../../contract'
import type { ReplyInput, StudyContext } from '../../../server/assistant/types'

export const NOW = new Date('2025-06-15T10:00:00Z')

export const EMPTY_SECTIONS: ReportSections = {
  history: '',
  technique: '',
  comparison: '',
  findings: '',
  impression: '',
}

export function aStudy(
  overrides: {
    order?: Partial<StudyContext['order']>
    patient?: Partial<StudyContext['patient']>
    report?: StudyContext['report']
    priors?: StudyContext['priors']
  } = {},
): StudyContext {
  return {
    order: {
      id: 'order-1',
      modality: 'CT',
      bodyPart: 'Chest',
      studyDescription: 'CT Chest with contrast',
      indication: 'Persistent cough, rule out malignancy',
      priority: 'stat',
      accessionNumber: 'ACC123',
      orderedAt: new Date('2025-06-14T08:30:00Z'),
      ...overrides.order,
    },
    patient: {
      firstName: 'Jane',
      lastName: 'Doe',
      dateOfBirth: '1958-03-14',
      sex: 'female',
      history: ['Former smoker, 30 pack-years', 'Hypertension'],
      ...overrides.patient,
    },
    report: overrides.report === undefined ? null : overrides.report,
    ...(overrides.priors && { priors: overrides.priors }),
  }
}

export function aDraftReport(sections: Partial<ReportSections> = {}): StudyContext['report'] {
  return { sections: { ...EMPTY_SECTIONS, ...sections }, isFinal: false }
}

export function aFinalReport(sections: Partial<ReportSections> = {}): StudyContext['report'] {
  return { sections: { ...EMPTY_SECTIONS, ...sections }, isFinal: true }
}

export function aReplyInput(text: string, overrides: Partial<ReplyInput> = {}): ReplyInput {
  return {
    study: aStudy(),
    text,
    inputType: 'text',
    history: [],
    now: NOW,
    ...overrides,
  }
}
