/**
 * The FHIR R4 server at /fhir over a real socket, on PGlite and PostgreSQL: its
 * CapabilityStatement, reads by two FHIR client libraries we did not write (fhir-kit-client and
 * Medplum's MedplumClient), what each resource holds, and its errors as OperationOutcome. Every
 * answer is checked against the official R4 JSON schema and Medplum's R4 validator (fixture.ts).
 */
import { MedplumClient } from '@medplum/core'
import type {
  Bundle,
  CapabilityStatement,
  DiagnosticReport,
  ImagingStudy,
  Patient,
  ServiceRequest,
} from '@medplum/fhirtypes'
import { Client } from 'fhir-kit-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectValidFhir } from '../../support/fhirValidator'
import { skipDatabase } from '../../support/testDatabase'
import { mrnOf, setInterfaceFields, startFhirFixture, type FhirFixture } from './fixture'

const UID = '1.2.826.0.1.3680043.8.498.12345'

describe.skipIf(skipDatabase)('FHIR server', () => {
  let f: FhirFixture
  let kit: Client
  let medplum: MedplumClient

  beforeAll(async () => {
    f = await startFhirFixture()
    kit = new Client({ baseUrl: f.fhirBase, bearerToken: f.token })
    medplum = new MedplumClient({ baseUrl: `${f.s.base}/`, fhirUrlPath: 'fhir', fetch })
    medplum.setAccessToken(f.token)
    // The first signed study: an ordered LOINC procedure (a Playbook code), a UID, an OID authority.
    await setInterfaceFields(f, f.signed[0]!, {
      procedureCode: '24627-2',
      procedureCodingSystem: 'LN',
      studyInstanceUid: UID,
      mrnAuthority: 'HOSP&2.16.840.1.113883.19.5&ISO',
    })
    // The second: a local procedure code, and a patient whose birth date is unknown.
    await setInterfaceFields(f, f.signed[1]!, {
      procedureCode: 'CTCH',
      procedureCodingSystem: '99LOCAL',
      mrnAuthority: 'HOSP',
      dateOfBirth: null,
      studyInstanceUid: null,
    })
  }, 120_000)
  afterAll(() => f.close())

  it('INT-76 GET /fhir/metadata answers a CapabilityStatement for FHIR 4.0.1: each resource type with read, search and its parameters, and the SMART token endpoint', async () => {
    const res = await f.get('/metadata', { token: null })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/fhir+json; charset=utf-8')
    const statement = res.body as unknown as CapabilityStatement
    expect(statement.fhirVersion).toBe('4.0.1')
    expect(statement.format).toContain('application/fhir+json')
    const rest = statement.rest?.[0]
    const byType = new Map(rest?.resource?.map((resource) => [resource.type, resource]))
    expect([...byType.keys()].sort()).toEqual(
      ['DiagnosticReport', 'ImagingStudy', 'Patient', 'ServiceRequest'].sort(),
    )
    const report = byType.get('DiagnosticReport')
    expect(report?.interaction?.map((i) => i.code)).toEqual(['read', 'search-type'])
    expect(report?.searchParam?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['patient', 'based-on', 'status', '_lastUpdated', 'identifier']),
    )
    expect(JSON.stringify(rest?.security)).toContain(`${f.fhirBase}/auth/token`)
    // A FHIR client library reads it too.
    const read = (await kit.capabilityStatement()) as unknown as CapabilityStatement
    expect(read.fhirVersion).toBe('4.0.1')
  })

  it('INT-77 /fhir never answers the SPA: an unknown path, /fhir itself and an unknown type are OperationOutcomes', async () => {
    for (const path of ['', '/', '/Nothing/here/at/all', '/Observation']) {
      const res = await f.get(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type'), path).toContain('application/fhir+json')
      expect(res.body.resourceType, path).toBe('OperationOutcome')
      expect(res.headers.get('cache-control'), path).toBe('no-store')
    }
  })

  it('INT-78 both client libraries read each resource type by id', async () => {
    const order = f.signed[0]!
    for (const resourceType of ['DiagnosticReport', 'ServiceRequest', 'ImagingStudy'] as const) {
      const viaKit = await kit.read({ resourceType, id: order.id })
      expectValidFhir(viaKit)
      expect(viaKit).toMatchObject({ resourceType, id: order.id })
      const viaMedplum = await medplum.readResource(resourceType, order.id)
      expect(viaMedplum).toMatchObject({ resourceType, id: order.id })
    }
    const patient = (await kit.read({ resourceType: 'Patient', id: order.patient_id })) as Patient
    expect(patient.id).toBe(order.patient_id)
    expect((await medplum.readResource('Patient', order.patient_id)).id).toBe(order.patient_id)
  })

  it('INT-79 errors are OperationOutcomes: 404 unknown id, 400 unknown parameter (strict; lenient ignores it), 401 without a token, 406 for XML, 405 for a write', async () => {
    const missing = await f.get('/DiagnosticReport/no-such-report')
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ resourceType: 'OperationOutcome' })
    // An order with no signed report has no DiagnosticReport yet.
    expect((await f.get(`/DiagnosticReport/${f.unsigned[0]!.id}`)).status).toBe(404)
    const unknown = await f.get('/DiagnosticReport?colour=blue')
    expect(unknown.status).toBe(400)
    expect(JSON.stringify(unknown.body)).toContain('colour')
    expect((await f.get('/DiagnosticReport?status:missing=true')).status).toBe(400)
    const lenient = await f.get('/DiagnosticReport?colour=blue', {
      headers: { prefer: 'handling=lenient' },
    })
    expect(lenient.status).toBe(200)
    expect(JSON.stringify((lenient.body as unknown as Bundle).link)).not.toContain('colour')
    expect((await f.get('/DiagnosticReport?_lastUpdated=yesterday')).status).toBe(400)
    expect((await f.get('/DiagnosticReport?_count=many')).status).toBe(400)
    const anonymous = await f.get('/DiagnosticReport', { token: null })
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('www-authenticate')).toContain('Bearer')
    expect((await f.get('/Patient', { token: 'not-a-token' })).status).toBe(401)
    expect((await f.get('/Patient?_format=xml')).status).toBe(406)
    expect((await f.get('/Patient', { headers: { accept: 'application/fhir+xml' } })).status).toBe(
      406,
    )
    // JSON by its other names is answered.
    expect((await f.get('/Patient?_format=json')).status).toBe(200)
    expect((await f.get('/Patient', { headers: { accept: 'application/json' } })).status).toBe(200)
    const write = await fetch(`${f.fhirBase}/Patient`, {
      method: 'POST',
      headers: { authorization: `Bearer ${f.token}`, 'content-type': 'application/fhir+json' },
      body: JSON.stringify({ resourceType: 'Patient' }),
    })
    expect(write.status).toBe(405)
    expectValidFhir(await write.json())
  })

  it('INT-83 a DiagnosticReport refers to its Patient, its ServiceRequest and its ImagingStudy with the UID, and carries meta.lastUpdated', async () => {
    const order = f.signed[0]!
    const report = (await f.get(`/DiagnosticReport/${order.id}`))
      .body as unknown as DiagnosticReport
    expect(report.status).toBe('final')
    expect(report.subject?.reference).toBe(`Patient/${order.patient_id}`)
    expect(report.basedOn).toEqual([{ reference: `ServiceRequest/${order.id}` }])
    expect(report.imagingStudy).toEqual([
      {
        reference: `ImagingStudy/${order.id}`,
        identifier: { system: 'urn:dicom:uid', value: `urn:oid:${UID}` },
      },
    ])
    const finalized = (await f.s.t.api('GET', `/orders/${order.id}`, { token: f.token })).json<{
      report: { finalized_at: string }
    }>().report.finalized_at
    expect(report.meta?.lastUpdated).toBe(finalized)
    expect(report.category?.[0]?.coding).toContainEqual({
      system: 'http://loinc.org',
      code: 'LP29684-5',
      display: 'Radiology',
    })
    // Each reference resolves on this server.
    for (const reference of [report.subject, report.basedOn?.[0], report.imagingStudy?.[0]])
      expect((await f.get(`/${reference?.reference ?? ''}`)).status).toBe(200)
    // No UID known: no imagingStudy.
    const other = (await f.get(`/DiagnosticReport/${f.signed[1]!.id}`))
      .body as unknown as DiagnosticReport
    expect(other.imagingStudy).toBeUndefined()
  })

  it('INT-84 DiagnosticReport.code is LOINC: the ordered LOINC procedure, or 18748-4 beside the local procedure code', async () => {
    const playbook = (await f.get(`/DiagnosticReport/${f.signed[0]!.id}`))
      .body as unknown as DiagnosticReport
    expect(playbook.code.coding?.[0]).toMatchObject({ system: 'http://loinc.org', code: '24627-2' })
    expect(playbook.code.coding?.map((c) => c.code)).not.toContain('18748-4')
    const local = (await f.get(`/DiagnosticReport/${f.signed[1]!.id}`))
      .body as unknown as DiagnosticReport
    expect(local.code.coding?.[0]).toEqual({
      system: 'http://loinc.org',
      code: '18748-4',
      display: 'Diagnostic imaging study',
    })
    expect(local.code.coding?.[1]).toMatchObject({
      system: 'urn:readout:procedure:99LOCAL',
      code: 'CTCH',
    })
    expect(local.code.coding?.at(-1)?.system).toBe('urn:readout:study')
  })

  it('INT-85 a Patient carries its MRN under its assigning authority, and no birthDate when it is unknown', async () => {
    const oid = (await f.get(`/Patient/${f.signed[0]!.patient_id}`)).body as unknown as Patient
    expect(oid.identifier?.[0]).toMatchObject({
      system: 'urn:oid:2.16.840.1.113883.19.5',
      value: await mrnOf(f, f.signed[0]!),
      type: { coding: [{ code: 'MR' }] },
      assigner: { display: 'HOSP' },
    })
    const unknownAge = (await f.get(`/Patient/${f.signed[1]!.patient_id}`))
      .body as unknown as Patient
    expect(unknownAge.identifier?.[0]?.system).toBe('urn:readout:mrn:HOSP')
    expect(unknownAge.birthDate).toBeUndefined()
    expect(unknownAge.gender).toBeDefined()
  })

  it('INT-86 a ServiceRequest is the order: accession, status, intent, priority, its procedure and patient', async () => {
    const order = f.signed[0]!
    const request = (await f.get(`/ServiceRequest/${order.id}`)).body as unknown as ServiceRequest
    expect(request).toMatchObject({
      status: 'completed',
      intent: 'order',
      priority: order.priority,
      subject: { reference: `Patient/${order.patient_id}` },
      authoredOn: order.ordered_at,
    })
    expect(request.identifier?.[0]?.value).toBe(order.accession_number)
    const open = (await f.get(`/ServiceRequest/${f.unsigned[0]!.id}`))
      .body as unknown as ServiceRequest
    expect(open.status).toBe('active')
  })

  it('INT-87 an ImagingStudy exists where the UID is known, identified by it', async () => {
    const study = (await f.get(`/ImagingStudy/${f.signed[0]!.id}`)).body as unknown as ImagingStudy
    expect(study.identifier?.[0]).toEqual({ system: 'urn:dicom:uid', value: `urn:oid:${UID}` })
    expect(study.basedOn).toEqual([{ reference: `ServiceRequest/${f.signed[0]!.id}` }])
    expect((await f.get(`/ImagingStudy/${f.signed[1]!.id}`)).status).toBe(404)
  })
})
