/**
 * The held-out corpus's case shape: a case of the tuned table (../cases/table.ts) with the
 * published source it is written after. Errors are 'positive' cases, clean reports 'borderline'
 * ones; both are scored by the same `score` as the tuned table.
 */
import type { QaIssueCode, QaSeverity } from '../../../../contract'
import type { QaStudy } from '../../../../server/qa'
import { casesOf, type CaseInput, type QaCase } from '../cases/table'

export interface PublishedCase extends QaCase {
  /** Where the error type (or the clean phrasing) comes from: authors, title, journal, year or a URL. */
  source: string
}

const study = (
  modality: string,
  body_part: string,
  study_description: string,
  sex: QaStudy['sex'],
): QaStudy => ({ modality, body_part, study_description, sex })

/** Studies of the demo catalogue (server/seed/catalogue.ts), and a few every department has. */
export const P = {
  xrKneeLeft: study('XR', 'knee', 'XR Knee left 3 views', 'female'),
  xrKneeRight: study('XR', 'knee', 'XR Knee right 3 views', 'male'),
  mrKneeLeft: study('MR', 'knee', 'MRI Knee left without contrast', 'male'),
  mrKneeRight: study('MR', 'knee', 'MRI Knee right without contrast', 'female'),
  xrAnkleRight: study('XR', 'ankle', 'XR Ankle right 3 views', 'female'),
  mrAnkleRight: study('MR', 'ankle', 'MRI Ankle right without contrast', 'male'),
  xrWristLeft: study('XR', 'wrist', 'XR Wrist left 3 views', 'female'),
  mrWristLeft: study('MR', 'wrist', 'MRI Wrist left without contrast', 'male'),
  ctWristRight: study('CT', 'wrist', 'CT Wrist right without contrast', 'male'),
  xrShoulderLeft: study('XR', 'shoulder', 'XR Shoulder left 3 views', 'male'),
  mrShoulderRight: study('MR', 'shoulder', 'MRI Shoulder right without contrast', 'female'),
  xrFootRight: study('XR', 'foot', 'XR Foot right 3 views', 'female'),
  xrHandLeft: study('XR', 'hand', 'XR Hand left 3 views', 'male'),
  xrHandsBoth: study('XR', 'hand', 'XR Hands bilateral 3 views', 'female'),
  xrElbowRight: study('XR', 'elbow', 'XR Elbow right 2 views', 'male'),
  mrHipLeft: study('MR', 'hip', 'MRI Hip left without contrast', 'female'),
  xrHipLeft: study('XR', 'hip', 'XR Hip left 2 views with AP pelvis', 'female'),
  xrHipRight: study('XR', 'hip', 'XR Hip right 2 views with AP pelvis', 'male'),
  usBreastLeft: study('US', 'breast', 'US Breast left targeted', 'female'),
  mgBreastRight: study('MG', 'breast', 'Mammogram right diagnostic', 'female'),
  mgBreastLeft: study('MG', 'breast', 'Mammogram left diagnostic', 'female'),
  mrBreasts: study('MR', 'breast', 'MRI Breast bilateral with and without contrast', 'female'),
  usVeinsLeft: study('US', 'leg', 'US Venous Doppler lower extremity left', 'male'),
  usCarotids: study('US', 'neck', 'US Carotid Doppler bilateral', 'female'),
  xrChest: study('XR', 'chest', 'XR Chest PA and lateral', 'male'),
  xrChestPortable: study('XR', 'chest', 'XR Chest portable AP', 'female'),
  ctChest: study('CT', 'chest', 'CT Chest with IV contrast', 'male'),
  ctChestF: study('CT', 'chest', 'CT Chest with IV contrast', 'female'),
  ctpa: study('CT', 'chest', 'CTA Chest PE protocol', 'female'),
  ctHead: study('CT', 'head', 'CT Head without contrast', 'male'),
  mrBrain: study('MR', 'brain', 'MRI Brain without contrast', 'female'),
  ctStone: study(
    'CT',
    'kidney',
    'CT Abdomen and Pelvis without contrast renal stone protocol',
    'male',
  ),
  ctAbdomenM: study('CT', 'abdomen', 'CT Abdomen and Pelvis with IV contrast', 'male'),
  ctAbdomenF: study('CT', 'abdomen', 'CT Abdomen and Pelvis with IV contrast', 'female'),
  ctAbdomenUnknown: study('CT', 'abdomen', 'CT Abdomen and Pelvis with IV contrast', 'unknown'),
  usRenalM: study('US', 'kidney', 'US Renal and bladder', 'male'),
  usRenalF: study('US', 'kidney', 'US Renal and bladder', 'female'),
  usAbdomenM: study('US', 'abdomen', 'US Abdomen complete', 'male'),
  usPelvisF: study('US', 'pelvis', 'US Pelvis transabdominal and transvaginal', 'female'),
  mrPelvisM: study('MR', 'pelvis', 'MRI Pelvis with and without contrast', 'male'),
  mrPelvisF: study('MR', 'pelvis', 'MRI Pelvis with and without contrast', 'female'),
  mrProstate: study('MR', 'pelvis', 'MRI Prostate with and without contrast', 'male'),
  usScrotum: study('US', 'scrotum', 'US Scrotum with Doppler', 'male'),
  xrKubF: study('XR', 'abdomen', 'XR Abdomen KUB', 'female'),
  xrKubM: study('XR', 'abdomen', 'XR Abdomen KUB', 'male'),
  mrLumbarF: study('MR', 'lumbar spine', 'MRI Lumbar Spine without contrast', 'female'),
  mrLumbarM: study('MR', 'lumbar spine', 'MRI Lumbar Spine without contrast', 'male'),
  xrLumbar: study('XR', 'lumbar spine', 'XR Lumbar Spine 2 views', 'male'),
  ctCervical: study('CT', 'cervical spine', 'CT Cervical Spine without contrast', 'female'),
  ctNeck: study('CT', 'neck', 'CT Neck soft tissue with IV contrast', 'male'),
  usThyroid: study('US', 'thyroid', 'US Thyroid', 'female'),
} as const

export interface PublishedInput extends CaseInput {
  source: string
}

/** An error the rule should report, with the severity it should report it with. */
export const error = (
  study: QaStudy,
  text: CaseInput['text'],
  severity: QaSeverity,
  source: string,
  note?: string,
): PublishedInput => ({
  kind: 'positive',
  study,
  text,
  expected: true,
  severity,
  source,
  ...(note ? { note } : {}),
})

/** A correct report the rule should leave alone. */
export const clean = (
  study: QaStudy,
  text: CaseInput['text'],
  source: string,
  note?: string,
): PublishedInput => ({
  kind: 'borderline',
  study,
  text,
  expected: false,
  source,
  ...(note ? { note } : {}),
})

/** The cases of one rule family, numbered in order: 'published-laterality-3'. */
export function publishedCasesOf(
  rule: QaIssueCode,
  inputs: readonly PublishedInput[],
): PublishedCase[] {
  return casesOf(rule, inputs).map((c, n) => ({
    ...c,
    id: `published-${c.id}`,
    source: inputs[n]?.source ?? '',
  }))
}
