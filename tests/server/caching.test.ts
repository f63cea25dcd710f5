/**
 * SEC-6: no clinical answer and no identity answer is kept by a browser or proxy cache, errors
 * included, and source maps are never served, even from a folder that holds them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

describe.skipIf(skipDatabase)('what may be cached', () => {
  let t: TestApp
  let dist: string
  let token: string
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'readout-dist-'))
    mkdirSync(path.join(dist, 'assets'))
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)')
    writeFileSync(path.join(dist, 'assets', 'app.js.map'), '{"version":3,"sources":["src/x.ts"]}')
    t = await startTestApp({ env: { STATIC_DIR: dist } })
    token = (await t.signUp()).token
  })
  afterAll(async () => {
    await t.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('SEC-6 every /api/v1 answer says no-store: a worklist, a refusal, an unknown route', async () => {
    const answers = [
      await t.api('GET', '/orders', { token }),
      await t.api('GET', '/orders', { token: null }),
      await t.api('GET', '/no-such-route', { token }),
      await t.api('POST', '/orders/not-an-order/messages', { token, body: {} }),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 400])
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store')
  })

  it('SEC-6 every identity answer says no-store: a session, a refusal', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password/signup',
      payload: {
        loginId: `cache-${String(Date.now())}@hospital.test`,
        password: 'correct horse battery',
        user: { name: 'Dr Cache' },
      },
    })
    const me = await t.app.inject({ method: 'GET', url: '/v1/auth/me' })
    expect([signUp.statusCode, me.statusCode]).toEqual([200, 401])
    expect(signUp.headers['cache-control']).toBe('no-store')
    expect(me.headers['cache-control']).toBe('no-store')
  })

  it('SEC-6 source maps are not served, even when the folder holds them; the app is', async () => {
    const map = await t.app.inject({ method: 'GET', url: '/assets/app.js.map' })
    expect(map.statusCode).toBe(404)
    expect(map.body).not.toContain('sources')
    const withQuery = await t.app.inject({ method: 'GET', url: '/assets/app.js.map?v=1' })
    expect(withQuery.statusCode).toBe(404)
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).not.toBe('no-store')
  })
})
