/**
 * Images (issue 17), on PGlite and PostgreSQL: every order answer carries its study UID and,
 * with VIEWER_URL_TEMPLATE, its viewer link; with DICOMWEB_URL a study opened without a UID gets
 * it from the archive in the background, and an archive that is down, slow or unsure leaves the
 * link out, logs once and never holds the study up. The real archive (Orthanc) is
 * tests/server/orthanc.test.ts; here a stand-in plays the failures on cue.
 */
import type { AddressInfo } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { orderListSchema, orderPageSchema, orderSchema, type Order } from '../../contract'
import { loadConfig } from '../../server/config'
import { orders } from '../../server/db/schema'
import { queryStudyUid } from '../../server/integration/studyUids'
import {
  closedPort,
  startFakeArchive,
  studyEntry,
  type ArchiveAnswer,
  type FakeArchive,
} from '../support/fakeArchive'
import { openStream } from '../support/sse'
import { startTestApp, type TestApp } from '../support/testApp'
import { skipDatabase } from '../support/testDatabase'

const TEMPLATE = 'https://pacs.example/ohif/viewer?StudyInstanceUIDs={study_uid}&acc={accession}'
/** The demo's studies carry UIDs (INT-96); these tests play orders a RIS sent without one. */
const withoutUids = (app: TestApp) => app.db.update(orders).set({ studyInstanceUid: null })
const viewerOf = (uid: string, accession: string) =>
  `https://pacs.example/ohif/viewer?StudyInstanceUIDs=${uid}&acc=${encodeURIComponent(accession)}`

describe('images: settings', () => {
  it('INT-35 a viewer template that is not an http(s) URL, or names an unknown placeholder, stops the server at start-up', () => {
    for (const bad of [
      'javascript:alert(1)//{study_uid}',
      'ftp://pacs.example/{study_uid}',
      'pacs.example/viewer?uid={study_uid}',
      'https://pacs.example/viewer?uid={studyuid}',
    ]) {
      expect(() => loadConfig({ VIEWER_URL_TEMPLATE: bad })).toThrow(/VIEWER_URL_TEMPLATE/)
    }
    expect(() => loadConfig({ DICOMWEB_URL: 'pacs:8042' })).toThrow(/DICOMWEB_URL/)
    const config = loadConfig({
      VIEWER_URL_TEMPLATE: ` ${TEMPLATE} `,
      DICOMWEB_URL: 'http://pacs:8042/dicom-web/',
    })
    expect(config.images).toEqual({
      viewerUrlTemplate: TEMPLATE,
      dicomweb: { url: 'http://pacs:8042/dicom-web', timeoutMs: 2000, missMs: 300_000 },
      orthanc: undefined,
    })
    expect(loadConfig({}).images).toEqual({
      viewerUrlTemplate: undefined,
      dicomweb: undefined,
      orthanc: undefined,
    })
  })
})

describe.skipIf(skipDatabase)('images: viewer links', () => {
  let t: TestApp
  let token: string
  let all: Order[]

  beforeAll(async () => {
    t = await startTestApp({ env: { VIEWER_URL_TEMPLATE: TEMPLATE } })
    await withoutUids(t)
    token = (await t.signUp()).token
    all = orderListSchema.parse((await t.api('GET', '/orders', { token })).json())
  })
  afterAll(() => t.close())

  const setUid = (id: string, uid: string | null) =>
    t.db.update(orders).set({ studyInstanceUid: uid }).where(eq(orders.id, id))
  const list = async () => orderListSchema.parse((await t.api('GET', '/orders', { token })).json())
  const page = async () =>
    orderPageSchema.parse((await t.api('GET', '/orders?limit=500', { token })).json()).items
  const one = async (id: string) =>
    orderSchema.parse((await t.api('GET', `/orders/${id}`, { token })).json())

  it('INT-34 every order answer carries study_instance_uid and a viewer_url only when the template can be filled, URL-encoded', async () => {
    // Without a UID, the link needs one: no link, in every answer.
    expect(all.length).toBeGreaterThan(3)
    for (const order of all)
      expect(order).toMatchObject({ study_instance_uid: null, viewer_url: null })

    const order = all[0]!
    const uid = '1.2.826.0.1.3680043.8.498.1'
    await t.db.update(orders).set({ accessionNumber: 'ACC 7/8&9' }).where(eq(orders.id, order.id))
    await setUid(order.id, uid)
    const expected = { study_instance_uid: uid, viewer_url: viewerOf(uid, 'ACC 7/8&9') }
    expect(expected.viewer_url).toContain('acc=ACC%207%2F8%269')
    // The whole list (kept per version: the write moved it), a page, the single order.
    expect((await list()).find((o) => o.id === order.id)).toMatchObject(expected)
    expect((await page()).find((o) => o.id === order.id)).toMatchObject(expected)
    expect(await one(order.id)).toMatchObject(expected)
    // And back: a UID removed takes the link away from the cached list too.
    await setUid(order.id, null)
    expect((await list()).find((o) => o.id === order.id)).toMatchObject({ viewer_url: null })
  })

  it('INT-34 Next study and the live worklist carry the link too', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`
    const stream = await openStream(base, token)
    try {
      const next = await t.api('POST', '/worklist/next', { token })
      expect(next.statusCode).toBe(200)
      const picked = orderSchema.parse(next.json())
      expect(picked.viewer_url).toBeNull()
      await setUid(picked.id, '1.2.3.4')
      const dataOf = (e: { data: string }) => JSON.parse(e.data) as { order: Order | null }
      const event = await stream.next(
        (e) => e.type === 'order.updated' && dataOf(e).order?.study_instance_uid === '1.2.3.4',
      )
      expect(dataOf(event).order?.viewer_url).toBe(viewerOf('1.2.3.4', picked.accession_number))
    } finally {
      stream.close()
    }
  })

  it('INT-34 without VIEWER_URL_TEMPLATE no order carries viewer_url; a template of {accession} alone links every order', async () => {
    const plain = await startTestApp()
    try {
      const orders = orderListSchema.parse((await plain.api('GET', '/orders')).json())
      for (const order of orders) expect(order).not.toHaveProperty('viewer_url')
    } finally {
      await plain.close()
    }
    const byAccession = await startTestApp({
      env: { VIEWER_URL_TEMPLATE: 'http://viewer.local/open?accession={accession}' },
    })
    try {
      const orders = orderListSchema.parse((await byAccession.api('GET', '/orders')).json())
      for (const order of orders) {
        expect(order.viewer_url).toBe(
          `http://viewer.local/open?accession=${encodeURIComponent(order.accession_number)}`,
        )
      }
    } finally {
      await byAccession.close()
    }
  })
})

describe.skipIf(skipDatabase)('images: study UIDs from the archive', () => {
  let archive: FakeArchive
  let t: TestApp | undefined
  const lines: string[] = []

  beforeAll(async () => {
    archive = await startFakeArchive()
  })
  afterEach(async () => {
    await t?.close()
    t = undefined
    lines.length = 0
    archive.requests.length = 0
  })
  afterAll(() => archive.close())

  async function start(url: string, env: Record<string, string> = {}) {
    const app = await startTestApp({
      env: { VIEWER_URL_TEMPLATE: TEMPLATE, DICOMWEB_URL: url, ...env },
      logger: { level: 'info', stream: { write: (line) => void lines.push(line) } },
    })
    t = app
    await withoutUids(app)
    const token = (await app.signUp()).token
    const all = orderListSchema.parse((await app.api('GET', '/orders', { token })).json())
    return { app, token, all }
  }
  const lookupLines = () =>
    lines
      .map((line) => JSON.parse(line) as { level: number; msg: string; orderId?: string })
      .filter((line) => line.msg.startsWith('study UID lookup'))

  it('INT-36 a study opened without a UID gets it from the archive by accession in the background; lists never ask', async () => {
    const { app, token, all } = await start(archive.url)
    expect(archive.requests).toEqual([]) // the list read asked nothing
    const order = all[2]!
    archive.answer = (accession) =>
      accession === order.accession_number
        ? { status: 200, body: [studyEntry('1.2.840.99.7')] }
        : { status: 200, body: [] }
    const first = orderSchema.parse((await app.api('GET', `/orders/${order.id}`, { token })).json())
    expect(first.viewer_url).toBeNull()
    await app.app.studyUids?.idle()
    expect(archive.requests).toHaveLength(1)
    const [request] = archive.requests
    expect(request?.path).toBe('/dicom-web/studies')
    expect(request?.query.get('AccessionNumber')).toBe(order.accession_number)
    expect(request?.accept).toBe('application/dicom+json')
    const found = orderSchema.parse((await app.api('GET', `/orders/${order.id}`, { token })).json())
    expect(found).toMatchObject({
      study_instance_uid: '1.2.840.99.7',
      viewer_url: viewerOf('1.2.840.99.7', order.accession_number),
    })
    await app.api('POST', `/orders/${order.id}/initialize`, { token })
    await app.app.studyUids?.idle()
    expect(archive.requests).toHaveLength(1) // a study with its UID is not asked about again
    expect(lookupLines()).toEqual([])
  })

  it('INT-36 opening a study (its conversation initialized, as the SPA does) looks its UID up too', async () => {
    const { app, token, all } = await start(archive.url)
    const order = all[3]!
    archive.answer = (accession) =>
      accession === order.accession_number
        ? { status: 200, body: [studyEntry('1.2.840.99.8')] }
        : { status: 200, body: [] }
    const opened = await app.api('POST', `/orders/${order.id}/initialize`, { token })
    expect(opened.statusCode).toBe(200)
    await app.app.studyUids?.idle()
    expect(archive.requests.map((r) => r.query.get('AccessionNumber'))).toEqual([
      order.accession_number,
    ])
    const found = orderSchema.parse((await app.api('GET', `/orders/${order.id}`, { token })).json())
    expect(found.viewer_url).toBe(viewerOf('1.2.840.99.8', order.accession_number))
    // An unknown study opens nothing in the archive (and answers 404 as before).
    expect((await app.api('POST', '/orders/no-such-order/initialize', { token })).statusCode).toBe(
      404,
    )
    await app.app.studyUids?.idle()
    expect(archive.requests).toHaveLength(1)
  })

  it('INT-37 an archive that is down leaves the link out, is logged once with the order id (never the accession), and is not asked again for a while', async () => {
    const { app, token, all } = await start(
      `http://127.0.0.1:${String(await closedPort())}/dicom-web`,
    )
    const order = all[0]!
    for (let i = 0; i < 3; i += 1) {
      const res = await app.api('GET', `/orders/${order.id}`, { token })
      expect(res.statusCode).toBe(200)
      expect(orderSchema.parse(res.json()).viewer_url).toBeNull()
      await app.app.studyUids?.idle()
    }
    const logged = lookupLines()
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({
      orderId: order.id,
      msg: 'study UID lookup failed; no image link',
    })
    expect(lines.join('')).not.toContain(order.accession_number)
    expect(
      orderSchema.parse((await app.api('GET', `/orders/${order.id}`, { token })).json())
        .study_instance_uid,
    ).toBeNull()
  })

  it('INT-38 a slow archive never holds the study up: the order answers while the archive is still silent, and the lookup ends at its timeout, logged once', async () => {
    archive.answer = () => 'hang'
    const { app, token, all } = await start(archive.url, { DICOMWEB_TIMEOUT_MS: '300' })
    const order = all[1]!
    const res = await app.api('GET', `/orders/${order.id}`, { token })
    expect(res.statusCode).toBe(200)
    expect(orderSchema.parse(res.json()).viewer_url).toBeNull()
    // The answer came back with the archive's request still open (a lookup is never awaited).
    await expect.poll(() => archive.requests.length).toBe(1)
    expect(lookupLines()).toEqual([])
    await app.app.studyUids?.idle()
    expect(lookupLines()).toEqual([
      expect.objectContaining({ orderId: order.id, reason: 'timeout', level: 40 }),
    ])
    await app.api('GET', `/orders/${order.id}`, { token })
    await app.app.studyUids?.idle()
    expect(archive.requests).toHaveLength(1)
    expect(lookupLines()).toHaveLength(1)
  })

  it('INT-38 a study the archive answers under another accession (a QIDO-RS wildcard match) is not taken', async () => {
    const { app, token, all } = await start(archive.url)
    const [mixed, foreign] = [all[0]!, all[1]!]
    archive.answer = (accession) => {
      if (accession === mixed.accession_number) {
        return {
          status: 200,
          body: [studyEntry('1.2.5', `${accession}X`), studyEntry('1.2.6', accession)],
        }
      }
      return { status: 200, body: [studyEntry('1.2.7', 'SOMEONE-ELSE')] }
    }
    for (const order of [mixed, foreign]) {
      await app.api('POST', `/orders/${order.id}/initialize`, { token })
    }
    await app.app.studyUids?.idle()
    const read = async (id: string) =>
      orderSchema.parse((await app.api('GET', `/orders/${id}`, { token })).json())
    expect((await read(mixed.id)).study_instance_uid).toBe('1.2.6')
    expect((await read(foreign.id)).study_instance_uid).toBeNull()
    expect(archive.requests[0]?.query.getAll('includefield')).toEqual(['0020000D', '00080050'])
  })

  it('INT-38 an archive answering several studies, none, an error or nonsense gives no link; each is logged once', async () => {
    const { app, token, all } = await start(archive.url)
    const answers: Record<string, ArchiveAnswer> = {
      [all[0]!.accession_number]: { status: 200, body: [studyEntry('1.2.3'), studyEntry('1.2.4')] },
      [all[1]!.accession_number]: { status: 204 },
      [all[2]!.accession_number]: { status: 500, body: { error: 'boom' } },
      [all[3]!.accession_number]: {
        status: 200,
        body: [{ '0020000D': { vr: 'UI', Value: ['<script>'] } }],
      },
    }
    archive.answer = (accession) => answers[accession] ?? { status: 200, body: [] }
    for (const order of all.slice(0, 4)) {
      await app.api('GET', `/orders/${order.id}`, { token })
      await app.api('GET', `/orders/${order.id}`, { token })
      await app.app.studyUids?.idle()
      expect(
        orderSchema.parse((await app.api('GET', `/orders/${order.id}`, { token })).json()),
      ).toMatchObject({ study_instance_uid: null, viewer_url: null })
    }
    expect(lookupLines().map((line) => [line.orderId, line.msg])).toEqual([
      [all[0]!.id, 'study UID lookup: several studies; no image link'],
      [all[1]!.id, 'study UID lookup: no study in the archive yet; no image link'],
      [all[2]!.id, 'study UID lookup failed; no image link'],
      [all[3]!.id, 'study UID lookup failed; no image link'],
    ])
    expect(archive.requests).toHaveLength(4)
  })
})

describe('images: the archive lookup under memory pressure', () => {
  it('INT-38 a silent archive still ends at the timeout while the garbage collector runs throughout the wait', async () => {
    // What the server sees under load: collections during the wait. A deadline whose signal
    // only weak references hold (AbortSignal.any of a timeout) is lost to them, and the
    // lookup then waits forever; this test then fails on vitest's own timeout.
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const archive = await startFakeArchive()
    archive.answer = () => 'hang'
    const collecting = setInterval(gc, 10)
    try {
      // Long enough for the request to reach the archive on a loaded machine (collections every
      // 10 ms slow it down too); what is tested is that the wait after that still ends.
      const config = { url: archive.url, timeoutMs: 2_000, missMs: 0 }
      const found = await queryStudyUid(config, 'ACC-1', fetch, new AbortController().signal)
      expect(found).toEqual({ kind: 'failed', reason: 'timeout' })
      expect(archive.requests).toHaveLength(1)
    } finally {
      clearInterval(collecting)
      await archive.close()
    }
  }, 15_000)
})
