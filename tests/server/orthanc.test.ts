/**
 * A real archive, on PGlite and PostgreSQL: Orthanc with its DICOMweb plugin and its Web Viewer
 * (tests/support/orthanc.ts) holds a study tagged with a seeded order's accession. Pointed at it
 * by DICOMWEB_URL, the server finds the study's UID when the order is opened, stores it, and the
 * order answers the viewer link (and the live worklist brings it) (INT-39). With a template
 * naming `{orthanc_series}` and ORTHANC_URL, the link opens Orthanc's Web Viewer on the study's
 * series, whose id Orthanc gave (INT-99). Skipped, saying so, only where the Debian packages are
 * absent and CI is not set.
 */
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderListSchema, orderSchema, type Order } from '../../contract'
import { orders } from '../../server/db/schema'
import { findOrthancTools, startOrthanc, type RunningOrthanc } from '../support/orthanc'
import { openStream } from '../support/sse'
import { startTestApp, type TestApp } from '../support/testApp'
import { skipDatabase } from '../support/testDatabase'

const tools = findOrthancTools()
const absent = tools.missing.length > 0 && !process.env.CI
if (absent) {
  console.warn(
    `orthanc.test.ts skipped: the Debian packages ${tools.missing.join(', ')} are not installed (apt-get install -y orthanc orthanc-dicomweb orthanc-webviewer dcmtk; .ci/run installs them, and with CI set their absence fails).`,
  )
}

const TEMPLATE = 'https://pacs.example/ohif/viewer?StudyInstanceUIDs={study_uid}'

describe.skipIf(skipDatabase || absent)('images: a real DICOMweb archive (Orthanc)', () => {
  let orthanc: RunningOrthanc | undefined
  let t: TestApp | undefined
  let token: string
  let all: Order[]
  // Set in beforeAll; the tests run only after it succeeded.
  let archive: RunningOrthanc
  let app: TestApp

  beforeAll(async () => {
    if (!tools.plugin || tools.missing.length > 0) {
      throw new Error(`CI is set and the Debian packages ${tools.missing.join(', ')} are missing`)
    }
    archive = await startOrthanc(tools.plugin, tools.viewer)
    orthanc = archive
    app = await startTestApp({
      env: { DICOMWEB_URL: archive.dicomweb, VIEWER_URL_TEMPLATE: TEMPLATE },
    })
    t = app
    // The demo's studies carry UIDs (INT-96): these play orders a RIS sent without one.
    await app.db.update(orders).set({ studyInstanceUid: null })
    token = (await app.signUp()).token
    all = orderListSchema.parse((await app.api('GET', '/orders', { token })).json())
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await orthanc?.stop()
  })

  it('INT-39 an order opened without a UID gets it from Orthanc by accession (QIDO-RS), and answers the viewer link', async () => {
    const order = all[0]!
    const other = all[1]!
    const studyUid = `1.2.826.0.1.3680043.8.498.${String(Date.now())}`
    await archive.storeStudy({
      accession: order.accession_number,
      studyUid,
      patientId: order.patient_id,
    })
    await archive.storeStudy({
      accession: other.accession_number,
      studyUid: `${studyUid}9`,
      patientId: other.patient_id,
    })
    // The archive answers the search itself as the server will ask it.
    const qido = await fetch(
      `${archive.dicomweb}/studies?AccessionNumber=${encodeURIComponent(order.accession_number)}`,
      { headers: { accept: 'application/dicom+json' } },
    )
    expect(qido.status).toBe(200)

    await app.app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${String((app.app.server.address() as AddressInfo).port)}`
    const stream = await openStream(base, token)
    try {
      // Opened as the SPA opens a study: its conversation initialized.
      expect((await app.api('POST', `/orders/${order.id}/initialize`, { token })).statusCode).toBe(
        200,
      )
      // The live worklist brings the link to whoever shows the order.
      const event = await stream.next(
        (e) =>
          e.type === 'order.updated' &&
          (JSON.parse(e.data) as { order_id: string }).order_id === order.id,
      )
      const { order: updated } = JSON.parse(event.data) as { order: Order }
      expect(updated).toMatchObject({
        study_instance_uid: studyUid,
        viewer_url: `https://pacs.example/ohif/viewer?StudyInstanceUIDs=${studyUid}`,
      })
    } finally {
      stream.close()
    }
    await app.app.studyUids?.idle()
    const read = orderSchema.parse((await app.api('GET', `/orders/${order.id}`, { token })).json())
    expect(read.viewer_url).toBe(`https://pacs.example/ohif/viewer?StudyInstanceUIDs=${studyUid}`)
    const listed = orderListSchema.parse((await app.api('GET', '/orders', { token })).json())
    expect(listed.find((o) => o.id === order.id)?.study_instance_uid).toBe(studyUid)
    // Only the opened study was looked up: the other one's UID waits for its opening.
    expect(listed.find((o) => o.id === other.id)?.study_instance_uid).toBeNull()
  })

  it('INT-39 an accession the archive does not hold leaves the link out', async () => {
    const order = all[2]!
    await app.api('GET', `/orders/${order.id}`, { token })
    await app.app.studyUids?.idle()
    const read = orderSchema.parse((await app.api('GET', `/orders/${order.id}`, { token })).json())
    expect(read).toMatchObject({ study_instance_uid: null, viewer_url: null })
  })

  it("INT-99 with {orthanc_series}, opening a seeded study links Orthanc's Web Viewer on its series, the id asked of Orthanc; a study found by accession gets it too", async () => {
    const viewer = await startTestApp({
      env: {
        DICOMWEB_URL: archive.dicomweb,
        ORTHANC_URL: archive.base,
        VIEWER_URL_TEMPLATE: `${archive.base}/web-viewer/app/viewer.html?series={orthanc_series}`,
      },
    })
    try {
      const reader = (await viewer.signUp()).token
      const listed = orderListSchema.parse(
        (await viewer.api('GET', '/orders', { token: reader })).json(),
      )
      // A seeded study: its UID is the demo's (INT-96), its image in the archive under it.
      // Orders the INT-39 tests left alone (their accessions are in the archive already).
      const [seeded, bare] = [listed[5]!, listed[6]!]
      const uid = seeded.study_instance_uid!
      expect(seeded.viewer_url).toBeNull() // not looked up yet: a list never asks
      await archive.storeStudy({
        accession: seeded.accession_number,
        studyUid: uid,
        patientId: seeded.patient_id,
      })
      await viewer.api('GET', `/orders/${seeded.id}`, { token: reader })
      await viewer.app.studyUids?.idle()
      const series = await archive.seriesOf(uid)
      const link = `${archive.base}/web-viewer/app/viewer.html?series=${series}`
      const read = orderSchema.parse(
        (await viewer.api('GET', `/orders/${seeded.id}`, { token: reader })).json(),
      )
      expect(read.viewer_url).toBe(link)
      // The link is the viewer's page, and the series it names is the study's, with its image.
      const page = await fetch(link)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('Orthanc Web Viewer')
      const named = (await (await fetch(`${archive.base}/series/${series}`)).json()) as {
        ParentStudy: string
        Instances: string[]
      }
      expect(named.Instances).toHaveLength(1)
      const study = (await (
        await fetch(`${archive.base}/studies/${named.ParentStudy}`)
      ).json()) as {
        MainDicomTags: { StudyInstanceUID: string }
      }
      expect(study.MainDicomTags.StudyInstanceUID).toBe(uid)

      // An order a RIS sent without a UID: the UID by accession (DICOMweb), then its series.
      await viewer.db.update(orders).set({ studyInstanceUid: null }).where(eq(orders.id, bare.id))
      const bareUid = `1.2.826.0.1.3680043.8.498.${String(Date.now())}7`
      await archive.storeStudy({
        accession: bare.accession_number,
        studyUid: bareUid,
        patientId: bare.patient_id,
      })
      await viewer.api('POST', `/orders/${bare.id}/initialize`, { token: reader })
      await viewer.app.studyUids?.idle()
      const found = orderSchema.parse(
        (await viewer.api('GET', `/orders/${bare.id}`, { token: reader })).json(),
      )
      expect(found).toMatchObject({
        study_instance_uid: bareUid,
        viewer_url: `${archive.base}/web-viewer/app/viewer.html?series=${await archive.seriesOf(bareUid)}`,
      })
    } finally {
      await viewer.close()
    }
  }, 120_000)
})
