/**
 * PATCH /follow-ups/{id} (FU-15..FU-17): a colleague completes (naming the order that fulfilled
 * it, or not) or declines an open or overdue follow-up with a reason; a closed one is a 409
 * `follow_up_closed`; a named order must exist (404) and be the patient's own (400); of two
 * colleagues at once exactly one wins, proven with parallel requests on PostgreSQL's pool. On
 * PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorSchema, FOLLOW_UP_CLOSED_ERROR, followUpSchema } from '../../../contract'
import { listAuditEvents } from '../../../server/repo/audit'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'
import {
  clinician,
  type Clinician,
  confirmed,
  rowsOfOrder,
  signed,
  studiesOfDistinctPatients,
  testClock,
} from './support'

describe.skipIf(skipDatabase)('closing a follow-up by hand', () => {
  let t: TestApp
  let ada: Clinician
  let ben: Clinician
  let take: () => string
  const clock = testClock('2026-11-24T10:00:00Z')

  /** A signed study's follow-up: its id, and the study's. */
  const tracked = async (item = confirmed()) => {
    const orderId = take()
    await signed(ada, orderId, undefined, { follow_ups: [item] })
    const [row] = await rowsOfOrder(t, orderId)
    return { id: row?.id ?? '', orderId }
  }
  const patch = (who: Clinician, id: string, body: unknown) =>
    who.call('PATCH', `/follow-ups/${id}`, body)

  beforeAll(async () => {
    t = await startTestApp({ now: clock.now })
    ada = await clinician(t, clock, 'Dr Ada Signer')
    ben = await clinician(t, clock, 'Dr Ben Colleague', ['trainee'])
    take = await studiesOfDistinctPatients(t)
  })
  afterAll(() => t.close())

  it('FU-15 FU-41 a colleague completes or declines an open or overdue follow-up with a reason, audited by id; closing it again is a 409', async () => {
    const overdue = await tracked(confirmed({ due_from: '2026-10-01', due_to: '2026-11-01' }))
    const res = await patch(ben, overdue.id, {
      status: 'completed',
      reason: 'Done at the outside hospital on 2026-11-02.',
      order_id: overdue.orderId,
    })
    expect(res.status, JSON.stringify(res.json())).toBe(200)
    expect(followUpSchema.parse(res.json())).toMatchObject({
      id: overdue.id,
      status: 'completed',
      resolution: {
        status: 'completed',
        by: { user_id: ben.userId, name: 'Dr Ben Colleague' },
        at: '2026-11-24T10:00:00.000Z',
        reason: 'Done at the outside hospital on 2026-11-02.',
        order_id: overdue.orderId,
        // FU-41: the order named, by its accession number.
        accession_number: (await ada.order(overdue.orderId)).accession_number,
      },
    })
    const again = await patch(ada, overdue.id, { status: 'declined', reason: 'Patient declined.' })
    expect(again.status).toBe(409)
    expect(errorSchema.parse(again.json()).error).toBe(FOLLOW_UP_CLOSED_ERROR)

    const open = await tracked()
    const declined = await patch(ada, open.id, { status: 'declined', reason: 'Patient declined.' })
    expect(followUpSchema.parse(declined.json())).toMatchObject({
      status: 'declined',
      resolution: {
        status: 'declined',
        reason: 'Patient declined.',
        order_id: null,
        accession_number: null,
      },
    })
    const events = (await listAuditEvents(t.db, { orderId: overdue.orderId })).concat(
      await listAuditEvents(t.db, { orderId: open.orderId }),
    )
    const closes = events.filter((event) => event.kind.startsWith('follow_up_'))
    expect(closes.map((event) => [event.kind, event.user_id, event.detail])).toEqual([
      ['follow_up_created', ada.userId, { follow_up_id: overdue.id }],
      ['follow_up_completed', ben.userId, { follow_up_id: overdue.id, order_id: overdue.orderId }],
      ['follow_up_created', ada.userId, { follow_up_id: open.id }],
      ['follow_up_declined', ada.userId, { follow_up_id: open.id }],
    ])
  })

  it("FU-16 a named order must exist (404) and be the patient's own (400); a bad body or an unknown follow-up is refused, and nothing changes", async () => {
    const item = await tracked()
    const other = take()
    const refusals: [unknown, number][] = [
      [{ status: 'completed', reason: 'Done.', order_id: 'no-such-order' }, 404],
      [{ status: 'completed', reason: 'Done.', order_id: other }, 400],
      [{ status: 'open', reason: 'Reopened.' }, 400],
      [{ status: 'overdue', reason: 'Late.' }, 400],
      [{ status: 'completed', reason: '   ' }, 400],
      [{ status: 'completed' }, 400],
      [{ status: 'completed', reason: 'x'.repeat(501) }, 400],
      [{ status: 'completed', reason: 'Done.', extra: true }, 400],
      [['completed'], 400],
    ]
    for (const [body, status] of refusals) {
      const res = await patch(ada, item.id, body)
      expect(res.status, JSON.stringify(body)).toBe(status)
      expect(errorSchema.safeParse(res.json()).success).toBe(true)
    }
    const foreign = await patch(ada, item.id, {
      status: 'completed',
      reason: 'Done.',
      order_id: other,
    })
    expect(errorSchema.parse(foreign.json()).message).toContain("another patient's")
    const missing = await patch(ada, 'no-such-follow-up', { status: 'declined', reason: 'No.' })
    expect(missing.status).toBe(404)
    expect((await rowsOfOrder(t, item.orderId))[0]?.status).toBe('open')
  })

  it('FU-17 two colleagues closing one follow-up at once: exactly one wins, the other is told it is closed', async () => {
    for (let round = 0; round < 3; round++) {
      const item = await tracked()
      const answers = await Promise.all([
        patch(ada, item.id, { status: 'completed', reason: 'Done here.' }),
        patch(ben, item.id, { status: 'declined', reason: 'Patient moved away.' }),
      ])
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409])
      const [row] = await rowsOfOrder(t, item.orderId)
      const winner = answers.find((res) => res.status === 200)
      expect(row?.status).toBe(followUpSchema.parse(winner?.json()).status)
      const closes = (await listAuditEvents(t.db, { orderId: item.orderId })).filter((event) =>
        ['follow_up_completed', 'follow_up_declined'].includes(event.kind),
      )
      expect(closes).toHaveLength(1)
    }
  })
})
