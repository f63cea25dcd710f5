import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

describe.skipIf(skipDatabase)('serving the SPA', () => {
  let t: TestApp
  let dist: string
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'readout-dist-'))
    mkdirSync(path.join(dist, 'assets'))
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Readout</title><div id="root"></div>',
    )
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)')
    t = await startTestApp({ seed: false, env: { STATIC_DIR: dist } })
  })
  afterAll(async () => {
    await t.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('serves built assets and falls back to index.html for client routes', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.body).toBe('console.log(1)')
    for (const url of ['/', '/login', '/some/client/route']) {
      const page = await t.app.inject({ method: 'GET', url })
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toMatch(/text\/html/)
      expect(page.body).toContain('<div id="root">')
    }
  })

  it('OPS-19 HEAD on a client route answers as GET does, without the body, over a socket', async () => {
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 })
    for (const url of ['/', '/login', '/worklist']) {
      const head = await fetch(`${base}${url}`, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-type')).toMatch(/text\/html/)
      expect(await head.text()).toBe('')
    }
    const api = await fetch(`${base}/api/v1/orders`, { method: 'HEAD' })
    expect(api.status).toBe(401)
  })

  it('sends security headers with a same-origin content security policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login' })
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('upgrade-insecure-requests')
    expect(page.headers['x-content-type-options']).toBe('nosniff')
  })

  it('never answers an unknown API or identity path with the SPA', async () => {
    for (const url of ['/api/v2/orders', '/v1/auth/nothing-here']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ error: 'not_found' })
    }
  })

  it('answers a health check without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true })
  })
})
