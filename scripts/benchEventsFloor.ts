/**
 * The floor of the live worklist's benchmark (bench-events.ts): the product's work done the least
 * way, by bare clients on the same database, measured in the same run.
 */
import { Agent, createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { openDatabase } from '../server/db/client'
import { oneOrderSql } from './benchHttp'
import { Arrivals, openStream, spread, waitUntil, type Spread } from './benchEventStreams'

/**
 * The floor: the same work done the least way, by bare clients. A `pg` connection writes the
 * claim row (a table of its own, without triggers) and NOTIFYs in the same transaction; another
 * connection LISTENs and, on each notification, a third reads the order's JSON with the server's
 * own statement (mappers.ts); a bare `http` server writes it as one event to `clients` open
 * responses. Timed from the write's start to the first and to the last client; the first
 * `warmUp` ids are not counted.
 */
export async function floor(
  url: string,
  ids: string[],
  { clients, warmUp }: { clients: number; warmUp: number },
): Promise<{ first: Spread; all: Spread }> {
  const database = await openDatabase({ kind: 'postgres', url })
  const writer = new pg.Client({ connectionString: url })
  const listener = new pg.Client({ connectionString: url })
  const reader = new pg.Client({ connectionString: url })
  await Promise.all([writer.connect(), listener.connect(), reader.connect()])
  const responses: ServerResponse[] = []
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    res.write(': open\n\n')
    responses.push(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`
  const agent = new Agent({ keepAlive: true, maxSockets: clients + 16 })
  const arrivals = new Arrivals()
  const stops: (() => void)[] = []
  try {
    await writer.query(
      'CREATE TABLE bench_claims (order_id text PRIMARY KEY, user_id text NOT NULL, since timestamptz NOT NULL)',
    )
    const oneOrder = { sql: oneOrderSql(database.db) }
    await listener.query('LISTEN bench_floor')
    let seq = 0
    listener.on('notification', (message) => {
      const [type, id] = (message.payload ?? '').split(' ')
      void reader.query(oneOrder.sql, [id]).then((result) => {
        seq += 1
        const data = JSON.stringify({ order_id: id, order: result.rows[0] as unknown })
        const frame = `id: ${String(seq)}\nevent: ${type ?? ''}\ndata: ${data}\n\n`
        for (const res of responses) res.write(frame)
      })
    })
    for (let i = 0; i < clients; i += 1) {
      stops.push(
        await openStream(`${base}/`, {}, agent, (type, data) => {
          const { order_id: orderId } = JSON.parse(data) as { order_id: string }
          arrivals.arrived(`${type}:${orderId}`)
        }),
      )
    }
    await waitUntil(() => responses.length >= clients, `${String(clients)} bare streams to open`)
    const first: number[] = []
    const all: number[] = []
    for (let i = 0; i < ids.length; i += 1) {
      const id = ids[i] ?? ''
      for (const [sql, type] of [
        [
          "INSERT INTO bench_claims VALUES ($1, 'bench', now()) ON CONFLICT (order_id) DO UPDATE SET since = now()",
          'order.claimed',
        ],
        ['DELETE FROM bench_claims WHERE order_id = $1', 'order.released'],
      ] as const) {
        const heard = arrivals.expect(`${type}:${id}`, clients)
        const start = performance.now()
        await writer.query('BEGIN')
        await writer.query(sql, [id])
        await writer.query(`SELECT pg_notify('bench_floor', $1)`, [`${type} ${id}`])
        await writer.query('COMMIT')
        const times = await heard
        if (i < warmUp) continue
        first.push(Math.min(...times) - start)
        all.push(Math.max(...times) - start)
      }
    }
    return { first: spread(first), all: spread(all) }
  } finally {
    for (const stop of stops) stop()
    agent.destroy()
    for (const res of responses) res.destroy()
    await new Promise((resolve) => server.close(resolve))
    await Promise.all([writer.end(), listener.end(), reader.end()])
    await database.close()
  }
}
