import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  addendumSchema,
  errorSchema,
  messageListSchema,
  orderListSchema,
  reportRevisionListSchema,
  orderSchema,
  reportSchema,
  sendMessageAnswerSchema,
} from '../../contract'
import { createLocalAssistant } from '../../server/assistant/local'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/client'
import { seedDemoData } from '../../server/seed/seed'
import { createDatabaseBefore } from '../support/migrations'
import { onPostgres } from '../support/testDatabase'

type Inject = (o: {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: string
  token?: string
  headers?: Record<string, string>
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
    return await work(({ method, url, token, headers, payload }) =>
      app.inject({
        method,
        url,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
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

  it('migrates a database created before the report version floor; a report written after clearing passes the old version', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'readout-data-'))
    try {
      // A report whose version is an hour ahead of the server's clock (a clock that stepped back).
      const old = new Date(Date.now() + 3_600_000).toISOString()
      const client = await createDatabaseBefore(dataDir, '0001_report_version_floor')
      try {
        await client.exec(`
          INSERT INTO patients (id, mrn, first_name, last_name, date_of_birth, sex)
            VALUES ('p1', 'MRN-OLD-1', 'Ada', 'Older', '1960-01-02', 'female');
          INSERT INTO orders (id, patient_id, status, original_status, modality, body_part,
              study_description, priority, accession_number, ordered_at)
            VALUES ('o1', 'p1', 'in_progress', 'scheduled', 'CT', 'Chest', 'CT chest', 'routine',
              'ACC-OLD-1', '2026-11-20T08:00:00Z');
          INSERT INTO reports (order_id, findings, impression, updated_at)
            VALUES ('o1', 'Written before the upgrade.', 'Normal.', '${old}');
        `)
      } finally {
        await client.close()
      }

      await withServer(dataDir, async (inject) => {
        const signUp = await inject({
          method: 'POST',
          url: '/v1/auth/password/signup',
          payload: { loginId: 'reader@hospital.test', password: 'correct horse battery' },
        })
        const token = z.object({ sessionJwt: z.string() }).parse(signUp.json()).sessionJwt
        const url = '/api/v1/orders/o1'
        const before = await inject({ method: 'GET', url, token })
        expect(orderSchema.parse(before.json()).report?.updated_at).toBe(old)
        expect(before.headers.etag).toBe(`"${old}"`)

        const cleared = await inject({ method: 'DELETE', url: `${url}/conversation`, token })
        expect(cleared.statusCode).toBe(204)
        expect(
          orderSchema.parse((await inject({ method: 'GET', url, token })).json()),
        ).toMatchObject({ status: 'scheduled', report: null })

        const sections = {
          history: '',
          technique: '',
          comparison: '',
          findings: 'Written after the upgrade.',
          impression: 'Normal.',
        }
        const saved = await inject({
          method: 'PUT',
          url: `${url}/report`,
          token,
          payload: { sections },
        })
        expect(saved.statusCode).toBe(200)
        const report = reportSchema.parse(saved.json())
        expect(Date.parse(report.updated_at)).toBeGreaterThan(Date.parse(old))

        const stale = await inject({
          method: 'PUT',
          url: `${url}/report`,
          token,
          headers: { 'if-match': `"${old}"` },
          payload: { sections },
        })
        expect(stale.statusCode).toBe(412)
        expect(errorSchema.parse(stale.json()).error).toBe('report_changed')
      })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it("migrates a database created before report history: old messages and signatures get their authors' names", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'readout-data-'))
    try {
      const client = await createDatabaseBefore(dataDir, '0002_report_history_audit')
      try {
        await client.exec(`
          INSERT INTO users (id, login_id, email, name, password_hash)
            VALUES ('u1', 'named@hospital.test', 'named@hospital.test', 'Dr Older', 'x'),
                   ('u2', 'nameless@hospital.test', 'nameless@hospital.test', '', 'x');
          INSERT INTO patients (id, mrn, first_name, last_name, date_of_birth, sex)
            VALUES ('p1', 'MRN-OLD-1', 'Ada', 'Older', '1960-01-02', 'female');
          INSERT INTO orders (id, patient_id, status, original_status, modality, body_part,
              study_description, priority, accession_number, ordered_at)
            VALUES ('o1', 'p1', 'in_progress', 'scheduled', 'CT', 'Chest', 'CT chest', 'routine',
              'ACC-OLD-1', '2026-11-20T08:00:00Z');
          INSERT INTO messages (id, order_id, user_id, role, content)
            VALUES ('m1', 'o1', 'u1', 'user', 'Any effusion?'),
                   ('m2', 'o1', 'u1', 'assistant', 'No effusion.'),
                   ('m3', 'o1', 'u2', 'user', 'Thanks.');
          INSERT INTO reports (order_id, findings, is_final, finalized_at, finalized_by)
            VALUES ('o1', 'Signed before the upgrade.', true, now(), 'u2');
        `)
      } finally {
        await client.close()
      }

      await withServer(dataDir, async (inject) => {
        const signUp = await inject({
          method: 'POST',
          url: '/v1/auth/password/signup',
          payload: { loginId: 'reader@hospital.test', password: 'correct horse battery' },
        })
        const token = z.object({ sessionJwt: z.string() }).parse(signUp.json()).sessionJwt
        const url = '/api/v1/orders/o1'
        const messages = messageListSchema.parse(
          (await inject({ method: 'GET', url: `${url}/messages`, token })).json(),
        )
        expect(messages.map((message) => message.author_name)).toEqual([
          'Dr Older',
          null,
          'nameless@hospital.test',
        ])
        const order = orderSchema.parse((await inject({ method: 'GET', url, token })).json())
        expect(order.report).toMatchObject({
          finalized_by: { user_id: 'u2', name: 'nameless@hospital.test' },
          addenda: [],
        })
        const revisions = async () =>
          reportRevisionListSchema.parse(
            (await inject({ method: 'GET', url: `${url}/report/revisions`, token })).json(),
          )
        // History starts with the first write after the upgrade.
        expect(await revisions()).toEqual([])
        const added = await inject({
          method: 'POST',
          url: `${url}/report/addenda`,
          token,
          payload: { text: 'Added after the upgrade.' },
        })
        expect(added.statusCode).toBe(201)
        addendumSchema.parse(added.json())
        expect((await revisions()).map((revision) => revision.cause)).toEqual(['addendum'])
      })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
