/**
 * FU-5: an exam's words read as orders name it, so that a recommendation and the order that
 * completes it meet: every catalogue study and HL7's codes read as one modality code and one of
 * the catalogue's body parts.
 */
import { describe, expect, it } from 'vitest'
import { STUDIES } from '../../../server/seed/catalogue'
import { canonicalBodyPart, canonicalModality } from '../../../server/outcomes/vocabulary'

describe('the vocabulary of exams', () => {
  it("FU-5 reads every catalogue study's modality as itself and its body part as a catalogue part", () => {
    for (const study of Object.values(STUDIES)) {
      expect(canonicalModality(study.modality), study.description).toBe(study.modality)
      const part = canonicalBodyPart(study.bodyPart)
      expect(part, study.description).not.toBeNull()
      // Reading a canonical part again answers the same part.
      expect(canonicalBodyPart(part ?? ''), study.description).toBe(part)
    }
  })

  it("FU-5 reads HL7's codes in any case, radiographs as XR and PET as NM", () => {
    expect(['CR', 'DX', 'DR', 'xr', 'X-ray', 'radiograph'].map(canonicalModality)).toEqual(
      Array(6).fill('XR'),
    )
    expect(['PT', 'PET/CT', 'PET-CT', 'nm', 'bone scan'].map(canonicalModality)).toEqual(
      Array(5).fill('NM'),
    )
    expect(['US', 'us', 'Ultrasound', 'sonography'].map(canonicalModality)).toEqual(
      Array(4).fill('US'),
    )
    expect(['MR', 'MRI', 'mri', 'MRA'].map(canonicalModality)).toEqual(Array(4).fill('MR'))
    expect(['CT', 'ct', 'CTA'].map(canonicalModality)).toEqual(Array(3).fill('CT'))
    expect(['MG', 'mammogram'].map(canonicalModality)).toEqual(['MG', 'MG'])
    expect(canonicalModality('')).toBeNull()
    expect(canonicalModality('ECG')).toBeNull()
  })

  it('FU-5 reads body parts as the catalogue names them, head and brain as one, a combined region as its first', () => {
    expect(canonicalBodyPart('CHEST')).toBe('chest')
    expect(canonicalBodyPart('thorax')).toBe('chest')
    expect(canonicalBodyPart('lungs')).toBe('chest')
    expect(canonicalBodyPart('brain')).toBe(canonicalBodyPart('head'))
    expect(canonicalBodyPart('Abdomen and Pelvis')).toBe('abdomen')
    expect(canonicalBodyPart('chest abdomen pelvis')).toBe('chest')
    expect(canonicalBodyPart('adrenal')).toBe('abdomen')
    expect(canonicalBodyPart('L-spine')).toBe('lumbar spine')
    expect(canonicalBodyPart('renal')).toBe('kidney')
    expect(canonicalBodyPart('unspecified')).toBeNull()
    expect(canonicalBodyPart('')).toBeNull()
  })
})
