/**
 * Who reads /metrics (OPS-11): by default this machine only (loopback, not through a proxy, by
 * address or localhost); with METRICS_TOKEN, whoever sends it, from anywhere. Over real sockets,
 * with node:http so the Host header is the test's to choose.
 */
import http from 'node:http'
import os from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import { isLoopbackAddress, metricsAccess } from '../../../server/ops/access'
import { startSocketServer, type SocketServer } from '../../support/socketServer'
import { skipDatabase } from '../../support/testDatabase'

const TOKEN = 'a-long-random-metrics-token-0123456789'

/** GET /metrics on `host:port` with the headers given; the status. */
function scrape(host: string, port: number, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    const request = http.get({ host, port, path: '/metrics', headers }, (res) => {
      res.resume()
      res.on('end', () => {
        resolve(res.statusCode ?? 0)
      })
    })
    request.on('error', reject)
  })
}

/** This machine's first address that is not loopback, if it has one. */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address

const portOf = (server: SocketServer) => Number(new URL(server.base).port)

describe('the access rule', () => {
  const request = (ip: string, host = '127.0.0.1:8080', headers = {}) => ({ ip, host, headers })
  it('OPS-11 without a token: loopback by address or localhost, never through a proxy', () => {
    expect(metricsAccess(request('127.0.0.1'), undefined)).toBe('allowed')
    expect(metricsAccess(request('::1', '[::1]:8080'), undefined)).toBe('allowed')
    expect(metricsAccess(request('::ffff:127.0.0.1', 'localhost:8080'), undefined)).toBe('allowed')
    expect(metricsAccess(request('10.1.2.3'), undefined)).toBe('hidden')
    expect(metricsAccess(request('127.0.0.1', 'rebound.example:8080'), undefined)).toBe('hidden')
    const proxied = request('127.0.0.1', '127.0.0.1:8080', { 'x-forwarded-for': '10.9.9.9' })
    expect(metricsAccess(proxied, undefined)).toBe('hidden')
    expect(isLoopbackAddress('128.0.0.1')).toBe(false)
  })
  it('OPS-11 with a token: the bearer token decides, wherever the request comes from', () => {
    const bearer = (value: string) => ({ authorization: value })
    expect(metricsAccess(request('10.1.2.3', 'x', bearer(`Bearer ${TOKEN}`)), TOKEN)).toBe(
      'allowed',
    )
    expect(metricsAccess(request('127.0.0.1'), TOKEN)).toBe('unauthorized')
    expect(metricsAccess(request('127.0.0.1', 'x', bearer(`Bearer ${TOKEN}x`)), TOKEN)).toBe(
      'unauthorized',
    )
    expect(metricsAccess(request('127.0.0.1', 'x', bearer(TOKEN)), TOKEN)).toBe('unauthorized')
  })
  it('OPS-11 a token shorter than 16 characters stops the server at start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/)
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN)
  })
})

describe.skipIf(skipDatabase)('/metrics over sockets', () => {
  let loopbackOnly: SocketServer
  let withToken: SocketServer
  let behindProxy: SocketServer
  beforeAll(async () => {
    loopbackOnly = await startSocketServer({ seed: false })
    withToken = await startSocketServer({ seed: false, env: { METRICS_TOKEN: TOKEN } })
    behindProxy = await startSocketServer({ seed: false, env: { TRUST_PROXY: 'loopback' } })
  })
  afterAll(async () => {
    await Promise.all([loopbackOnly.close(), withToken.close(), behindProxy.close()])
  })

  it('OPS-11 no token: served to this machine, 404 to a rebound name, a proxied request, the API', async () => {
    const port = portOf(loopbackOnly)
    expect(await scrape('127.0.0.1', port)).toBe(200)
    expect(await scrape('127.0.0.1', port, { host: `localhost:${port}` })).toBe(200)
    expect(await scrape('127.0.0.1', port, { host: `rebound.example:${port}` })).toBe(404)
    expect(await scrape('127.0.0.1', port, { 'x-forwarded-for': '203.0.113.9' })).toBe(404)
    // Behind a trusted proxy, the client's address is the forwarded one: not this machine.
    const proxied = portOf(behindProxy)
    expect(await scrape('127.0.0.1', proxied, { 'x-forwarded-for': '203.0.113.9' })).toBe(404)
    // Never under /api/v1, never the SPA.
    const api = await fetch(`${loopbackOnly.base}/api/v1/metrics`)
    expect(api.status).toBe(401)
  })

  it('OPS-11 with METRICS_TOKEN: 401 without it or with another, 200 with it under any name', async () => {
    const port = portOf(withToken)
    expect(await scrape('127.0.0.1', port)).toBe(401)
    expect(
      await scrape('127.0.0.1', port, { authorization: 'Bearer wrong-token-wrong-token' }),
    ).toBe(401)
    const bearer = { authorization: `Bearer ${TOKEN}` }
    expect(await scrape('127.0.0.1', port, bearer)).toBe(200)
    expect(await scrape('127.0.0.1', port, { ...bearer, host: 'prometheus-target:9' })).toBe(200)
  })

  it.skipIf(outsideAddress === undefined)(
    "OPS-11 from another machine's address: 404 without a token, 200 with it",
    async () => {
      for (const [server, token] of [
        [loopbackOnly, undefined],
        [withToken, TOKEN],
      ] as const) {
        const address = outsideAddress ?? ''
        const app = server.t.app
        // A second listener on this machine's outside address: the request comes from it.
        const outside = http.createServer((req, res) => {
          app.routing(req, res)
        })
        await new Promise<void>((resolve) => outside.listen({ host: address, port: 0 }, resolve))
        const { port } = outside.address() as { port: number }
        try {
          expect(await scrape(address, port)).toBe(token ? 401 : 404)
          if (token)
            expect(await scrape(address, port, { authorization: `Bearer ${token}` })).toBe(200)
        } finally {
          await new Promise((resolve) => outside.close(resolve))
        }
      }
    },
  )
})
