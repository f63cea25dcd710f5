/**
 * SEC-5 through a listening server: the Host and Origin headers a browser sends, including what
 * a DNS-rebinding page would send (its own name, resolved to our loopback address).
 */
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

interface Answer {
  status: number
  body: string
}

/** node:http, because fetch will not send a Host header of the caller's choosing. */
function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: text })
        })
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

const signUpBody = (loginId: string) => ({
  loginId,
  password: 'correct horse battery',
  user: { name: 'Dr Origin' },
})

describe.skipIf(skipDatabase)('SEC-5 the names the server answers to', () => {
  describe('by default: the bind address and localhost on its own port', () => {
    let t: TestApp
    let port: number
    let token: string

    beforeAll(async () => {
      t = await startTestApp({ env: { HOST: '127.0.0.1', PORT: '0' } })
      await t.app.listen({ host: '127.0.0.1', port: 0 })
      port = (t.app.server.address() as AddressInfo).port
      token = (await t.signUp()).token
    })
    afterAll(() => t.close())

    it('SEC-5 the bind address and localhost on the listening port are answered', async () => {
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
        const res = await send(port, 'GET', '/api/v1/orders', {
          host,
          authorization: `Bearer ${token}`,
        })
        expect(res.status, host).toBe(200)
      }
    })

    it('SEC-5 a rebinding page (its own name, our address) gets 421 for the worklist and for sign-up', async () => {
      for (const host of [
        `evil.example:${port}`,
        'evil.example',
        `127.0.0.1:${port + 1}`,
        `localhost.evil.example:${port}`,
        `127.0.0.1:${port}/x`,
      ]) {
        const list = await send(port, 'GET', '/api/v1/orders', {
          host,
          authorization: `Bearer ${token}`,
        })
        expect(list.status, host).toBe(421)
        expect(list.body).not.toContain('patient')
        const signUp = await send(
          port,
          'POST',
          '/v1/auth/password/signup',
          { host },
          signUpBody(`rebound-${port}@hospital.test`),
        )
        expect(signUp.status, host).toBe(421)
      }
      // Nothing was created: the same address can still sign up under our own name.
      const ok = await send(
        port,
        'POST',
        '/v1/auth/password/signup',
        { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` },
        signUpBody(`rebound-${port}@hospital.test`),
      )
      expect(ok.status).toBe(200)
    })

    it('SEC-5 the SPA itself is not served under a foreign name; the health check is', async () => {
      expect((await send(port, 'GET', '/', { host: 'evil.example' })).status).toBe(421)
      expect((await send(port, 'GET', '/healthz', { host: 'evil.example' })).status).toBe(200)
    })

    it('SEC-5 a write from a page of another origin gets 403; our own origin and no origin pass', async () => {
      const write = (headers: Record<string, string>) =>
        send(
          port,
          'POST',
          '/api/v1/orders/does-not-exist/messages',
          { host: `127.0.0.1:${port}`, authorization: `Bearer ${token}`, ...headers },
          { content: 'Is there an effusion?' },
        )
      expect((await write({ origin: 'http://evil.example' })).status).toBe(403)
      expect((await write({ origin: `http://127.0.0.1:${port + 1}` })).status).toBe(403)
      expect((await write({ origin: 'null' })).status).toBe(403)
      expect((await write({ 'sec-fetch-site': 'cross-site' })).status).toBe(403)
      // Past the origin check, the unknown order answers 404 as before.
      expect((await write({ origin: `http://127.0.0.1:${port}` })).status).toBe(404)
      expect((await write({ origin: `http://localhost:${port}` })).status).toBe(404)
      expect((await write({})).status).toBe(404)
      const signIn = await send(
        port,
        'POST',
        '/v1/auth/password/signin',
        { host: `127.0.0.1:${port}`, origin: 'http://evil.example' },
        { loginId: 'anyone@hospital.test', password: 'whatever' },
      )
      expect(signIn.status).toBe(403)
    })
  })

  describe('with PUBLIC_ORIGIN', () => {
    let t: TestApp
    let port: number

    beforeAll(async () => {
      t = await startTestApp({
        env: { PUBLIC_ORIGIN: 'https://readout.hospital.test, http://10.1.2.3:8080' },
      })
      await t.app.listen({ host: '127.0.0.1', port: 0 })
      port = (t.app.server.address() as AddressInfo).port
    })
    afterAll(() => t.close())

    it('SEC-5 only the configured names are answered, whatever port the server listens on', async () => {
      const status = async (host: string) =>
        (await send(port, 'GET', '/api/v1/orders', { host })).status
      // 401: the request got past the name check to the session guard.
      expect(await status('readout.hospital.test')).toBe(401)
      expect(await status('10.1.2.3:8080')).toBe(401)
      expect(await status(`127.0.0.1:${port}`)).toBe(421)
      expect(await status('10.1.2.3')).toBe(421)
      const write = await send(
        port,
        'POST',
        '/v1/auth/password/signup',
        { host: 'readout.hospital.test', origin: 'http://readout.hospital.test' },
        signUpBody('scheme@hospital.test'),
      )
      // Another scheme is another origin.
      expect(write.status).toBe(403)
    })
  })

  it('SEC-5 PUBLIC_ORIGIN takes origins only, and says which entry is not one', () => {
    expect(
      loadConfig({ PUBLIC_ORIGIN: 'https://a.test/, http://b.test:81' }).publicOrigins,
    ).toEqual({
      kind: 'configured',
      origins: ['https://a.test', 'http://b.test:81'],
    })
    for (const bad of ['a.test', 'https://a.test/app', 'ftp://a.test', 'https://u:p@a.test', ',']) {
      expect(() => loadConfig({ PUBLIC_ORIGIN: bad }), bad).toThrow(/PUBLIC_ORIGIN/)
    }
    expect(loadConfig({ HOST: '0.0.0.0' }).publicOrigins).toEqual({
      kind: 'bind',
      hostnames: ['127.0.0.1', 'localhost', '[::1]'],
    })
    expect(loadConfig({ HOST: '::1' }).publicOrigins).toEqual({
      kind: 'bind',
      hostnames: ['[::1]', 'localhost'],
    })
  })
})
