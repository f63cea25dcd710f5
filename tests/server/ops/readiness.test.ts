/**
 * /readyz (OPS-14) beside /healthz: 200 while the database answers, every migration is applied
 * and the server is not shutting down; 503 naming what failed otherwise. On PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalAssistant } from '../../../server/assistant/local'
import { buildApp } from '../../../server/app'
import { loadConfig } from '../../../server/config'
import type { Database } from '../../../server/db/client'
import { migrationsFolder } from '../../../server/db/client'
import { createReadiness } from '../../../server/ops/readiness'
import { startSocketServer, type SocketServer } from '../../support/socketServer'
import { openTestDatabase, skipDatabase } from '../../support/testDatabase'

const readyz = async (base: string) => {
  const res = await fetch(`${base}/readyz`)
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe.skipIf(skipDatabase)('/readyz', () => {
  let server: SocketServer
  beforeAll(async () => {
    server = await startSocketServer({ seed: false })
  })
  afterAll(async () => {
    await server.close()
  })

  it('OPS-14 ready: the database answers, every migration is applied, no shutdown; /healthz stays', async () => {
    expect(await readyz(server.base)).toEqual({
      status: 200,
      body: { ok: true, database: 'ok', migrations: 'ok', shutting_down: false },
    })
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200)
    // A load balancer names the instance by its address: any Host is answered.
    const res = await server.t.app.inject({ url: '/readyz', headers: { host: 'lb-probe:1' } })
    expect(res.statusCode).toBe(200)
  })

  it('OPS-14 a migration of the journal missing from the database: 503 naming it', async () => {
    const { db } = server.t
    const rows = (await db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as { rows: { id: number; hash: string; created_at: string }[] }
    const last = rows.rows[0]
    if (!last) throw new Error('no migration recorded')
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`)
    try {
      const { status, body } = await readyz(server.base)
      expect(status).toBe(503)
      expect(body).toMatchObject({ ok: false, database: 'ok', migrations: 'missing' })
      expect(body.missing_migrations).toHaveLength(1)
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
      )
    }
    expect((await readyz(server.base)).status).toBe(200)
  })

  it('OPS-14 the database closed: 503, database unreachable', async () => {
    const database = await openTestDatabase()
    const app = await buildApp({
      config: loadConfig({ HOST: '127.0.0.1', STATIC_DIR: '/nonexistent' }),
      db: database.db,
      assistant: createLocalAssistant(),
      logger: false,
    })
    await app.ready()
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200)
    await database.close()
    const res = await app.inject({ url: '/readyz' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ ok: false, database: 'unreachable' })
    await app.close()
  })

  it('OPS-14 shutdown begun: 503 at once, before the database is asked', async () => {
    const other = await startSocketServer({ seed: false })
    const closing = other.t.app.ops.beginShutdown()
    const res = await other.t.app.inject({ url: '/readyz' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ ok: false, shutting_down: true })
    await other.close()
    await closing
  })
})

describe('readiness check', () => {
  it('OPS-14 a database that does not answer: 503 within two seconds, and probes meanwhile share one query', async () => {
    let queries = 0
    const stuck = {
      execute: () => {
        queries += 1
        return new Promise(() => undefined)
      },
    } as unknown as Database
    const check = createReadiness({ db: stuck, migrationsFolder, shuttingDown: () => false })
    const started = Date.now()
    const [first, second] = await Promise.all([check(), check()])
    expect(first).toEqual({
      ok: false,
      database: 'unreachable',
      migrations: 'unknown',
      shutting_down: false,
    })
    expect(second).toBe(first)
    expect(queries).toBe(1)
    expect(Date.now() - started).toBeLessThan(5_000)
  })
})
