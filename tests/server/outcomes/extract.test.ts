/**
 * The follow-up finder's rules, one family at a time (FU-1..FU-4): the exam, what does not count,
 * the interval and its window, the reason and the sentence.
 */
import { describe, expect, it } from 'vitest'
import { findFollowUps } from '../../../server/outcomes/extract'

const SIGNED = '2026-03-02'
const find = (impression: string, findings = '') => findFollowUps({ findings, impression }, SIGNED)
const exams = (impression: string, findings = '') =>
  find(impression, findings).map((item) => `${item.modality} ${item.body_part}`)

describe('the recommended exam', () => {
  it('FU-1 reads the modality and body part in either order and in many words', () => {
    expect(exams('Recommend follow-up CT chest in 3 months.')).toEqual(['CT chest'])
    expect(exams('Follow-up non-contrast chest CT in 12 months is recommended.')).toEqual([
      'CT chest',
    ])
    expect(exams('A CT of the thorax in 6 months is recommended.')).toEqual(['CT chest'])
    expect(exams('Dedicated thyroid ultrasound is recommended.')).toEqual(['US thyroid'])
    expect(exams('Renal sonography is recommended.')).toEqual(['US kidney'])
    expect(exams('MRI of the liver is recommended.')).toEqual(['MR liver'])
    expect(exams('Follow-up chest x-ray in 6 weeks.')).toEqual(['XR chest'])
    expect(exams('Recommend follow-up CXR in 4 weeks.')).toEqual(['XR chest'])
    expect(exams('PET/CT of the chest is recommended.')).toEqual(['NM chest'])
    expect(exams('Annual screening mammography is recommended.')).toEqual(['MG breast'])
    expect(exams('MRI brain is recommended.')).toEqual(['MR head'])
  })

  it("FU-1 takes a body part from the finding's organ, the sentence before, or the first region", () => {
    expect(exams('Follow-up CT in 12 months is recommended for the pulmonary nodule.')).toEqual([
      'CT chest',
    ])
    expect(exams('Indeterminate adrenal nodule. Adrenal protocol CT is recommended.')).toEqual([
      'CT abdomen',
    ])
    expect(exams('7 mm right upper lobe nodule. CT at 6-12 months.')).toEqual(['CT chest'])
    expect(exams('CT abdomen and pelvis with contrast is recommended.')).toEqual(['CT abdomen'])
    expect(exams('Prostate lesion. MRI is recommended.')).toEqual(['MR pelvis'])
  })

  it('FU-1 reads alternatives as one exam and each of several exams on its own', () => {
    expect(exams('Dedicated adrenal CT or MRI is recommended.')).toEqual(['CT abdomen'])
    expect(exams('Recommend CT chest in 3 months and thyroid ultrasound.')).toEqual([
      'CT chest',
      'US thyroid',
    ])
    expect(
      exams('Recommend thyroid ultrasound for the nodule. Recommend MRI of the liver in 6 months.'),
    ).toEqual(['US thyroid', 'MR liver'])
  })

  it('FU-1 skips a recommendation without a modality, or without a body part anywhere near', () => {
    expect(find('6 mm pulmonary nodule. Follow-up in 12 months is recommended.')).toEqual([])
    expect(find('Recommend clinical follow-up.')).toEqual([])
    expect(find('MRI is recommended.')).toEqual([])
  })

  it('FU-1 does not take a procedure, a comparison or a pronoun for an exam', () => {
    expect(find('BI-RADS 4 breast mass. Ultrasound-guided biopsy is recommended.')).toEqual([])
    expect(find('Recommend comparison with any prior outside chest CT.')).toEqual([])
    expect(find('Please call us about the chest findings.')).toEqual([])
    expect(find('Findings of the chest discussed with Dr. Patel.')).toEqual([])
  })
})

describe('what is not a recommendation to track', () => {
  it('FU-2 skips negated recommendations', () => {
    for (const text of [
      'Simple renal cyst. No follow-up imaging is needed.',
      'Hepatic hemangioma. Further imaging of the liver is not necessary.',
      'Calcified granuloma of the lung; no further imaging required.',
      'Spongiform thyroid nodule does not require follow-up ultrasound.',
      'Known melanoma; Fleischner guidelines do not apply to these lung nodules.',
      'No CT follow-up of the chest is needed.',
    ])
      expect(find(text), text).toEqual([])
  })

  it('FU-2 skips hedged and conditional recommendations', () => {
    for (const text of [
      'Right upper quadrant ultrasound could be obtained if clinically indicated.',
      'MRI of the lumbar spine may be obtained if symptoms persist.',
      'Consider thyroid ultrasound.',
      'Optional CT chest at 12 months.',
      'Ultrasound of the appendix may be helpful.',
      'Follow-up chest radiograph as clinically indicated.',
      'Follow-up chest CT at the discretion of the referring physician.',
    ])
      expect(find(text), text).toEqual([])
  })

  it('FU-2 skips what was recommended or done before, but not what is recommended again', () => {
    expect(find('A thyroid ultrasound was recommended on the prior study.')).toEqual([])
    expect(find('Follow-up CT chest performed 6 months ago showed the nodule unchanged.')).toEqual(
      [],
    )
    expect(
      find('Compared with the CT chest from 3 months ago, the consolidation resolved.'),
    ).toEqual([])
    expect(
      exams(
        'Follow-up chest CT was recommended 6 months ago and is again recommended in 12 months.',
      ),
    ).toEqual(['CT chest'])
  })

  it('FU-2 reads a negation up to the end of its clause only', () => {
    expect(
      exams(
        'No follow-up is needed for the simple hepatic cyst, but the adrenal nodule warrants adrenal CT in 12 months.',
      ),
    ).toEqual(['CT abdomen'])
  })
})

describe('the interval and its window', () => {
  const window = (text: string) => {
    const [item] = find(text)
    return item ? [item.due_from, item.due_to] : null
  }

  it('FU-3 centres a single interval on the day it names, a quarter of it either side', () => {
    // 2 March + 3 months = 2 June, 92 days ahead: 23 days either side.
    expect(window('CT chest in 3 months.')).toEqual(['2026-05-10', '2026-06-25'])
    expect(window('CT chest in three months.')).toEqual(['2026-05-10', '2026-06-25'])
    // 12 months: 2 March 2027, 365 days, 91 either side.
    expect(window('CT chest at 12 months.')).toEqual(['2026-12-01', '2027-06-01'])
    expect(window('Annual screening mammography is recommended.')).toEqual([
      '2026-12-01',
      '2027-06-01',
    ])
    expect(window('CT chest in 1 year.')).toEqual(['2026-12-01', '2027-06-01'])
    // 6 weeks: 42 days, 11 (10.5 rounded) either side of 13 April; 6 months: 2 September,
    // 184 days ahead, 46 either side.
    expect(window('Follow-up chest x-ray in 6 weeks.')).toEqual(['2026-04-02', '2026-04-24'])
    expect(window('A 6-month follow-up chest CT is recommended.')).toEqual([
      '2026-07-18',
      '2026-10-18',
    ])
  })

  it('FU-3 takes a range as given and "within" from the day of signing', () => {
    expect(window('CT chest in 3-6 months.')).toEqual(['2026-06-02', '2026-09-02'])
    expect(window('CT chest in 6 to 12 months.')).toEqual(['2026-09-02', '2027-03-02'])
    expect(window('Recommend CT chest in 3–6 months.')).toEqual(['2026-06-02', '2026-09-02'])
    expect(window('Follow-up pelvic ultrasound in 2-4 weeks.')).toEqual([
      '2026-03-16',
      '2026-03-30',
    ])
    expect(window('Repeat wrist radiographs within 2 weeks are recommended.')).toEqual([
      '2026-03-02',
      '2026-03-16',
    ])
  })

  it('FU-3 gives no interval the coming month, and a series its first', () => {
    expect(window('MRI of the liver is recommended for further characterization.')).toEqual([
      '2026-03-02',
      '2026-04-02',
    ])
    expect(window('Follow up chest CT at 3, 9 and 24 months.')).toEqual([
      '2026-05-10',
      '2026-06-25',
    ])
    expect(window('CT chest at 6-12 months, then consider CT at 18-24 months.')).toEqual([
      '2026-09-02',
      '2027-03-02',
    ])
  })

  it('FU-3 ignores spans in the past and durations', () => {
    expect(window('Stable for 2 years; recommend CT chest.')).toEqual(['2026-03-02', '2026-04-02'])
    expect(window('Grown since 3 months ago; recommend chest CT.')).toEqual([
      '2026-03-02',
      '2026-04-02',
    ])
  })
})

describe('the reason and the sentence', () => {
  it('FU-4 names the finding of the sentence, or of the sentence before, briefly', () => {
    expect(find('Recommend CT in 12 months for the pulmonary nodule.')[0]?.reason).toBe(
      'pulmonary nodule',
    )
    expect(
      find('Indeterminate 2 cm adrenal incidentaloma. Adrenal protocol CT is recommended.')[0]
        ?.reason,
    ).toBe('adrenal incidentaloma')
    expect(find('1.8 cm thyroid nodule. Recommend thyroid ultrasound.')[0]?.reason).toBe(
      'thyroid nodule',
    )
    expect(find('Recommend CT chest in 3 months.')[0]?.reason).toBe('')
  })

  it('FU-4 keeps the sentence as written, trimmed', () => {
    const [item] = find('Findings as above.   Recommend follow-up CT chest in 3 months.  ')
    expect(item?.text).toBe('Recommend follow-up CT chest in 3 months.')
  })
})
