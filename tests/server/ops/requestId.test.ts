/**
 * Logs an operator can use (OPS-17): JSON lines, each line logged during a request carrying its
 * id, the id echoed in `X-Request-Id` (a proxy's own when short and plain, else a new one).
 * Over a real socket, the log read line by line as a collector would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSocketServer, type SocketServer } from '../../support/socketServer'
import { openStream } from '../../support/sse'
import { skipDatabase } from '../../support/testDatabase'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe.skipIf(skipDatabase)('request ids', () => {
  let server: SocketServer
  let token = ''
  const lines: string[] = []
  beforeAll(async () => {
    server = await startSocketServer({
      seed: false,
      logger: {
        level: 'info',
        stream: {
          write(line) {
            lines.push(line)
          },
        },
      },
    })
    token = (await server.signUp('Dr Log')).token
  })
  afterAll(async () => {
    await server.close()
  })

  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>)
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } })

  it('OPS-17 every answer names its request; every line logged for it carries that id', async () => {
    const res = await get('/api/v1/orders')
    const id = res.headers.get('x-request-id') ?? ''
    expect(id).toMatch(UUID)
    const own = logged().filter((line) => line.reqId === id)
    expect(own.map((line) => line.msg)).toEqual(['incoming request', 'request completed'])
    // Every line about a request carries an id: none is left for the operator to guess.
    for (const line of logged()) if ('req' in line || 'res' in line) expect(line.reqId).toBeTruthy()
    const refused = await get('/api/v1/no-such-route')
    expect(refused.status).toBe(404)
    expect(refused.headers.get('x-request-id')).toMatch(UUID)
  })

  it("OPS-17 a proxy's plain id is kept; anything else is replaced", async () => {
    const kept = await get('/healthz', { 'x-request-id': 'lb-7f3a.9:2_x' })
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.9:2_x')
    expect(logged().some((line) => line.reqId === 'lb-7f3a.9:2_x')).toBe(true)
    for (const given of ['Smith^John', 'a b', '<script>', 'x'.repeat(65), '-leading-dash']) {
      const res = await get('/healthz', { 'x-request-id': given })
      expect(res.headers.get('x-request-id'), given).toMatch(UUID)
      expect(lines.join('\n')).not.toContain(given)
    }
  })

  it('OPS-17 a live stream says its id too', async () => {
    const stream = await openStream(server.base, token)
    expect(stream.status).toBe(200)
    stream.close()
    const res = await fetch(`${server.base}/api/v1/events`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'stream-1' },
    })
    expect(res.headers.get('x-request-id')).toBe('stream-1')
    await res.body?.cancel()
  })
})
