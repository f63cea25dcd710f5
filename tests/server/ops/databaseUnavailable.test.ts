import net from 'node:net'
import { drizzle } from 'drizzle-orm/node-postgres'
import { sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { errorHandler } from '../../../server/http/errors'

/**
 * The real driver's failures, as the app's error handler answers them over a socket: a database
 * that refuses connections, and one that accepts the TCP connection and never answers.
 */
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function appQuerying(url: string): Promise<string> {
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 500 })
  pool.on('error', () => undefined)
  const db = drizzle(pool)
  const app: FastifyInstance = Fastify({ logger: false })
  app.setErrorHandler(errorHandler)
  app.get('/read', async () => (await db.execute(sql`select 1 as one`)).rows)
  closers.push(async () => {
    await app.close()
    await pool.end()
  })
  return app.listen({ host: '127.0.0.1', port: 0 })
}

async function closedPort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise<void>((resolve) =>
    probe.close(() => {
      resolve()
    }),
  )
  return port
}

describe('a database that cannot be reached', () => {
  it('OPS-18 a refused connection answers 503 with Retry-After, not 500', async () => {
    const base = await appQuerying(`postgres://readout@127.0.0.1:${await closedPort()}/readout`)
    const answer = await fetch(`${base}/read`)
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toBe('5')
    expect(await answer.json()).toMatchObject({ error: 'database_unavailable' })
  })

  it('OPS-18 a database that never answers the connection answers 503 once the pool gives up', async () => {
    const silent = net.createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const open = new Set<net.Socket>()
    silent.on('connection', (socket) => open.add(socket))
    closers.push(
      () =>
        new Promise<void>((resolve) => {
          silent.close(() => {
            resolve()
          })
          // Connections the pool left open end with the test.
          for (const socket of open) socket.destroy()
        }),
    )
    const { port } = silent.address() as net.AddressInfo
    const base = await appQuerying(`postgres://readout@127.0.0.1:${port}/readout`)
    const answer = await fetch(`${base}/read`)
    expect(answer.status).toBe(503)
    expect(await answer.json()).toMatchObject({ error: 'database_unavailable' })
  })

  it('OPS-18 an ordinary failure is still a 500 with the generic message', async () => {
    const app = Fastify({ logger: false })
    app.setErrorHandler(errorHandler)
    app.get('/read', () => {
      throw new Error('something else broke')
    })
    closers.push(() => app.close())
    const base = await app.listen({ host: '127.0.0.1', port: 0 })
    const answer = await fetch(`${base}/read`)
    expect(answer.status).toBe(500)
    expect(await answer.json()).toMatchObject({ error: 'internal_error' })
  })
})
