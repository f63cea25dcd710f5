import { describe, expect, it } from 'vitest'
import { createLocalAssistant } from '../../../server/assistant/local'

const assistant = createLocalAssistant()
const phrases = (modality: string, bodyPart: string) => assistant.phrases({ modality, bodyPart })

const COMMON_PAIRS: [string, string][] = [
  ['CT', 'chest'],
  ['CT', 'abdomen/pelvis'],
  ['CT', 'head'],
  ['MR', 'brain'],
  ['MR', 'knee'],
  ['MR', 'lumbar spine'],
  ['XR', 'chest'],
  ['XR', 'knee'],
  ['US', 'abdomen'],
  ['US', 'thyroid'],
  ['NM', 'whole body'],
  ['NM', 'bone scan'],
  ['PET', 'whole body'],
]

const MODALITIES = ['CT', 'MR', 'XR', 'US', 'NM']
const BODY_PARTS = [
  'chest',
  'abdomen',
  'pelvis',
  'head',
  'brain',
  'spine',
  'cervical spine',
  'thoracic spine',
  'lumbar spine',
  'whole spine',
  'knee',
  'shoulder',
  'hip',
  'hand',
  'wrist',
  'ankle',
  'foot',
  'thyroid',
  'kidney',
  'liver',
  'breast',
  'neck',
  'whole body',
  'heart',
  'sinus',
  'scrotum',
  'leg',
]

function lowerCased(list: string[]) {
  return list.map((p) => p.toLowerCase())
}

describe('local assistant: speech recognition phrase hints', () => {
  it.each(COMMON_PAIRS)('gives 30 or more distinct phrases for %s %s', async (modality, part) => {
    const list = await phrases(modality, part)
    expect(list.length).toBeGreaterThanOrEqual(30)
    expect(new Set(lowerCased(list)).size).toBe(list.length)
  })

  it('has body-part terms beyond the modality’s own for every modality and body part the seed uses', async () => {
    for (const modality of MODALITIES) {
      const baseline = (await phrases(modality, 'unlisted part')).length
      for (const part of BODY_PARTS) {
        const list = await phrases(modality, part)
        expect(list.length, `${modality} ${part}`).toBeGreaterThan(baseline)
        expect(new Set(lowerCased(list)).size, `${modality} ${part} duplicates`).toBe(list.length)
      }
    }
  })

  it('combines body-part, modality and general reporting terms', async () => {
    const ctChest = await phrases('CT', 'chest')
    expect(ctChest).toEqual(
      expect.arrayContaining([
        'pulmonary nodule',
        'right upper lobe',
        'Hounsfield units',
        'impression',
      ]),
    )
    const mrKnee = await phrases('MR', 'knee')
    expect(mrKnee).toEqual(
      expect.arrayContaining([
        'anterior cruciate ligament',
        'medial meniscus',
        'T2-weighted',
        'findings',
      ]),
    )
    const mrSpine = await phrases('MR', 'lumbar spine')
    expect(mrSpine).toEqual(expect.arrayContaining(['L4-L5', 'L5-S1', 'disc herniation', 'FLAIR']))
    const pet = await phrases('PET', 'whole body')
    expect(pet).toEqual(expect.arrayContaining(['FDG', 'SUV max', 'skull base to mid-thigh']))
  })

  it('puts the body part’s terms before the modality’s and the general ones', async () => {
    const list = await phrases('CT', 'chest')
    expect(list.indexOf('pulmonary nodule')).toBeLessThan(list.indexOf('Hounsfield units'))
    expect(list.indexOf('Hounsfield units')).toBeLessThan(list.indexOf('unremarkable'))
  })

  it('matches modality and body part in any case and common spelling', async () => {
    const reference = await phrases('CT', 'chest')
    expect(await phrases('ct', 'CHEST')).toEqual(reference)
    expect(await phrases(' Ct ', 'Chest')).toEqual(reference)
    expect(await phrases('MRI', 'Brain')).toEqual(await phrases('MR', 'brain'))
    const abdomenPelvis = await phrases('CT', 'Abdomen/Pelvis')
    expect(abdomenPelvis).toEqual(expect.arrayContaining(['appendix', 'urinary bladder']))
  })

  it('lists a term shared by two body parts once', async () => {
    const list = await phrases('CT', 'abdomen and pelvis, kidney')
    expect(list.filter((p) => p.toLowerCase() === 'hydronephrosis')).toHaveLength(1)
    expect(list.filter((p) => p.toLowerCase() === 'urinary bladder')).toHaveLength(1)
  })

  it('still gives general and modality terms for an unknown pair, and general terms for an unknown modality', async () => {
    const unknownPart = await phrases('CT', 'elbow')
    expect(unknownPart).toEqual(expect.arrayContaining(['Hounsfield units', 'impression']))
    expect(unknownPart).not.toContain('pulmonary nodule')
    const unknownBoth = await phrases('XA', 'elbow')
    expect(unknownBoth).toEqual(expect.arrayContaining(['impression', 'unremarkable']))
    expect(unknownBoth).not.toContain('Hounsfield units')
    expect(unknownBoth.length).toBeLessThan(unknownPart.length)
  })

  it('gives phrases short enough for a recognizer phrase list', async () => {
    for (const part of BODY_PARTS) {
      for (const phrase of await phrases('MR', part)) {
        expect(phrase.trim()).toBe(phrase)
        expect(phrase.length).toBeGreaterThan(0)
        expect(phrase.length).toBeLessThanOrEqual(100)
      }
    }
  })
})
