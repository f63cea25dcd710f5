/**
 * A trainee's preliminary read on the FHIR server (RV-10, RV-11): with HL7_SEND_PRELIMINARY a
 * report awaiting review (or returned) is a DiagnosticReport `preliminary` whose text is what the
 * trainee sent, not what was edited since, its interpreter the trainee; co-signed it is `final`
 * with the attending first and the trainee second; search by `status` finds each. Without the
 * setting an unsigned report stays out, as it always has. Every answer is checked against the
 * official R4 JSON schema and Medplum's validator (fixture.ts) and read with fhir-kit-client too.
 */
import type { Bundle, DiagnosticReport, Practitioner } from '@medplum/fhirtypes'
import { Client } from 'fhir-kit-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRELIMINARY_NOTE } from '../../../server/domain/studies'
import { skipDatabase } from '../../support/testDatabase'
import { clinician, SECTIONS, type Clinician } from '../reviewSupport'
import { startFhirFixture, type FhirFixture } from './fixture'

/** The names of a report's interpreters, in order, from its contained practitioners. */
function interpreters(report: DiagnosticReport): string[] {
  const contained = (report.contained ?? []).filter(
    (resource): resource is Practitioner => resource.resourceType === 'Practitioner',
  )
  return (report.resultsInterpreter ?? []).map((reference) => {
    const practitioner = contained.find((p) => `#${p.id ?? ''}` === reference.reference)
    expect(practitioner?.name?.[0]?.text).toBe(reference.display)
    return reference.display ?? ''
  })
}

const textOf = (report: DiagnosticReport) =>
  Buffer.from(report.presentedForm?.[0]?.data ?? '', 'base64').toString('utf8')

/** A reading room on a FHIR fixture: a trainee and an attending, and studies to send. */
async function readingRoom(f: FhirFixture) {
  const trainee = await clinician(f.s.t, 'Dr Tess Trainee', ['trainee'])
  const attending = await clinician(f.s.t, 'Dr Atticus Attending')
  const open = [...f.unsigned]
  const sent = async () => {
    const order = open.shift()
    if (!order) throw new Error('no unsigned order left')
    await trainee.save(order.id)
    await trainee.send(order.id)
    return order.id
  }
  return { trainee, attending, sent }
}

describe.skipIf(skipDatabase)('RV-10 RV-11 preliminary reports on the FHIR server', () => {
  let f: FhirFixture
  let kit: Client
  let trainee: Clinician
  let attending: Clinician
  let sent: () => Promise<string>

  beforeAll(async () => {
    f = await startFhirFixture({ env: { HL7_SEND_PRELIMINARY: '1' }, sign: 1 })
    kit = new Client({ baseUrl: f.fhirBase, bearerToken: f.token })
    ;({ trainee, attending, sent } = await readingRoom(f))
  })
  afterAll(() => f.close())

  const report = async (id: string) => {
    const res = await f.get(`/DiagnosticReport/${id}`)
    expect(res.status).toBe(200)
    return res.body as unknown as DiagnosticReport
  }

  it('RV-10 a report sent for review is preliminary: the text the trainee sent, the trainee its interpreter', async () => {
    const id = await sent()
    // The attending's edit since does not go out until they sign.
    await attending.save(id, { ...SECTIONS, impression: 'Edited, not yet signed.' })
    const read = await report(id)
    expect(read.status).toBe('preliminary')
    expect(read.conclusion).toBe(SECTIONS.impression)
    expect(textOf(read)).toContain(PRELIMINARY_NOTE)
    expect(textOf(read)).toContain(SECTIONS.findings)
    expect(textOf(read)).not.toContain('Edited, not yet signed.')
    expect(textOf(read)).toContain('Preliminary by Dr Tess Trainee')
    expect(interpreters(read)).toEqual(['Dr Tess Trainee'])
    expect(read.issued).toBeDefined()
    const viaKit = (await kit.read({
      resourceType: 'DiagnosticReport',
      id,
    })) as unknown as DiagnosticReport
    expect(viaKit.status).toBe('preliminary')

    // Returned, it is still the preliminary read that went out.
    const back = await attending.call('POST', `/orders/${id}/report/return`, { comment: 'Redo.' })
    expect(back.status).toBe(200)
    expect((await report(id)).status).toBe('preliminary')
  })

  it('RV-11 co-signed it is final, the attending first and the trainee second; a plain signature names its signer', async () => {
    const id = await sent()
    expect((await attending.call('POST', `/orders/${id}/report/finalize`)).status).toBe(200)
    const read = await report(id)
    expect(read.status).toBe('final')
    expect(interpreters(read)).toEqual(['Dr Atticus Attending', 'Dr Tess Trainee'])
    expect(textOf(read)).toContain('Preliminary by Dr Tess Trainee; signed by Dr Atticus Attending')
    expect(textOf(read)).not.toContain(PRELIMINARY_NOTE)
    const plain = await report(f.signed[0]!.id)
    expect(interpreters(plain)).toEqual(['Dr Ada Signer'])
  })

  it('RV-10 search by status finds the preliminary reports apart from the final ones', async () => {
    const id = await sent()
    const search = async (status: string) => {
      const bundle = (await kit.search({
        resourceType: 'DiagnosticReport',
        searchParams: { status, _count: 100 },
      })) as unknown as Bundle<DiagnosticReport>
      const res = await f.get(`/DiagnosticReport?status=${status}&_count=100`)
      expect((res.body as unknown as Bundle).total).toBe(bundle.total)
      return (bundle.entry ?? []).map((entry) => entry.resource)
    }
    const preliminary = await search('preliminary')
    expect(preliminary.map((r) => r?.id)).toContain(id)
    expect(preliminary.every((r) => r?.status === 'preliminary')).toBe(true)
    const final = await search('final')
    expect(final.map((r) => r?.id)).not.toContain(id)
    expect(final.every((r) => r?.status === 'final')).toBe(true)
    // A draft never sent is no report to anyone.
    const draft = f.unsigned.at(-1)!
    await trainee.save(draft.id)
    const all = await f.get('/DiagnosticReport?_count=100')
    const ids = ((all.body as unknown as Bundle<DiagnosticReport>).entry ?? []).map(
      (e) => e.resource?.id,
    )
    expect(ids).toContain(id)
    expect(ids).not.toContain(draft.id)
    expect((await f.get(`/DiagnosticReport/${draft.id}`)).status).toBe(404)
  })
})

describe.skipIf(skipDatabase)('RV-10 without HL7_SEND_PRELIMINARY', () => {
  let f: FhirFixture

  beforeAll(async () => {
    f = await startFhirFixture({ sign: 1 })
  })
  afterAll(() => f.close())

  it('RV-10 a report awaiting review stays out of FHIR, by id and by search; co-signed it is final with both', async () => {
    const { attending, sent } = await readingRoom(f)
    const id = await sent()
    expect((await f.get(`/DiagnosticReport/${id}`)).status).toBe(404)
    const found = await f.get('/DiagnosticReport?status=preliminary')
    expect((found.body as unknown as Bundle).total).toBe(0)
    expect((await attending.call('POST', `/orders/${id}/report/finalize`)).status).toBe(200)
    const read = await f.get(`/DiagnosticReport/${id}`)
    expect((read.body as unknown as DiagnosticReport).status).toBe('final')
    expect(interpreters(read.body as unknown as DiagnosticReport)).toEqual([
      'Dr Atticus Attending',
      'Dr Tess Trainee',
    ])
  })
})
