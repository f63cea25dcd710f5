/**
 * Searching the FHIR server over a real socket, on PGlite and PostgreSQL: each resource type by
 * its parameters, `_lastUpdated` with its prefixes, and searchset paging whose links two FHIR
 * client libraries follow (fhir-kit-client's nextPage, MedplumClient). Every answer is checked
 * against the official R4 JSON schema and Medplum's R4 validator (fixture.ts).
 */
import { MedplumClient } from '@medplum/core'
import type { Bundle, DiagnosticReport, Resource } from '@medplum/fhirtypes'
import { Client } from 'fhir-kit-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectValidFhir } from '../../support/fhirValidator'
import { skipDatabase } from '../../support/testDatabase'
import { mrnOf, setInterfaceFields, startFhirFixture, type FhirFixture } from './fixture'

const UID = '1.2.826.0.1.3680043.8.498.67890'

const idsOf = (bundle: Bundle) => (bundle.entry ?? []).map((entry) => entry.resource?.id)

describe.skipIf(skipDatabase)('FHIR search', () => {
  let f: FhirFixture
  let kit: Client

  const search = async (path: string) => {
    const res = await f.get(path)
    expect(res.status, path).toBe(200)
    const bundle = res.body as unknown as Bundle
    expect(bundle.type).toBe('searchset')
    return bundle
  }

  beforeAll(async () => {
    f = await startFhirFixture({ sign: 5 })
    kit = new Client({ baseUrl: f.fhirBase, bearerToken: f.token })
    await setInterfaceFields(f, f.signed[0]!, {
      studyInstanceUid: UID,
      mrnAuthority: '&1.2.3.4.5&ISO',
    })
    const text = 'Addendum: measured again.'
    const added = await f.s.t.api('POST', `/orders/${f.signed[1]!.id}/report/addenda`, {
      token: f.token,
      body: { text },
    })
    expect(added.statusCode).toBe(201)
  }, 120_000)
  afterAll(() => f.close())

  it('INT-80 DiagnosticReport is found by patient, subject:identifier, based-on, status and identifier; repeated parameters must all match', async () => {
    const order = f.signed[0]!
    const mrn = await mrnOf(f, order)
    const mine = [order.id]
    const byPatient = await search(`/DiagnosticReport?patient=Patient/${order.patient_id}`)
    expect(idsOf(byPatient)).toEqual(expect.arrayContaining(mine))
    expect(
      (byPatient.entry ?? []).every(
        (entry) =>
          (entry.resource as DiagnosticReport).subject?.reference === `Patient/${order.patient_id}`,
      ),
    ).toBe(true)
    expect(idsOf(await search(`/DiagnosticReport?subject=${order.patient_id}`))).toEqual(
      idsOf(byPatient),
    )
    const withSystem = `urn:oid:1.2.3.4.5|${mrn}`
    expect(
      idsOf(await search(`/DiagnosticReport?subject:identifier=${encodeURIComponent(withSystem)}`)),
    ).toEqual(idsOf(byPatient))
    expect(idsOf(await search(`/DiagnosticReport?subject:identifier=${mrn}`))).toEqual(
      idsOf(byPatient),
    )
    // The MRN under another authority is another patient: none.
    expect(
      (
        await search(
          `/DiagnosticReport?subject:identifier=${encodeURIComponent(`urn:oid:9.9|${mrn}`)}`,
        )
      ).total,
    ).toBe(0)
    expect(idsOf(await search(`/DiagnosticReport?based-on=ServiceRequest/${order.id}`))).toEqual(
      mine,
    )
    expect(idsOf(await search(`/DiagnosticReport?identifier=${order.accession_number}`))).toEqual(
      mine,
    )

    const appended = await search('/DiagnosticReport?status=appended')
    expect(idsOf(appended)).toEqual([f.signed[1]!.id])
    const final = await search('/DiagnosticReport?status=final')
    expect(idsOf(final)).not.toContain(f.signed[1]!.id)
    expect((await search('/DiagnosticReport?status=final,appended')).total).toBe(5)
    expect((await search('/DiagnosticReport?status=preliminary')).total).toBe(0)
    expect((await f.get('/DiagnosticReport?status=signed')).status).toBe(400)
    // AND: two different orders at once match none; OR: a comma matches both.
    const two = `${f.signed[0]!.id},${f.signed[2]!.id}`
    expect((await search(`/DiagnosticReport?based-on=${two}`)).total).toBe(2)
    expect(
      (await search(`/DiagnosticReport?based-on=${f.signed[0]!.id}&based-on=${f.signed[2]!.id}`))
        .total,
    ).toBe(0)
  })

  it('INT-92 ServiceRequest by patient, identifier and status; Patient by identifier; ImagingStudy by its UID', async () => {
    const order = f.signed[0]!
    const byAccession = await search(`/ServiceRequest?identifier=${order.accession_number}`)
    expect(idsOf(byAccession)).toEqual([order.id])
    const ofPatient = await search(`/ServiceRequest?patient=${order.patient_id}&_count=100`)
    expect(idsOf(ofPatient)).toContain(order.id)
    const completed = await search('/ServiceRequest?status=completed&_count=100')
    expect(idsOf(completed).sort()).toEqual(f.signed.map((o) => o.id).sort())
    const active = await search(`/ServiceRequest?status=active&_id=${f.unsigned[0]!.id}`)
    expect(idsOf(active)).toEqual([f.unsigned[0]!.id])

    const mrn = await mrnOf(f, order)
    expect(idsOf(await search(`/Patient?identifier=${mrn}`))).toEqual([order.patient_id])
    expect(
      idsOf(await search(`/Patient?identifier=${encodeURIComponent(`urn:oid:1.2.3.4.5|${mrn}`)}`)),
    ).toEqual([order.patient_id])
    expect(
      (await search(`/Patient?identifier=${encodeURIComponent(`urn:other|${mrn}`)}`)).total,
    ).toBe(0)

    const uid = encodeURIComponent(`urn:dicom:uid|urn:oid:${UID}`)
    expect(idsOf(await search(`/ImagingStudy?identifier=${uid}`))).toEqual([order.id])
    expect(idsOf(await search(`/ImagingStudy?basedon=ServiceRequest/${order.id}`))).toEqual([
      order.id,
    ])
  })

  it('INT-81 _lastUpdated finds reports by their last change with eq, ge, gt, le and lt', async () => {
    const all = await search('/DiagnosticReport?_count=100')
    const stamps = (all.entry ?? []).map((entry) => ({
      id: entry.resource?.id,
      at: (entry.resource as Resource).meta?.lastUpdated ?? '',
    }))
    expect(stamps).toHaveLength(5)
    const sorted = [...stamps].sort((a, b) => a.at.localeCompare(b.at))
    const middle = sorted[2]!
    const q = (prefix: string) =>
      search(`/DiagnosticReport?_count=100&_lastUpdated=${prefix}${encodeURIComponent(middle.at)}`)
    const expected = (keep: (at: string) => boolean) =>
      stamps
        .filter((s) => keep(s.at))
        .map((s) => s.id)
        .sort()
    expect(idsOf(await q('ge')).sort()).toEqual(expected((at) => at >= middle.at))
    expect(idsOf(await q('gt')).sort()).toEqual(expected((at) => at > middle.at))
    expect(idsOf(await q('le')).sort()).toEqual(expected((at) => at <= middle.at))
    expect(idsOf(await q('lt')).sort()).toEqual(expected((at) => at < middle.at))
    expect(idsOf(await q('')).sort()).toEqual(expected((at) => at === middle.at))
    // A day's precision: the whole day.
    const day = middle.at.slice(0, 10)
    expect((await search(`/DiagnosticReport?_lastUpdated=${day}`)).total).toBe(
      stamps.filter((s) => s.at.startsWith(day)).length,
    )
    expect((await search('/DiagnosticReport?_lastUpdated=lt2000-01-01')).total).toBe(0)
    // Two bounds: a range.
    const range = `_lastUpdated=ge${encodeURIComponent(sorted[1]!.at)}&_lastUpdated=le${encodeURIComponent(sorted[3]!.at)}`
    expect((await search(`/DiagnosticReport?${range}`)).total).toBe(
      stamps.filter((s) => s.at >= sorted[1]!.at && s.at <= sorted[3]!.at).length,
    )
  })

  it('INT-82 _count pages a search: self, first, next and previous links work, and both client libraries follow next to the end', async () => {
    const first = await search('/DiagnosticReport?status=final,appended&_count=2')
    expect(first.total).toBe(5)
    expect(first.entry).toHaveLength(2)
    const link = (bundle: Bundle, relation: string) =>
      bundle.link?.find((l) => l.relation === relation)?.url
    expect(link(first, 'previous')).toBeUndefined()
    expect(link(first, 'self')).toContain('status=final%2Cappended')
    const second = await search(link(first, 'next')!)
    expect(second.entry).toHaveLength(2)
    const back = await search(link(second, 'previous')!)
    expect(idsOf(back)).toEqual(idsOf(first))

    // fhir-kit-client: nextPage until there is none.
    const seen: (string | undefined)[] = []
    let page = (await kit.search({
      resourceType: 'DiagnosticReport',
      searchParams: { _count: 2 },
    })) as unknown as Bundle
    for (;;) {
      expectValidFhir(page)
      seen.push(...idsOf(page))
      const next = kit.nextPage({ bundle: page as never })
      if (!next) break
      page = (await next) as unknown as Bundle
    }
    expect(seen).toHaveLength(5)
    expect(new Set(seen).size).toBe(5)

    // MedplumClient: a search, then each next link.
    const medplum = new MedplumClient({ baseUrl: `${f.s.base}/`, fhirUrlPath: 'fhir', fetch })
    medplum.setAccessToken(f.token)
    const viaMedplum: (string | undefined)[] = []
    let bundle: Bundle = await medplum.search(
      'DiagnosticReport',
      { _count: '2' },
      { cache: 'no-cache' },
    )
    for (;;) {
      expectValidFhir(bundle)
      viaMedplum.push(...idsOf(bundle))
      const next = link(bundle, 'next')
      if (!next) break
      bundle = await medplum.get<Bundle>(next, { cache: 'no-cache' })
    }
    expect(viaMedplum).toEqual(seen)
    // _count=0: the total alone.
    const count = await search('/DiagnosticReport?_count=0')
    expect(count.total).toBe(5)
    expect(count.entry).toEqual([])
  })
})
