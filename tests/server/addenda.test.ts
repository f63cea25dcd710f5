/**
 * Addenda to a final report (POST /orders/{id}/report/addenda), and clearing the conversation:
 * a final report, its addenda and its revisions always survive it (CL-3); a draft does not.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addendumSchema,
  errorSchema,
  FINAL_STATUS,
  LIMITS,
  messageListSchema,
  orderListSchema,
  orderSchema,
  reportRevisionListSchema,
  reportSchema,
  routes,
  type Order,
  type ReportSections,
} from '../../contract'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const SECTIONS: ReportSections = {
  history: 'Cough.',
  technique: 'CT chest with contrast.',
  comparison: 'None.',
  findings: 'No nodule.',
  impression: 'Normal chest CT.',
}

interface Harness {
  t: TestApp
  token: string
  userId: string
  freshOrder(): string
}

async function harness(env: Record<string, string> = {}): Promise<Harness> {
  const t = await startTestApp({ env })
  const { token, userId } = await t.signUp(undefined, 'Dr Ada Reader')
  const orders = orderListSchema
    .parse((await t.api('GET', '/orders', { token })).json())
    .filter((order) => order.report === null)
  let next = 0
  return {
    t,
    token,
    userId,
    freshOrder() {
      const order = orders[next++]
      if (!order) throw new Error('the seed has run out of studies')
      return order.id
    },
  }
}

function helpers(h: () => Harness) {
  const api = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    h().t.api(method, path, { token: h().token, ...(body === undefined ? {} : { body }) })
  return {
    api,
    addendum: (id: string, text: string) => api('POST', `/orders/${id}/report/addenda`, { text }),
    getOrder: async (id: string) => orderSchema.parse((await api('GET', `/orders/${id}`)).json()),
    finalReport: async (id: string) => {
      expect((await api('PUT', `/orders/${id}/report`, { sections: SECTIONS })).statusCode).toBe(
        200,
      )
      const res = await api('POST', `/orders/${id}/report/finalize`)
      expect(res.statusCode).toBe(200)
      return reportSchema.parse(res.json())
    },
    revisions: async (id: string) =>
      reportRevisionListSchema.parse((await api('GET', `/orders/${id}/report/revisions`)).json()),
  }
}

describe.skipIf(skipDatabase)('addenda', () => {
  let h: Harness
  const { api, addendum, getOrder, finalReport, revisions } = helpers(() => h)

  beforeAll(async () => {
    h = await harness()
  })
  afterAll(() => h.t.close())

  it('an addendum to a final report answers 201 with its author, and the report carries it', async () => {
    const id = h.freshOrder()
    const final = await finalReport(id)

    const res = await addendum(id, '  Correction: the nodule measures 5 mm.  ')

    expect(res.statusCode).toBe(201)
    const added = addendumSchema.parse(res.json())
    expect(added).toMatchObject({
      text: 'Correction: the nodule measures 5 mm.',
      author: { user_id: h.userId, name: 'Dr Ada Reader' },
    })
    const report = (await getOrder(id)).report
    expect(report?.addenda).toEqual([added])
    expect(report?.sections).toEqual(final.sections)
    expect(report?.finalized_by).toEqual(final.finalized_by)
    // The report's version moves on: what it answers has changed.
    expect(report?.updated_at).not.toBe(final.updated_at)
    const [latest] = await revisions(id)
    expect(latest).toMatchObject({
      cause: 'addendum',
      author: { kind: 'user', user_id: h.userId },
      sections: SECTIONS,
      sections_changed: [],
    })
  })

  it('addenda are listed oldest first in GET order and in the worklist', async () => {
    const id = h.freshOrder()
    await finalReport(id)
    const first = addendumSchema.parse((await addendum(id, 'First addendum.')).json())
    const second = addendumSchema.parse((await addendum(id, 'Second addendum.')).json())

    expect((await getOrder(id)).report?.addenda).toEqual([first, second])
    const list = orderListSchema.parse((await api('GET', '/orders')).json())
    expect(list.find((order) => order.id === id)?.report?.addenda).toEqual([first, second])
  })

  it('a report that is not final, or no report, answers 409 and adds nothing', async () => {
    const none = h.freshOrder()
    const res = await addendum(none, 'Too early.')
    expect(res.statusCode).toBe(409)
    errorSchema.parse(res.json())

    const draft = h.freshOrder()
    await api('PUT', `/orders/${draft}/report`, { sections: SECTIONS })
    expect((await addendum(draft, 'Still a draft.')).statusCode).toBe(409)
    expect((await getOrder(draft)).report?.addenda).toEqual([])
    expect((await revisions(draft)).map((revision) => revision.cause)).toEqual(['save'])
    expect((await addendum(UNKNOWN, 'No such study.')).statusCode).toBe(404)
  })

  it('blank, missing or oversized text answers 400', async () => {
    const id = h.freshOrder()
    await finalReport(id)
    for (const body of [{ text: '' }, { text: '   \n ' }, {}, { text: 42 }]) {
      const res = await api('POST', `/orders/${id}/report/addenda`, body)
      expect(res.statusCode).toBe(400)
      errorSchema.parse(res.json())
    }
    const long = 'x'.repeat(LIMITS.sectionChars + 1)
    expect((await addendum(id, long)).statusCode).toBe(400)
    expect((await addendum(id, 'x'.repeat(LIMITS.sectionChars))).statusCode).toBe(201)
    expect((await getOrder(id)).report?.addenda).toHaveLength(1)
  })

  it('addenda are immutable: no route changes them and the database refuses an update', async () => {
    const id = h.freshOrder()
    await finalReport(id)
    const added = addendumSchema.parse((await addendum(id, 'Original text.')).json())
    const path = `/orders/${id}/report/addenda`
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await h.t.api(method, `${path}/${added.id}`, {
        token: h.token,
        body: { text: 'Rewritten.' },
      })
      expect(res.statusCode).toBe(404)
    }
    // The contract has one addendum route, and it only appends.
    const addendumRoutes = Object.values(routes).filter((route) => route.path.includes('addenda'))
    expect(addendumRoutes.map((route) => route.method)).toEqual(['POST'])
    // A final report cannot be saved over either.
    expect((await api('PUT', `/orders/${id}/report`, { sections: SECTIONS })).statusCode).toBe(409)
    await expect(
      h.t.db.execute(sql`update report_addenda set text = 'Rewritten.' where id = ${added.id}`),
    ).rejects.toThrow()
    expect((await getOrder(id)).report?.addenda).toEqual([added])
  })

  it('CL-3 clearing the conversation keeps a final report, its addenda and revisions; the messages go and the status says final', async () => {
    const id = h.freshOrder()
    await api('POST', `/orders/${id}/messages`, { content: 'Any effusion?' })
    expect((await getOrder(id)).status).toBe('in_progress')
    await finalReport(id)
    await addendum(id, 'Kept addendum.')
    const kept = (await getOrder(id)).report
    const history = await revisions(id)

    expect((await api('DELETE', `/orders/${id}/conversation`)).statusCode).toBe(204)

    const after: Order = await getOrder(id)
    expect(after.report).toEqual(kept)
    expect(after.status).toBe(FINAL_STATUS)
    expect(await revisions(id)).toEqual(history)
    expect(messageListSchema.parse((await api('GET', `/orders/${id}/messages`)).json())).toEqual([])
    // Still signed: it cannot be edited, and it still takes addenda.
    expect((await api('PUT', `/orders/${id}/report`, { sections: SECTIONS })).statusCode).toBe(409)
    expect((await addendum(id, 'After clearing.')).statusCode).toBe(201)
  })

  it('CL-2 a draft is deleted with its revisions', async () => {
    const id = h.freshOrder()
    await api('PUT', `/orders/${id}/report`, { sections: SECTIONS })

    expect((await api('DELETE', `/orders/${id}/conversation`)).statusCode).toBe(204)

    expect((await getOrder(id)).report).toBeNull()
    expect(await revisions(id)).toEqual([])
  })
})
