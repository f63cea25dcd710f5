/**
 * Study UIDs from a real DICOMweb archive (issue 17), on PGlite and PostgreSQL: Orthanc with its
 * DICOMweb plugin (tests/support/orthanc.ts) holds a study tagged with a seeded order's
 * accession; the server, pointed at it by DICOMWEB_URL, finds the study's UID when the order is
 * opened, stores it, and the order answers the viewer link (and the live worklist brings it).
 * Skipped, saying so, only where the Debian packages are absent and CI is not set.
 */
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderListSchema, orderSchema, type Order } from '../../contract'
import { findOrthancTools, startOrthanc, type RunningOrthanc } from '../support/orthanc'
import { openStream } from '../support/sse'
import { startTestApp, type TestApp } from '../support/testApp'
import { skipDatabase } from '../support/testDatabase'

const tools = findOrthancTools()
const absent = tools.missing.length > 0 && !process.env.CI
if (absent) {
  console.warn(
    `orthanc.test.ts skipped: the Debian packages ${tools.missing.join(', ')} are not installed (apt-get install -y orthanc orthanc-dicomweb dcmtk; .ci/run installs them, and with CI set their absence fails).`,
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
    archive = await startOrthanc(tools.plugin)
    orthanc = archive
    app = await startTestApp({
      env: { DICOMWEB_URL: archive.dicomweb, VIEWER_URL_TEMPLATE: TEMPLATE },
    })
    t = app
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
})
