/**
 * GET /api/v1/orders/{id}/report/fhir, the FHIR server's alias for one signed report, on PGlite
 * and PostgreSQL: a FHIR R4 DiagnosticReport that contains its patient, checked against the R4
 * definitions and the official R4 JSON schema.
 */
import type { DiagnosticReport, Patient, Practitioner } from '@medplum/fhirtypes'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderListSchema, type Order } from '../../../contract'
import { patients } from '../../../server/db/schema'
import { expectValidFhir, r4Errors, validateR4 } from '../../support/fhirValidator'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'

const sections = {
  history: 'Cough for three weeks.',
  technique: 'CT of the chest with contrast.',
  comparison: 'None.',
  findings: 'No consolidation. No effusion. Ünïcödé survives: 5 mm nodule.',
  impression: 'No acute cardiopulmonary process.',
}

const decode = (data: string | undefined) => Buffer.from(data ?? '', 'base64').toString('utf8')

describe.skipIf(skipDatabase)('FHIR DiagnosticReport', () => {
  let t: TestApp
  let token: string
  let unsigned: Order[]

  beforeAll(async () => {
    t = await startTestApp()
    token = (await t.signUp(undefined, 'Dr Ada Signer')).token
    unsigned = orderListSchema
      .parse((await t.api('GET', '/orders', { token })).json())
      .filter((order) => order.report === null)
  })
  afterAll(() => t.close())

  async function sign(order: Order) {
    expect(
      (await t.api('PUT', `/orders/${order.id}/report`, { token, body: { sections } })).statusCode,
    ).toBe(200)
    expect((await t.api('POST', `/orders/${order.id}/report/finalize`, { token })).statusCode).toBe(
      200,
    )
  }

  const fhir = (id: string, bearer: string | null = token) =>
    t.api('GET', `/orders/${id}/report/fhir`, { token: bearer })

  async function mrnOf(order: Order): Promise<string> {
    const [row] = await t.db
      .select({ mrn: patients.mrn })
      .from(patients)
      .where(eq(patients.id, order.patient_id))
    return row?.mrn ?? ''
  }

  it('INT-30 a signed report answers a FHIR R4 DiagnosticReport, valid against the R4 definitions', async () => {
    const order = unsigned[0]!
    await sign(order)
    const res = await fhir(order.id)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8')
    const report = res.json<DiagnosticReport>()
    expect(validateR4(report).filter((issue) => issue.severity !== 'information')).toEqual([])

    expect(report.resourceType).toBe('DiagnosticReport')
    expect(report.status).toBe('final')
    expect(report.category?.[0]?.coding).toContainEqual({
      system: 'http://terminology.hl7.org/CodeSystem/v2-0074',
      code: 'RAD',
      display: 'Radiology',
    })
    expectValidFhir(report)
    expect(report.code.text).toBe(order.study_description)
    // LOINC's "Diagnostic imaging study" first (no LOINC procedure code was ordered), then ours.
    expect(report.code.coding?.[0]).toMatchObject({ system: 'http://loinc.org', code: '18748-4' })
    expect(report.code.coding?.at(-1)).toMatchObject({ system: 'urn:readout:study' })
    expect(report.identifier).toEqual([
      {
        type: {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/v2-0203',
              code: 'ACSN',
              display: 'Accession ID',
            },
          ],
        },
        value: order.accession_number,
      },
    ])
    // The patient, contained: the MRN and the name.
    const patient = report.contained?.find(
      (resource): resource is Patient => resource.resourceType === 'Patient',
    )
    expect(report.subject?.reference).toBe(`#${patient?.id ?? 'none'}`)
    expect(patient?.identifier?.[0]?.value).toBe(await mrnOf(order))
    expect(patient?.identifier?.[0]?.type?.coding?.[0]?.code).toBe('MR')
    expect(patient?.name?.[0]).toEqual({
      family: order.patient.last_name,
      given: [order.patient.first_name],
    })
    expect(patient?.birthDate).toBe(order.patient.date_of_birth)
    // The signer, contained.
    const signer = report.contained?.find(
      (resource): resource is Practitioner => resource.resourceType === 'Practitioner',
    )
    expect(report.resultsInterpreter).toEqual([
      { reference: `#${signer?.id ?? 'none'}`, display: 'Dr Ada Signer' },
    ])
    expect(signer?.name?.[0]?.text).toBe('Dr Ada Signer')

    const signed = (await t.api('GET', `/orders/${order.id}`, { token })).json<Order>()
    expect(report.issued).toBe(signed.report?.finalized_at)
    expect(report.effectiveDateTime).toBe(order.ordered_at)
    expect(report.conclusion).toBe(sections.impression)
    // The whole text, as text/plain in UTF-8.
    const [form] = report.presentedForm ?? []
    expect(form?.contentType).toBe('text/plain; charset=utf-8')
    const text = decode(form?.data)
    for (const value of Object.values(sections)) expect(text).toContain(value)
    expect(text).toContain('FINDINGS:')
    expect(text).toContain('Signed by Dr Ada Signer')
  })

  it('INT-31 after an addendum the DiagnosticReport is appended, its text holds every addendum, and it stays valid', async () => {
    const order = unsigned[1]!
    await sign(order)
    for (const text of ['First addendum: nodule measured 6 mm.', 'Second addendum: called Dr B.']) {
      expect(
        (await t.api('POST', `/orders/${order.id}/report/addenda`, { token, body: { text } }))
          .statusCode,
      ).toBe(201)
    }
    const report = (await fhir(order.id)).json<DiagnosticReport>()
    expectValidFhir(report)
    expect(report.status).toBe('appended')
    const addenda = (await t.api('GET', `/orders/${order.id}`, { token })).json<Order>().report
      ?.addenda
    expect(report.issued).toBe(addenda?.at(-1)?.created_at)
    const text = decode(report.presentedForm?.[0]?.data)
    expect(text).toContain(sections.findings)
    expect(text.indexOf('First addendum')).toBeGreaterThan(text.indexOf(sections.impression))
    expect(text.indexOf('Second addendum')).toBeGreaterThan(text.indexOf('First addendum'))
    expect(text).toContain('ADDENDUM 2 (Dr Ada Signer,')
    expect(report.conclusion).toBe(sections.impression)
  })

  it('INT-32 a report that is not final answers 409, none at all 409, no such order 404, no session 401', async () => {
    const draft = unsigned[2]!
    await t.api('PUT', `/orders/${draft.id}/report`, { token, body: { sections } })
    const notFinal = await fhir(draft.id)
    expect(notFinal.statusCode).toBe(409)
    expect(notFinal.json()).toEqual({
      error: 'conflict',
      message: 'The report is not final: only a signed report is answered as FHIR.',
    })
    expect((await fhir(unsigned[3]!.id)).statusCode).toBe(409)
    const missing = await fhir('no-such-order')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ error: 'not_found' })
    expect((await fhir(unsigned[0]!.id, null)).statusCode).toBe(401)
  })

  it('INT-33 the validator refuses a broken DiagnosticReport (no code, a malformed issued, an unknown field)', async () => {
    const good = (await fhir(unsigned[0]!.id)).json<DiagnosticReport>()
    expect(r4Errors(good)).toEqual([])
    const { code: _code, ...noCode } = good
    expect(r4Errors(noCode).join('\n')).toMatch(/code/i)
    expect(r4Errors({ ...good, issued: '2026-13-45' }).join('\n')).toMatch(/instant/i)
    expect(r4Errors({ ...good, impression: 'x' }).join('\n')).toMatch(/impression/)
    expect(
      r4Errors({ ...good, presentedForm: [{ contentType: 'text/plain', data: '**' }] }).join('\n'),
    ).toMatch(/base64/i)
  })
})
