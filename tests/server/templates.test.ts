/**
 * TPL: the library of normal templates and GET /templates, on PGlite and PostgreSQL: every
 * template is what the contract says, every study the catalogue can order finds one, and a
 * study's own template comes first however the order writes its modality and body part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  REPORT_SECTION_KEYS,
  templateFields,
  templateListSchema,
  templateSchema,
} from '../../contract'
import { STUDIES } from '../../server/seed/catalogue'
import { TEMPLATES } from '../../server/templates'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

/** Sections keyed exactly like a report's, and nothing else. */
const strictSections = z.strictObject(
  Object.fromEntries(REPORT_SECTION_KEYS.map((key) => [key, z.string().optional()])),
)

describe('TPL the template library', () => {
  it('TPL-1 holds at least 30 templates, each valid against the contract, keyed like a report, with unique ids', () => {
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(30)
    for (const entry of TEMPLATES) {
      expect(() => templateSchema.parse(entry), entry.id).not.toThrow()
      expect(() => strictSections.parse(entry.sections), entry.id).not.toThrow()
      expect(entry.sections.findings.trim(), entry.id).not.toBe('')
      expect(entry.sections.impression.trim(), entry.id).not.toBe('')
    }
    expect(new Set(TEMPLATES.map((entry) => entry.id)).size).toBe(TEMPLATES.length)
    // Bracketed fields are where values and choices go: most templates have some.
    const withFields = TEMPLATES.filter((entry) =>
      Object.values(entry.sections).some((text) => templateFields(text).length > 0),
    )
    expect(withFields.length).toBeGreaterThan(TEMPLATES.length / 2)
  })

  it('TPL-1 covers mammography and every modality and body part the seed catalogue orders', () => {
    const kinds = new Set(TEMPLATES.map((entry) => `${entry.modality}/${entry.body_part}`))
    expect(kinds).toContain('MG/breast')
    for (const study of Object.values(STUDIES)) {
      const found = TEMPLATES.some(
        (entry) =>
          entry.modality === study.modality &&
          (entry.body_part === study.bodyPart ||
            (study.bodyPart === 'brain' && entry.body_part === 'head')),
      )
      expect(found, `${study.modality} ${study.bodyPart}`).toBe(true)
    }
  })

  it('templateFields finds each bracketed field, in order, and no text outside brackets', () => {
    const text = 'Spleen [size] cm. [left/right] kidney; [unclosed and ] end'
    expect(templateFields(text).map(({ start, end }) => text.slice(start, end))).toEqual([
      '[size]',
      '[left/right]',
      '[unclosed and ]',
    ])
    expect(templateFields('no fields here')).toEqual([])
  })
})

describe.skipIf(skipDatabase)('TPL GET /templates', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await startTestApp()
    token = (await t.signUp()).token
  })
  afterAll(() => t.close())

  const list = async (query: string) => {
    const answer = await t.api('GET', `/templates${query}`, { token })
    expect(answer.statusCode).toBe(200)
    return templateListSchema.parse(answer.json())
  }

  it('TPL-2 answers every template without parameters, as a bare array', async () => {
    expect((await list('')).length).toBe(TEMPLATES.length)
  })

  it('TPL-2 matches modality and body part without regard to case, CR/DX/DR as XR, MRI as MR, and body part synonyms', async () => {
    const chest = await list('?modality=xr&body_part=Chest')
    expect(chest.length).toBeGreaterThan(0)
    expect(chest.every((item) => item.modality === 'XR' && item.body_part === 'chest')).toBe(true)
    for (const code of ['CR', 'dx', 'DR']) {
      expect(await list(`?modality=${code}&body_part=chest`)).toEqual(chest)
    }
    expect((await list('?modality=MRI&body_part=L-spine')).map((item) => item.id)).toContain(
      'mr-lumbar-spine',
    )
    expect((await list('?modality=MR&body_part=head')).map((item) => item.id)).toContain('mr-brain')
    expect((await list('?modality=CT&body_part=brain')).map((item) => item.id)).toEqual([
      'ct-head-noncontrast',
    ])
    expect(await list('?modality=US&body_part=elbow')).toEqual([])
  })

  it('TPL-3 ranks the study description’s own template first', async () => {
    const first = async (modality: string, bodyPart: string, description: string) =>
      (
        await list(
          `?modality=${modality}&body_part=${encodeURIComponent(bodyPart)}&description=${encodeURIComponent(description)}`,
        )
      )[0]?.id
    expect(await first('CT', 'chest', 'CTA Chest PE protocol')).toBe('cta-chest-pe')
    expect(await first('CT', 'chest', 'CT Chest without contrast')).toBe('ct-chest-noncontrast')
    expect(await first('CT', 'chest', 'CT Chest with IV contrast')).toBe('ct-chest-contrast')
    expect(await first('CT', 'abdomen', 'CTA Abdomen and Pelvis with IV contrast')).toBe(
      'cta-abdomen-pelvis',
    )
    expect(await first('CT', 'abdomen', 'CT Abdomen and Pelvis with IV contrast')).toBe(
      'ct-abdomen-pelvis-contrast',
    )
    expect(await first('XR', 'chest', 'XR Chest portable AP')).toBe('xr-chest-portable')
    expect(await first('NM', 'whole body', 'PET/CT skull base to mid-thigh')).toBe('pet-ct')
    expect(await first('MR', 'abdomen', 'MRCP with and without contrast')).toBe('mrcp')
    // Without a description, the library's order: the common study first.
    expect(await first('CT', 'chest', '')).toBe('ct-chest-contrast')
  })

  it('TPL-2 a bad parameter answers 400, never 500', async () => {
    const long = await t.api('GET', `/templates?modality=${'x'.repeat(101)}`, { token })
    expect(long.statusCode).toBe(400)
    const control = await t.api('GET', '/templates?body_part=%00chest', { token })
    expect(control.statusCode).toBe(400)
    expect((await t.api('GET', '/templates', { token: '' })).statusCode).toBe(401)
  })
})
