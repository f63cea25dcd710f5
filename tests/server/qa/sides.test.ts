/**
 * QA-23, QA-24, CR-23: a one-sided study reported on the other side with no structure named
 * ("small right-sided effusion" on 'XR Knee left 3 views'), findings and impression naming
 * different sides of one finding, and a critical finding listed once however many sentences
 * state it.
 */
import { describe, expect, it } from 'vitest'
import type { Order, ReportSections } from '../../../contract'
import { checkOrderReport, checkReport, criticalFindings, type QaStudy } from '../../../server/qa'

const study = (study_description: string, body_part: string, modality = 'XR'): QaStudy => ({
  modality,
  body_part,
  study_description,
  sex: 'female',
})
const KNEE_LEFT = study('XR Knee left 3 views', 'knee')
const ANKLE_RIGHT = study('XR Ankle right 3 views', 'ankle')
const BREAST_LEFT = study('US Breast left targeted', 'breast', 'US')
const HIP_LEFT_PELVIS = study('XR Hip left 2 views with AP pelvis', 'hip')
const CHEST = study('XR Chest PA and lateral', 'chest')
const CT_CHEST = study('CT Chest with IV contrast', 'chest', 'CT')

const report = (sections: Partial<ReportSections>): ReportSections => ({
  history: 'Pain.',
  technique: 'Three views.',
  comparison: 'None.',
  findings: 'Normal.',
  impression: 'No acute abnormality.',
  ...sections,
})
const sideIssues = (s: QaStudy, sections: Partial<ReportSections>) =>
  checkReport(s, report(sections)).filter((issue) => issue.code === 'laterality')

describe('a one-sided study reported on the other side', () => {
  it('QA-23 "small right-sided effusion" on XR Knee left 3 views blocks, quoting the sentence', () => {
    expect(sideIssues(KNEE_LEFT, { findings: 'Small right-sided effusion.' })).toEqual([
      {
        code: 'laterality',
        severity: 'block',
        section: 'findings',
        message: 'The order is for the left knee; this names the right side.',
        excerpt: 'Small right-sided effusion.',
      },
    ])
  })

  it('QA-23 a side with no structure, before or after the finding, in findings, impression or technique blocks', () => {
    const blocked = [
      [KNEE_LEFT, { impression: 'Moderate right effusion.' }],
      [ANKLE_RIGHT, { findings: 'Nondisplaced fracture of the left fibular tip.' }],
      [ANKLE_RIGHT, { findings: 'Soft tissue swelling on the left.' }],
      [BREAST_LEFT, { findings: "Mass at 2 o'clock, right." }],
      [KNEE_LEFT, { technique: 'Three views of the right.' }],
    ] as const
    for (const [s, sections] of blocked) {
      const issues = sideIssues(s, sections)
      expect(
        issues.map((i) => i.severity),
        JSON.stringify(sections),
      ).toEqual(['block'])
    }
  })

  it('QA-23 a negated side, a comparison, the same side, positioning and a bilateral or two-sided field pass', () => {
    const passing = [
      [KNEE_LEFT, { findings: 'No right-sided effusion.' }],
      [KNEE_LEFT, { findings: 'The right side is normal for comparison.' }],
      [KNEE_LEFT, { findings: 'Compared with the contralateral side, mild narrowing.' }],
      [KNEE_LEFT, { findings: 'Small left-sided effusion.' }],
      [KNEE_LEFT, { findings: 'Radiograph obtained in the right lateral decubitus position.' }],
      [KNEE_LEFT, { findings: 'Drain left in situ.' }],
      [KNEE_LEFT, { findings: 'The patella is tilted to the right.' }],
      [study('XR Knees bilateral standing', 'knee'), { findings: 'Right effusion.' }],
      [HIP_LEFT_PELVIS, { findings: 'Old healed right inferior pubic ramus fracture.' }],
      [CT_CHEST, { findings: 'Small right effusion.' }],
      [
        study('US Abdomen limited right upper quadrant', 'abdomen', 'US'),
        { findings: 'Left effusion.' },
      ],
    ] as const
    for (const [s, sections] of passing) {
      expect(sideIssues(s, sections), JSON.stringify(sections)).toEqual([])
    }
  })
})

describe('findings and impression on different sides of one finding', () => {
  it('QA-24 a right pneumothorax in Findings and a left one in the Impression block, naming the finding', () => {
    expect(
      sideIssues(CHEST, {
        findings: 'Small right apical pneumothorax.',
        impression: 'Small left pneumothorax.',
      }),
    ).toEqual([
      {
        code: 'laterality',
        severity: 'block',
        section: 'impression',
        message: 'Findings put the pneumothorax on the right, the impression on the left.',
        excerpt: 'Small left pneumothorax.',
      },
    ])
  })

  it('QA-24 a side written after the finding, a synonym and an organ name count; one issue per finding', () => {
    const issues = sideIssues(CT_CHEST, {
      findings: '6 mm calculus at the left ureterovesical junction. Nodule in the left upper lobe.',
      impression: 'Obstructing right UVJ stone. Right upper lobe nodule.',
    })
    expect(issues.map((i) => [i.severity, i.message])).toEqual([
      ['block', 'Findings put the stone on the left, the impression on the right.'],
      ['block', 'Findings put the nodule on the left, the impression on the right.'],
    ])
  })

  it('QA-24 a side up to 7 words after the finding counts: "mass in the lower pole of the left kidney"', () => {
    const issues = sideIssues(CT_CHEST, {
      findings: 'Enhancing mass in the lower pole of the left kidney.',
      impression: 'Enhancing right renal mass.',
    })
    expect(issues.map((i) => [i.severity, i.message])).toEqual([
      ['block', 'Findings put the mass on the left, the impression on the right.'],
    ])
  })

  it('QA-24 negated, bilateral, both-sided, other-organ and same-side findings are no conflict', () => {
    const passing: Partial<ReportSections>[] = [
      { findings: 'No right pneumothorax.', impression: 'Left pneumothorax.' },
      { findings: 'Right pneumothorax.', impression: 'No left pneumothorax. Right pneumothorax.' },
      {
        findings: 'Bilateral pleural effusions, larger on the right.',
        impression: 'Left effusion.',
      },
      { findings: 'Right effusion and left effusion.', impression: 'Left effusion.' },
      { findings: 'Right lower lobe nodule.', impression: 'Left adrenal nodule.' },
      { findings: 'Left pleural effusion.', impression: 'Small left pleural effusion.' },
      { findings: 'Right pneumothorax.', impression: 'Pneumothorax, as above.' },
    ]
    for (const sections of passing) {
      expect(sideIssues(CT_CHEST, sections), JSON.stringify(sections)).toEqual([])
    }
  })
})

describe('a critical finding stated in several sentences', () => {
  const order = {
    modality: 'XR',
    body_part: 'chest',
    study_description: 'XR Chest PA and lateral',
    patient: { sex: 'male' },
    report: null,
  } as unknown as Order // only the fields checkOrderReport reads

  it('CR-23 a pneumothorax in Findings and Impression, and twice in Findings, is listed once', () => {
    const sections = report({
      findings: 'Large right pneumothorax. The pneumothorax displaces the mediastinum.',
      impression: 'Large right tension pneumothorax.',
    })
    const critical = checkOrderReport(order, sections).issues.filter((i) => i.code === 'critical')
    expect(critical).toEqual([
      {
        code: 'critical',
        severity: 'block',
        section: 'findings',
        message: 'Critical finding: pneumothorax. Communicate it and record the communication.',
        excerpt: 'Large right pneumothorax.',
      },
    ])
    expect(criticalFindings(sections)).toEqual(['pneumothorax'])
  })

  it('CR-23 two different critical findings are each listed once', () => {
    const sections = report({
      findings: 'Right pneumothorax. Free air under the diaphragm.',
      impression: 'Right pneumothorax and pneumoperitoneum.',
    })
    const critical = checkOrderReport(order, sections).issues.filter((i) => i.code === 'critical')
    expect(critical.map((i) => i.message)).toEqual([
      'Critical finding: pneumothorax. Communicate it and record the communication.',
      'Critical finding: free intraperitoneal air. Communicate it and record the communication.',
    ])
  })
})
