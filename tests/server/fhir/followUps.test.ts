/**
 * Tracked follow-ups at /fhir (FU-22, FU-23): each a ServiceRequest of intent `proposal`, checked
 * against the official R4 JSON schema and Medplum's validator by the fixture's `get`, read with
 * @medplum/core as the other FHIR tests do, and found where ServiceRequests are searched (patient,
 * intent, status, _id), paged across orders and proposals, ids never meeting an order's. On PGlite
 * and PostgreSQL.
 */
import { MedplumClient } from '@medplum/core'
import type { Bundle, CapabilityStatement, ServiceRequest } from '@medplum/fhirtypes'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order } from '../../../contract'
import { followUps } from '../../../server/db/schema'
import { skipDatabase } from '../../support/testDatabase'
import { confirmed, RECOMMENDING } from '../followUps/support'
import { startFhirFixture, type FhirFixture } from './fixture'

const idsOf = (bundle: Bundle) => (bundle.entry ?? []).map((entry) => entry.resource?.id)

describe.skipIf(skipDatabase)('follow-ups as FHIR ServiceRequest proposals', () => {
  let f: FhirFixture
  let medplum: MedplumClient
  let source: Order
  /** The resource ids of the source's two follow-ups: the chest CT, the thyroid ultrasound. */
  let chest: string
  let thyroid: string

  beforeAll(async () => {
    f = await startFhirFixture({ sign: 0 })
    medplum = new MedplumClient({ baseUrl: `${f.s.base}/`, fhirUrlPath: 'fhir', fetch })
    medplum.setAccessToken(f.token)
    source = f.unsigned[0]!
    const api = (method: 'PUT' | 'POST', path: string, body: unknown) =>
      f.s.t.api(method, path, { token: f.token, body })
    expect(
      (await api('PUT', `/orders/${source.id}/report`, { sections: RECOMMENDING })).statusCode,
    ).toBe(200)
    const items = [
      confirmed({ due_from: '2027-02-01', due_to: '2027-03-15' }),
      confirmed({ modality: 'US', body_part: 'thyroid', reason: 'thyroid nodule', text: '' }),
    ]
    const signed = await api('POST', `/orders/${source.id}/report/finalize`, { follow_ups: items })
    expect(signed.statusCode).toBe(200)
    const rows = await f.s.t.db
      .select()
      .from(followUps)
      .where(eq(followUps.sourceOrderId, source.id))
    chest = `followup-${rows.find((row) => row.modality === 'CT')?.id ?? ''}`
    thyroid = `followup-${rows.find((row) => row.modality === 'US')?.id ?? ''}`
  }, 120_000)
  afterAll(() => f.close())

  it('FU-22 a follow-up is a valid ServiceRequest proposal: its exam, window, reason, patient, the signed report behind it and its signer; declined reads as revoked', async () => {
    const res = await f.get(`/ServiceRequest/${chest}`)
    expect(res.status).toBe(200)
    const request = res.body as unknown as ServiceRequest
    expect(request).toMatchObject({
      resourceType: 'ServiceRequest',
      id: chest,
      intent: 'proposal',
      status: 'active',
      code: { text: 'CT chest', coding: [{ system: 'urn:readout:study', code: 'CT CHEST' }] },
      subject: { reference: `Patient/${source.patient_id}` },
      occurrencePeriod: { start: '2027-02-01', end: '2027-03-15' },
      reasonCode: [{ text: 'pulmonary nodule' }],
      supportingInfo: [{ reference: `DiagnosticReport/${source.id}` }],
      requester: { display: 'Dr Ada Signer' },
      note: [{ text: 'Recommend CT chest in 2 months.' }],
    })
    expect(Date.parse(request.authoredOn ?? '')).not.toBeNaN()
    // The report it points at is there, and the order keeps its own ServiceRequest.
    expect((await f.get(`/DiagnosticReport/${source.id}`)).status).toBe(200)
    const order = (await f.get(`/ServiceRequest/${source.id}`)).body as unknown as ServiceRequest
    expect(order).toMatchObject({ intent: 'order', status: 'completed' })
    const read = await medplum.readResource('ServiceRequest', thyroid)
    expect(read).toMatchObject({ intent: 'proposal', code: { text: 'US thyroid' } })
    expect(read.note).toBeUndefined()

    const patch = (id: string, status: string) =>
      f.s.t.api('PATCH', `/follow-ups/${id.replace('followup-', '')}`, {
        token: f.token,
        body: { status, reason: 'Closed for the test.' },
      })
    expect((await patch(thyroid, 'declined')).statusCode).toBe(200)
    expect((await medplum.readResource('ServiceRequest', thyroid)).status).toBe('revoked')
    expect((await f.get('/ServiceRequest/followup-no-such-item')).status).toBe(404)
  })

  it('FU-23 ServiceRequest search finds proposals by patient, intent, status and id, pages across orders and proposals, and says so in the CapabilityStatement', async () => {
    const search = async (query: string) => {
      const res = await f.get(`/ServiceRequest?${query}`)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body as unknown as Bundle
    }
    const patient = `patient=${source.patient_id}`
    const proposals = await search(`${patient}&intent=proposal`)
    expect(idsOf(proposals).sort()).toEqual([chest, thyroid].sort())
    const ordersOnly = await search(`${patient}&intent=order`)
    expect(idsOf(ordersOnly)).toContain(source.id)
    expect(idsOf(ordersOnly).some((id) => id?.startsWith('followup-'))).toBe(false)
    const both = await search(patient)
    expect(both.total).toBe((ordersOnly.total ?? 0) + 2)
    expect(idsOf(both).slice(-2).sort()).toEqual([chest, thyroid].sort())

    // One at a time, every one of them, once.
    const paged: (string | undefined)[] = []
    for (let offset = 0; offset < (both.total ?? 0); offset++) {
      const page = await search(`${patient}&_count=1&_offset=${String(offset)}`)
      expect(page.total).toBe(both.total)
      paged.push(...idsOf(page))
    }
    expect(paged).toEqual(idsOf(both))

    expect(idsOf(await search(`intent=proposal&status=revoked`))).toEqual([thyroid])
    expect(idsOf(await search(`intent=proposal&status=active`))).toEqual([chest])
    expect(idsOf(await search(`_id=${chest},${source.id}`)).sort()).toEqual(
      [chest, source.id].sort(),
    )
    expect(idsOf(await search(`identifier=${source.accession_number}`))).toEqual([source.id])
    expect((await search('intent=plan')).total).toBe(0)
    expect((await f.get('/ServiceRequest?intent=wish')).status).toBe(400)

    const statement = (await f.get('/metadata', { token: null }))
      .body as unknown as CapabilityStatement
    const serviceRequest = statement.rest?.[0]?.resource?.find((r) => r.type === 'ServiceRequest')
    expect(serviceRequest?.searchParam?.map((p) => p.name)).toContain('intent')
  })
})
