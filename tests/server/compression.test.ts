import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants as zlibConstants,
  gunzipSync,
  gzipSync,
} from 'node:zlib'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderListSchema, orderSchema, type Order } from '../../contract'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

/** Built assets well over the 1 KB threshold. */
const APP_JS = 'console.log("Readout worklist");\n'.repeat(200)
/** The build's own brotli copy of a script: the server must send these bytes, not its own. */
const PRECOMPRESSED_BR = brotliCompressSync(APP_JS, {
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
})
const APP_CSS = '.row { display: flex; }\n'.repeat(200)
/** Not compressible: PNG data is compressed already. */
const IMAGE = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(4096, 7),
])

describe.skipIf(skipDatabase)('response compression', () => {
  let t: TestApp
  let dist: string
  let token: string
  let orders: Order[]

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'readout-dist-'))
    mkdirSync(path.join(dist, 'assets'))
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
    writeFileSync(path.join(dist, 'assets', 'app.js'), APP_JS)
    writeFileSync(path.join(dist, 'assets', 'app.css'), APP_CSS)
    // What the build writes beside a script (vite.config.ts): its compressed copies.
    writeFileSync(path.join(dist, 'assets', 'built.js'), APP_JS)
    writeFileSync(path.join(dist, 'assets', 'built.js.br'), PRECOMPRESSED_BR)
    writeFileSync(path.join(dist, 'assets', 'built.js.gz'), gzipSync(APP_JS))
    writeFileSync(path.join(dist, 'assets', 'logo.png'), IMAGE)
    t = await startTestApp({ env: { STATIC_DIR: dist } })
    token = (await t.signUp()).token
    orders = orderListSchema.parse((await t.api('GET', '/orders')).json())
  })
  afterAll(async () => {
    await t.close()
    rmSync(dist, { recursive: true, force: true })
  })

  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    t.app.inject({
      method: method as InjectOptions['method'],
      url,
      headers: { authorization: `Bearer ${token}`, ...headers },
    })

  it('GET /orders with Accept-Encoding gzip answers gzip that unzips to the contract answer', async () => {
    const plain = await get('/api/v1/orders')
    const zipped = await get('/api/v1/orders', { 'accept-encoding': 'gzip' })
    expect(zipped.statusCode).toBe(200)
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers.vary).toMatch(/accept-encoding/i)
    expect(zipped.headers['content-type']).toMatch(/^application\/json/)
    const body = gunzipSync(zipped.rawPayload)
    expect(body.length).toBeGreaterThan(zipped.rawPayload.length)
    const list = orderListSchema.parse(JSON.parse(body.toString('utf8')))
    expect(list).toEqual(orders)
    expect(body.toString('utf8')).toBe(plain.body)
  })

  it('GET /orders without Accept-Encoding (or with identity only) answers identity', async () => {
    const variants: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }]
    for (const headers of variants) {
      const res = await get('/api/v1/orders', headers)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(orderListSchema.parse(res.json())).toEqual(orders)
    }
  })

  it('prefers brotli when the client takes both, as browsers do', async () => {
    const res = await get('/api/v1/orders', { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(res.headers['content-encoding']).toBe('br')
    const list = orderListSchema.parse(JSON.parse(brotliDecompressSync(res.rawPayload).toString()))
    expect(list).toEqual(orders)
  })

  it('leaves answers under 1 KB and bodiless 204 answers alone', async () => {
    const order = orders[0]!
    const one = await get(`/api/v1/orders/${order.id}`, { 'accept-encoding': 'gzip, br' })
    expect(one.rawPayload.length).toBeLessThan(1024)
    expect(one.headers['content-encoding']).toBeUndefined()
    expect(orderSchema.parse(one.json())).toEqual(order)

    const cleared = await get(
      `/api/v1/orders/${order.id}/conversation`,
      { 'accept-encoding': 'gzip, br' },
      'DELETE',
    )
    expect(cleared.statusCode).toBe(204)
    expect(cleared.headers['content-encoding']).toBeUndefined()
    expect(cleared.rawPayload.length).toBe(0)
  })

  it('compresses the SPA scripts and styles, not images, keeping the security headers', async () => {
    const js = await get('/assets/app.js', { 'accept-encoding': 'gzip' })
    expect(js.statusCode).toBe(200)
    expect(js.headers['content-encoding']).toBe('gzip')
    expect(js.headers['content-type']).toMatch(/javascript/)
    expect(js.headers['x-content-type-options']).toBe('nosniff')
    expect(gunzipSync(js.rawPayload).toString()).toBe(APP_JS)

    const css = await get('/assets/app.css', { 'accept-encoding': 'br' })
    expect(css.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(css.rawPayload).toString()).toBe(APP_CSS)

    const png = await get('/assets/logo.png', { 'accept-encoding': 'gzip, br' })
    expect(png.statusCode).toBe(200)
    expect(png.headers['content-encoding']).toBeUndefined()
    expect(png.rawPayload.equals(IMAGE)).toBe(true)

    const plain = await get('/assets/app.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(APP_JS)
  })

  it('sends the copies the build compressed as they are, and keeps build files a year', async () => {
    const br = await get('/assets/built.js', { 'accept-encoding': 'gzip, br' })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.rawPayload.equals(PRECOMPRESSED_BR)).toBe(true)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')

    const gz = await get('/assets/built.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS)

    const plain = await get('/assets/built.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(APP_JS)

    // The page itself is asked again at every visit: it names the build's files (and carries
    // its own CSP nonce, which no shared cache may keep: SEC-30).
    const page = await get('/', { 'accept-encoding': 'gzip, br' })
    expect(page.headers['cache-control']).toBe('private, no-cache')
  })

  it('answers a conditional request for an unchanged asset 304, without a body or an encoding', async () => {
    const first = await get('/assets/app.js', { 'accept-encoding': 'gzip' })
    const etag = String(first.headers.etag)
    expect(etag).not.toBe('undefined')
    const again = await get('/assets/app.js', { 'accept-encoding': 'gzip', 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.headers['content-encoding']).toBeUndefined()
    expect(again.rawPayload.length).toBe(0)
  })

  it('still falls back to the SPA for client routes', async () => {
    const page = await get('/some/client/route', { 'accept-encoding': 'gzip, br' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.body).toContain('<div id="root">')
  })
})
