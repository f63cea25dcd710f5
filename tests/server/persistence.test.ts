import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  orderListSchema,
  orderSchema,
  sendMessageAnswerSchema,
} from '../../src/services/api/contract'
import { createLocalAssistant } from '../../server/assistant/local'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/client'
import { seedDemoData } from '../../server/seed/seed'
import { onPostgres } from '../support/testDatabase'

type Inject = (o: {
  method: 'GET' | 'POST'
  url: string
  token?: string
  payload?: object
}) => Promise<LightMyRequestResponse>

/** Starts the app on a PGlite data folder, as `npm start` does, runs `work`, and shuts down. */
async function withServer<T>(dataDir: string, work: (inject: Inject) => Promise<T>) {
  const config = loadConfig({ DATA_DIR: dataDir, STATIC_DIR: '/nonexistent' })
  const database = await openDatabase(config.database)
  await seedDemoData(database.db, { now: new Date() })
  const app = await buildApp({
    config,
    db: database.db,
    assistant: createLocalAssistant(),
    logger: false,
  })
  try {
    return await work(({ method, url, token, payload }) =>
      app.inject({
        method,
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload ? { payload } : {}),
      }),
    )
  } finally {
    await app.close()
    await database.close()
  }
}

describe.skipIf(onPostgres)('the embedded database', () => {
  it('keeps accounts, messages and reports across a restart, and does not seed twice', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'readout-data-'))
    try {
      const first = await withServer(dataDir, async (inject) => {
        const signUp = await inject({
          method: 'POST',
          url: '/v1/auth/password/signup',
          payload: { loginId: 'reader@hospital.test', password: 'correct horse battery' },
        })
        const token = z.object({ sessionJwt: z.string() }).parse(signUp.json()).sessionJwt
        const orders = orderListSchema.parse(
          (await inject({ method: 'GET', url: '/api/v1/orders', token })).json(),
        )
        const orderId = orders[0]!.id
        const reply = await inject({
          method: 'POST',
          url: `/api/v1/orders/${orderId}/messages`,
          token,
          payload: {
            content:
              'Findings: 5 mm nodule in the right upper lobe. Impression: indeterminate pulmonary nodule.',
          },
        })
        expect(sendMessageAnswerSchema.parse(reply.json()).report_updated).toBe(true)
        return { orderId, orderCount: orders.length, token }
      })

      await withServer(dataDir, async (inject) => {
        // The session token signed before the restart is still valid: the signing key persisted.
        const order = orderSchema.parse(
          (
            await inject({
              method: 'GET',
              url: `/api/v1/orders/${first.orderId}`,
              token: first.token,
            })
          ).json(),
        )
        expect(order.report?.sections.findings).toBe('5 mm nodule in the right upper lobe.')
        expect(order.status).toBe('in_progress')
        const orders = (
          await inject({ method: 'GET', url: '/api/v1/orders', token: first.token })
        ).json<unknown[]>()
        expect(orders).toHaveLength(first.orderCount)
        const signIn = await inject({
          method: 'POST',
          url: '/v1/auth/password/signin',
          payload: { loginId: 'reader@hospital.test', password: 'correct horse battery' },
        })
        expect(signIn.statusCode).toBe(200)
      })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
