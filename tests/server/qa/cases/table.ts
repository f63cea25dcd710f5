/**
 * The pre-sign checks' case table: sentences a radiologist writes, each with what a careful reader
 * says one rule should answer. The unit tests (../rules.test.ts) and the benchmark
 * (scripts/bench-qa.ts) read this same table.
 *
 * `expected` is the truth, not what the engine does. A case the engine gets wrong is marked
 * `known` ('missed' or 'false alarm'): the test pins that error (so a fix shows up as a failing
 * test to update) and the benchmark counts it, which is why precision and recall are below 1.
 */
import type { QaIssueCode, QaSeverity, ReportSections } from '../../../../contract'
import type { QaStudy } from '../../../../server/qa'

export interface QaCase {
  /** Unique, by rule: 'laterality-3'. */
  id: string
  rule: QaIssueCode
  kind: 'positive' | 'negated' | 'borderline'
  study: QaStudy
  sections: ReportSections
  /** Whether the rule should report an issue. */
  expected: boolean
  /** The severity it should report it with (when expected). */
  severity?: QaSeverity
  /** What the engine gets wrong on this case, if anything. */
  known?: 'missed' | 'false alarm'
  note?: string
}

const study = (
  modality: string,
  body_part: string,
  study_description: string,
  sex: QaStudy['sex'] = 'female',
): QaStudy => ({ modality, body_part, study_description, sex })

export const STUDIES = {
  kneeLeft: study('XR', 'knee', 'XR Knee Left'),
  kneeRight: study('MR', 'knee', 'MRI Knee right without contrast', 'male'),
  kneeL: study('XR', 'knee', 'XR L knee 3 views'),
  kneesBoth: study('XR', 'knee', 'XR Knees bilateral standing'),
  hipLeft: study('MR', 'hip', 'MRI Hip left without contrast', 'male'),
  shoulderRight: study('MR', 'shoulder', 'MRI Shoulder right without contrast'),
  wristLeft: study('MR', 'wrist', 'MRI Wrist left without contrast', 'male'),
  breastLeft: study('MG', 'breast', 'Mammogram left diagnostic'),
  chestCt: study('CT', 'chest', 'CT Chest with IV contrast', 'male'),
  chestXr: study('XR', 'chest', 'XR Chest PA and lateral'),
  ctpa: study('CT', 'chest', 'CTA Chest PE protocol', 'male'),
  head: study('CT', 'head', 'CT Head without contrast', 'male'),
  brain: study('MR', 'brain', 'MRI Brain with and without contrast'),
  abdomen: study('CT', 'abdomen', 'CT Abdomen and Pelvis with IV contrast', 'male'),
  abdomenF: study('CT', 'abdomen', 'CT Abdomen and Pelvis with IV contrast', 'female'),
  renalUs: study('US', 'kidney', 'US Renal complete', 'male'),
  pelvisUs: study('US', 'pelvis', 'US Pelvis transvaginal', 'female'),
  scrotumUs: study('US', 'scrotum', 'US Scrotal with Doppler', 'male'),
  lumbar: study('MR', 'lumbar spine', 'MRI Lumbar Spine without contrast', 'male'),
  cervical: study('CT', 'cervical spine', 'CT Cervical Spine without contrast'),
  neck: study('CT', 'neck', 'CT Neck soft tissue with IV contrast', 'male'),
  pet: study('NM', 'whole body', 'PET/CT skull base to mid thigh'),
  unknownSex: study('CT', 'abdomen', 'CT Abdomen and Pelvis with IV contrast', 'unknown'),
  otherSex: study('US', 'pelvis', 'US Pelvis', 'other'),
} as const

/** A short complete report; each case replaces the sections it is about. */
export const NORMAL: ReportSections = {
  history: 'Pain.',
  technique: 'Standard protocol.',
  comparison: 'None.',
  findings: 'Normal.',
  impression: 'No acute abnormality.',
}

export interface CaseInput {
  kind: QaCase['kind']
  study: QaStudy
  /** Findings text, or several sections. */
  text: string | Partial<ReportSections>
  expected: boolean
  severity?: QaSeverity
  known?: QaCase['known']
  note?: string
}

/** The cases of one rule, numbered in order. */
export function casesOf(rule: QaIssueCode, inputs: readonly CaseInput[]): QaCase[] {
  return inputs.map((input, n) => ({
    id: `${rule}-${String(n + 1)}`,
    rule,
    kind: input.kind,
    study: input.study,
    sections: {
      ...NORMAL,
      ...(typeof input.text === 'string' ? { findings: input.text } : input.text),
    },
    expected: input.expected,
    ...(input.severity ? { severity: input.severity } : {}),
    ...(input.known ? { known: input.known } : {}),
    ...(input.note ? { note: input.note } : {}),
  }))
}

/** Shorthands: a case that should fire (`hit`) or should not (`pass`). */
export const hit = (
  kind: QaCase['kind'],
  study: QaStudy,
  text: CaseInput['text'],
  severity: QaSeverity,
  extra: Pick<CaseInput, 'known' | 'note'> = {},
): CaseInput => ({ kind, study, text, expected: true, severity, ...extra })
export const pass = (
  kind: QaCase['kind'],
  study: QaStudy,
  text: CaseInput['text'],
  extra: Pick<CaseInput, 'known' | 'note'> = {},
): CaseInput => ({ kind, study, text, expected: false, ...extra })
