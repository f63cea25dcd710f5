/**
 * Images from an archive's own ids, and redirects refused, on PGlite and PostgreSQL, against a
 * stand-in archive (tests/support/fakeArchive.ts) that plays Orthanc's REST API on cue. INT-97: a
 * VIEWER_URL_TEMPLATE naming `{orthanc_series}` needs ORTHANC_URL; opening a study looks its first
 * series up in the background and the live worklist brings the link. INT-98: an archive that
 * answers a redirect is not followed, and the lookup fails, logged as such. The real Orthanc is
 * tests/server/orthanc.test.ts (INT-99).
 */
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { orderListSchema, orderSchema, type Order } from '../../contract'
import { loadConfig } from '../../server/config'
import { orders } from '../../server/db/schema'
import { startFakeArchive, type ArchiveRequest, type FakeArchive } from '../support/fakeArchive'
import { openStream } from '../support/sse'
import { startTestApp, type TestApp } from '../support/testApp'
import { skipDatabase } from '../support/testDatabase'

const VIEWER = 'https://pacs.example/web-viewer/app/viewer.html?series={orthanc_series}'
const STUDY = '0a1b2c3d-0a1b2c3d-0a1b2c3d-0a1b2c3d-0a1b2c3d'
const FIRST = '11111111-22222222-33333333-44444444-55555555'
const SECOND = '99999999-88888888-77777777-66666666-55555555'

/** Orthanc's answers for one study `uid`: its lookup and its two series (series 2 listed first). */
const orthancOf =
  (uid: string) =>
  (request: ArchiveRequest): { status: number; body?: unknown } | undefined => {
    if (request.method === 'POST' && request.path === '/tools/lookup') {
      return {
        status: 200,
        body: request.body === uid ? [{ ID: STUDY, Path: `/studies/${STUDY}`, Type: 'Study' }] : [],
      }
    }
    if (request.path === `/studies/${STUDY}/series`) {
      return {
        status: 200,
        body: [
          { ID: SECOND, MainDicomTags: { SeriesNumber: '2' } },
          { ID: FIRST, MainDicomTags: { SeriesNumber: '1' } },
        ],
      }
    }
    return undefined
  }

describe('images: the archive-id settings', () => {
  it('INT-97 a template naming {orthanc_series} needs ORTHANC_URL, an http(s) address', () => {
    expect(() => loadConfig({ VIEWER_URL_TEMPLATE: VIEWER })).toThrow(
      /VIEWER_URL_TEMPLATE.*ORTHANC_URL/,
    )
    expect(() => loadConfig({ VIEWER_URL_TEMPLATE: VIEWER, ORTHANC_URL: 'pacs:8042' })).toThrow(
      /ORTHANC_URL/,
    )
    expect(
      loadConfig({ VIEWER_URL_TEMPLATE: VIEWER, ORTHANC_URL: 'http://pacs:8042/' }).images,
    ).toEqual({
      viewerUrlTemplate: VIEWER,
      dicomweb: undefined,
      orthanc: { url: 'http://pacs:8042', timeoutMs: 2000, missMs: 300_000 },
    })
  })
})

describe.skipIf(skipDatabase)('images: ids only the archive knows, and redirects', () => {
  let archive: FakeArchive
  let elsewhere: FakeArchive
  let t: TestApp | undefined
  const lines: string[] = []

  beforeAll(async () => {
    archive = await startFakeArchive()
    elsewhere = await startFakeArchive()
  })
  afterEach(async () => {
    await t?.close()
    t = undefined
    lines.length = 0
    archive.requests.length = 0
    elsewhere.requests.length = 0
  })
  afterAll(async () => {
    await archive.close()
    await elsewhere.close()
  })

  async function start(env: Record<string, string>) {
    const app = await startTestApp({
      env,
      logger: { level: 'info', stream: { write: (line) => void lines.push(line) } },
    })
    t = app
    const token = (await app.signUp()).token
    const all = orderListSchema.parse((await app.api('GET', '/orders', { token })).json())
    return { app, token, all }
  }
  const logged = (prefix: string) =>
    lines
      .map((line) => JSON.parse(line) as { msg: string; orderId?: string; reason?: string })
      .filter((line) => line.msg.startsWith(prefix))

  it('INT-97 opening a seeded study looks its first series up in Orthanc; the live worklist brings the link, and lists never ask', async () => {
    const { app, token, all } = await start({
      VIEWER_URL_TEMPLATE: VIEWER,
      ORTHANC_URL: archive.base,
    })
    const order = all[1]!
    const uid = order.study_instance_uid!
    archive.route = orthancOf(uid)
    expect(order.viewer_url).toBeNull()
    expect(archive.requests).toEqual([]) // the list read asked nothing

    await app.app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${String((app.app.server.address() as AddressInfo).port)}`
    const stream = await openStream(base, token)
    const link = 'https://pacs.example/web-viewer/app/viewer.html?series=' + FIRST
    try {
      expect((await app.api('POST', `/orders/${order.id}/initialize`, { token })).statusCode).toBe(
        200,
      )
      const event = await stream.next(
        (e) =>
          e.type === 'order.updated' &&
          (JSON.parse(e.data) as { order: Order | null }).order?.viewer_url === link,
      )
      expect((JSON.parse(event.data) as { order_id: string }).order_id).toBe(order.id)
    } finally {
      stream.close()
    }
    await app.app.studyUids?.idle()
    expect(archive.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/tools/lookup', uid],
      ['GET', `/studies/${STUDY}/series`, ''],
    ])
    expect(
      orderSchema.parse((await app.api('GET', `/orders/${order.id}`, { token })).json()).viewer_url,
    ).toBe(link)
    const listed = orderListSchema.parse((await app.api('GET', '/orders', { token })).json())
    expect(listed.find((o) => o.id === order.id)?.viewer_url).toBe(link)
    // Known now: opening it again asks nothing.
    await app.api('GET', `/orders/${order.id}`, { token })
    await app.app.studyUids?.idle()
    expect(archive.requests).toHaveLength(2)
    expect(logged('viewer series lookup')).toEqual([])
  })

  it('INT-97 a study Orthanc does not hold gets no link, logged once with the order id', async () => {
    const { app, token, all } = await start({
      VIEWER_URL_TEMPLATE: VIEWER,
      ORTHANC_URL: archive.base,
    })
    archive.route = orthancOf('1.2.3.4.5.6.7.8.9') // another study
    const order = all[2]!
    for (let i = 0; i < 2; i += 1) {
      await app.api('GET', `/orders/${order.id}`, { token })
      await app.app.studyUids?.idle()
    }
    expect(archive.requests).toHaveLength(1)
    expect(
      orderSchema.parse((await app.api('GET', `/orders/${order.id}`, { token })).json()).viewer_url,
    ).toBeNull()
    expect(logged('viewer series lookup')).toEqual([expect.objectContaining({ orderId: order.id })])
  })

  it('INT-98 an archive answering a redirect is not followed: the other host is never asked, and the lookup fails, logged as a refused redirect', async () => {
    const redirect = { status: 302, headers: { location: `${elsewhere.base}/tools/lookup` } }
    archive.route = () => redirect
    archive.answer = () => ({ ...redirect, headers: { location: `${elsewhere.url}/studies` } })
    elsewhere.route = orthancOf('anything')
    const { app, token, all } = await start({
      VIEWER_URL_TEMPLATE: VIEWER,
      ORTHANC_URL: archive.base,
      DICOMWEB_URL: archive.url,
    })
    const seeded = all[3]!
    const bare = all[4]!
    await app.db.update(orders).set({ studyInstanceUid: null }).where(eq(orders.id, bare.id))
    await app.api('GET', `/orders/${seeded.id}`, { token }) // its series (Orthanc REST)
    await app.api('GET', `/orders/${bare.id}`, { token }) // its UID (DICOMweb)
    await app.app.studyUids?.idle()
    expect(archive.requests.map((r) => r.path).sort()).toEqual([
      '/dicom-web/studies',
      '/tools/lookup',
    ])
    expect(elsewhere.requests).toEqual([])
    const refused = 'redirect refused (HTTP 302): archive lookups follow no redirects'
    expect(logged('viewer series lookup')).toEqual([
      expect.objectContaining({ orderId: seeded.id, reason: refused }),
    ])
    expect(logged('study UID lookup')).toEqual([
      expect.objectContaining({ orderId: bare.id, reason: refused }),
    ])
    for (const order of [seeded, bare]) {
      const read = orderSchema.parse(
        (await app.api('GET', `/orders/${order.id}`, { token })).json(),
      )
      expect(read.viewer_url).toBeNull()
    }
  })
})
