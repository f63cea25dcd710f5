/**
 * 'Awaiting my review' (RV-4) over HTTP: GET /orders?review=awaiting_mine lists the orders whose
 * preliminary report awaits review and was sent by someone else, whole or paged and with the other
 * filters, read for each caller (the whole worklist's cache never answers it); and the live
 * worklist hears every step of the review with the order as it now is (RV-3). On PGlite and
 * PostgreSQL.
 */
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderListSchema, orderPageSchema, orderSchema } from '../../contract'
import { freshStudies } from '../support/freshStudies'
import { openStream, type TestStream } from '../support/sse'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'
import { clinician, type Clinician } from './reviewSupport'

describe.skipIf(skipDatabase)('RV-4 the worklist of reports awaiting review', () => {
  let t: TestApp
  let trainee: Clinician
  let attending: Clinician
  /** A radiologist who is also a trainee, and sends reports for review too. */
  let fellow: Clinician
  let byTrainee: string
  let byFellow: string
  let returned: string
  let take: () => string
  const streams: TestStream[] = []

  const ids = async (who: Clinician, query: string) => {
    const res = await who.call('GET', `/orders?${query}`)
    expect(res.status).toBe(200)
    return orderListSchema.parse(res.json()).map((order) => order.id)
  }
  const pageIds = async (who: Clinician, query: string) => {
    const res = await who.call('GET', `/orders?${query}`)
    expect(res.status).toBe(200)
    return orderPageSchema.parse(res.json())
  }

  beforeAll(async () => {
    t = await startTestApp()
    await clinician(t, 'Dr Ann Admin', ['admin', 'radiologist'])
    trainee = await clinician(t, 'Dr Tess Trainee', ['trainee'])
    attending = await clinician(t, 'Dr Atticus Attending')
    fellow = await clinician(t, 'Dr Fay Fellow', ['radiologist', 'trainee'])
    take = await freshStudies(t, attending.token)
    byTrainee = take()
    byFellow = take()
    returned = take()
    for (const [who, id] of [
      [trainee, byTrainee],
      [fellow, byFellow],
      [trainee, returned],
    ] as const) {
      await who.save(id)
      await who.send(id)
    }
    const back = await attending.call('POST', `/orders/${returned}/report/return`, {
      comment: 'Add the comparison.',
    })
    expect(back.status).toBe(200)
    await t.app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    for (const stream of streams) stream.close()
    t.app.server.closeAllConnections()
    await t.close()
  })

  it('RV-4 review=awaiting_mine lists what awaits the caller, never what they sent, whole and paged', async () => {
    // The whole worklist first, so its cache holds everyone's list.
    expect((await ids(attending, '')).length).toBeGreaterThan(10)
    expect(await ids(attending, 'review=awaiting_mine')).toEqual([byTrainee, byFellow])
    expect(await ids(fellow, 'review=awaiting_mine')).toEqual([byTrainee])
    expect(await ids(trainee, 'review=awaiting_mine')).toEqual([byFellow])
    // The whole worklist is still everyone's.
    expect((await ids(attending, '')).length).toBeGreaterThan(10)

    const paged = await pageIds(attending, 'review=awaiting_mine&limit=1')
    expect(paged.items.map((o) => o.id)).toEqual([byTrainee])
    expect(paged.total).toBe(2)
    const next = await pageIds(
      attending,
      `review=awaiting_mine&limit=1&cursor=${paged.next_cursor}`,
    )
    expect(next.items.map((o) => o.id)).toEqual([byFellow])
    expect(next.next_cursor).toBeNull()
    const fellowPage = await pageIds(fellow, 'review=awaiting_mine&limit=50')
    expect(fellowPage.items.map((o) => o.id)).toEqual([byTrainee])
    expect(fellowPage.total).toBe(1)
  })

  it('RV-4 the filter takes the other filters with it, and refuses a value it does not know', async () => {
    const order = await attending.order(byTrainee)
    const other = order.priority === 'stat' ? 'routine' : 'stat'
    const same = await pageIds(attending, `review=awaiting_mine&priority=${order.priority}`)
    expect(same.items.map((o) => o.id)).toContain(byTrainee)
    const none = await pageIds(
      attending,
      `review=awaiting_mine&priority=${other}&q=${order.accession_number}`,
    )
    expect(none.items).toEqual([])
    const searched = await pageIds(attending, `review=awaiting_mine&q=${order.accession_number}`)
    expect(searched.items.map((o) => o.id)).toEqual([byTrainee])
    expect((await attending.call('GET', '/orders?review=everything')).status).toBe(400)
  })

  it('RV-3 the live worklist hears each step of the review with the order as it now is', async () => {
    const base = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`
    const stream = await openStream(base, attending.token)
    streams.push(stream)
    await stream.next((event) => event.type === 'ready')
    const id = take()
    const stateOf = async () => {
      const event = await stream.next(
        (e) => (JSON.parse(e.data) as { order_id?: string }).order_id === id && e.type !== 'ready',
      )
      const order = orderSchema.parse((JSON.parse(event.data) as { order: unknown }).order)
      return order.report?.preliminary?.state ?? null
    }
    await trainee.save(id)
    expect(await stateOf()).toBeNull()
    await trainee.send(id)
    expect(await stateOf()).toBe('awaiting_review')
    await attending.call('POST', `/orders/${id}/report/return`, { comment: 'Shorter.' })
    expect(await stateOf()).toBe('returned')
    await trainee.send(id)
    expect(await stateOf()).toBe('awaiting_review')
    await attending.call('POST', `/orders/${id}/report/finalize`)
    expect(await stateOf()).toBe('signed')
  })
})
