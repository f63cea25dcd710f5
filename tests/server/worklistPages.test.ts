/**
 * SC-3: pages of the worklist. Keyset pages in the worklist's order (priority, then longest
 * waiting, then insertion), with filters and a total, answered as {items, next_cursor, total};
 * the whole list without parameters stays the spec's bare array.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderListSchema, orderPageSchema, type Order, type OrderPage } from '../../contract'
import { addSyntheticOrders } from '../../server/seed/seed'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

const RANK = { stat: 0, urgent: 1, routine: 2 } as const
const sections = {
  history: 'Cough.',
  technique: 'PA and lateral.',
  comparison: 'None.',
  findings: 'Clear lungs.',
  impression: 'Normal.',
}

describe.skipIf(skipDatabase)('worklist pages', () => {
  let t: TestApp
  let whole: Order[]

  beforeAll(async () => {
    t = await startTestApp({ now: () => new Date('2026-11-21T08:00:00Z') })
    await t.signUp()
    await addSyntheticOrders(t.db, 240, { now: new Date('2026-11-20T09:00:00Z') })
    whole = orderListSchema.parse((await t.api('GET', '/orders')).json())
    // One study in progress, one signed.
    await t.api('POST', `/orders/${whole[3]!.id}/messages`, { body: { content: 'Findings?' } })
    await t.api('PUT', `/orders/${whole[4]!.id}/report`, { body: { sections } })
    await t.api('POST', `/orders/${whole[4]!.id}/report/finalize`)
    whole = orderListSchema.parse((await t.api('GET', '/orders')).json())
  })
  afterAll(() => t.close())

  const page = async (query: string): Promise<OrderPage> => {
    const res = await t.api('GET', `/orders?${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return orderPageSchema.parse(res.json())
  }

  /** Every page of a query, following next_cursor. */
  const walk = async (query: string): Promise<{ items: Order[]; totals: number[] }> => {
    const items: Order[] = []
    const totals: number[] = []
    let cursor: string | null = null
    do {
      const p: OrderPage = await page(
        `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      )
      items.push(...p.items)
      totals.push(p.total)
      cursor = p.next_cursor
    } while (cursor)
    return { items, totals }
  }

  const inWorklistOrder = (list: Order[]) =>
    list
      .map((order, index) => ({ order, index }))
      .sort(
        (a, b) =>
          RANK[a.order.priority] - RANK[b.order.priority] ||
          a.order.ordered_at.localeCompare(b.order.ordered_at) ||
          a.index - b.index,
      )
      .map(({ order }) => order)

  it('SC-3 pages hold the whole worklist once each, in its order, with the same total on every page', async () => {
    const { items, totals } = await walk('limit=37')
    expect(items.map((o) => o.id)).toEqual(inWorklistOrder(whole).map((o) => o.id))
    expect(new Set(totals)).toEqual(new Set([whole.length]))
    // Each page is exactly what the single-order answer says of its orders.
    const first = items[0]!
    expect(first).toEqual((await t.api('GET', `/orders/${first.id}`)).json())
  })

  it('SC-3 a page of the default size, and the last page without a cursor', async () => {
    const p = await page('limit=100')
    expect(p.items).toHaveLength(Math.min(100, whole.length))
    const last = await page(`limit=${String(whole.length)}`)
    expect(last.next_cursor).toBeNull()
  })

  it('SC-3 filters: priorities, modality in any letter case, status in progress or final', async () => {
    const stat = await walk('priority=stat,urgent&limit=50')
    expect(stat.items.map((o) => o.id)).toEqual(
      inWorklistOrder(whole.filter((o) => o.priority !== 'routine')).map((o) => o.id),
    )
    const modality = whole[10]!.modality
    const byModality = await walk(`modality=${modality.toLowerCase()}&limit=50`)
    expect(byModality.items.length).toBeGreaterThan(0)
    expect(byModality.items.every((o) => o.modality === modality)).toBe(true)
    expect(byModality.totals[0]).toBe(whole.filter((o) => o.modality === modality).length)
    const active = await page('status=in_progress')
    expect(active.items.map((o) => o.id)).toEqual(
      inWorklistOrder(whole.filter((o) => o.status === 'in_progress')).map((o) => o.id),
    )
    const final = await page('status=final')
    expect(final.items.map((o) => o.id)).toEqual([whole[4]!.id])
  })

  it('SC-3 q: every word must appear in the name, MRN, accession, modality, body part or description', async () => {
    const target = whole[20]!
    const byName = await walk(
      `q=${encodeURIComponent(`${target.patient.last_name.toUpperCase()} ${target.patient.first_name}`)}&limit=50`,
    )
    expect(byName.items.map((o) => o.id)).toContain(target.id)
    expect(
      byName.items.every(
        (o) =>
          o.patient.last_name === target.patient.last_name &&
          o.patient.first_name === target.patient.first_name,
      ),
    ).toBe(true)
    const byAccession = await page(`q=${encodeURIComponent(target.accession_number)}`)
    expect(byAccession.items.map((o) => o.id)).toEqual([target.id])
    const byWords = await walk(
      `q=${encodeURIComponent(`${target.modality} ${target.body_part}`)}&limit=100`,
    )
    expect(byWords.items.map((o) => o.id)).toContain(target.id)
    // A percent sign or an underscore is a character, not a wildcard.
    expect((await page('q=%25')).total).toBe(0)
    expect((await page('q=_')).total).toBe(0)
  })

  it('SC-3 no parameter, or only unknown ones, answers the whole worklist as the spec does', async () => {
    const res = await t.api('GET', '/orders?_=1')
    expect(Array.isArray(res.json())).toBe(true)
  })

  it('SC-3 a cursor not made by the server, a limit out of range or a bad priority is a 400', async () => {
    for (const query of [
      'cursor=nonsense',
      `cursor=${Buffer.from('[0,"x",1]').toString('base64url')}`,
      'limit=0',
      'limit=501',
      'limit=ten',
      'priority=soon',
      'q=%00',
    ]) {
      const res = await t.api('GET', `/orders?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json<{ error: string }>().error, query).toBeTruthy()
    }
  })
})
