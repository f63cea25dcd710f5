/**
 * SEC-28..SEC-30 over a real socket: Strict-Transport-Security only on answers that went over
 * TLS (a trusted proxy's X-Forwarded-Proto, or TLS on the server's own socket), X-Frame-Options
 * agreeing with frame-ancestors, and the SPA's page allowing only the `<style>` elements that
 * carry that answer's fresh nonce (no `'unsafe-inline'` for styles).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import { CSP_NONCE_PLACEHOLDER, HSTS_VALUE, pagePolicy } from '../../../server/http/csp'
import { registerSecurityHeaders } from '../../../server/http/securityHeaders'
import { startSocketServer, type SocketServer } from '../../support/socketServer'
import { skipDatabase } from '../../support/testDatabase'

/** What Vite's build writes with `html.cspNonce` (the placeholder where each nonce goes). */
const PAGE = `<!doctype html><html lang="en" class="dark"><head>
<style nonce="${CSP_NONCE_PLACEHOLDER}">html { color-scheme: dark }</style>
<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">
<script type="module" crossorigin src="/assets/index.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
<link rel="modulepreload" crossorigin href="/assets/start.js" nonce="${CSP_NONCE_PLACEHOLDER}">
</head><body><div id="root"></div></body></html>`

let dist: string
beforeAll(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'readout-headers-'))
  writeFileSync(path.join(dist, 'index.html'), PAGE)
})
afterAll(() => {
  rmSync(dist, { recursive: true, force: true })
})

const get = (base: string, url: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, { headers })

/** The source list of one directive of a policy. */
function directive(policy: string | null, name: string): string[] {
  const entry = (policy ?? '').split(';').find((part) => part.trim().startsWith(`${name} `))
  return entry ? entry.trim().split(/\s+/).slice(1) : []
}

describe.skipIf(skipDatabase)('security headers on plain http, no proxy trusted', () => {
  let s: SocketServer
  beforeAll(async () => {
    s = await startSocketServer({ env: { STATIC_DIR: dist } })
    await s.signUp('Dr Headers')
  })
  afterAll(() => s.close())

  it('SEC-28 no answer over plain http carries Strict-Transport-Security, even when a client claims https', async () => {
    const answers = [
      await get(s.base, '/'),
      await get(s.base, '/healthz'),
      await get(s.base, '/api/v1/orders'),
      await get(s.base, '/assets/none.js'),
      // No proxy is trusted: a client's own X-Forwarded-Proto means nothing.
      await get(s.base, '/', { 'x-forwarded-proto': 'https' }),
    ]
    for (const answer of answers) expect(answer.headers.get('strict-transport-security')).toBeNull()
  })

  it('SEC-29 X-Frame-Options says DENY where frame-ancestors says none, on the page and the API', async () => {
    for (const url of ['/', '/login', '/api/v1/orders', '/healthz']) {
      const answer = await get(s.base, url)
      expect(directive(answer.headers.get('content-security-policy'), 'frame-ancestors')).toEqual([
        "'none'",
      ])
      expect(answer.headers.get('x-frame-options')).toBe('DENY')
    }
  })

  it("SEC-30 the page's styles need the answer's own nonce: no 'unsafe-inline', a fresh nonce each time", async () => {
    const nonces = new Set<string>()
    for (const url of ['/', '/login', '/orders/123', '/index.html']) {
      const answer = await get(s.base, url)
      expect(answer.status).toBe(200)
      const policy = answer.headers.get('content-security-policy')
      const styles = directive(policy, 'style-src')
      expect(styles).not.toContain("'unsafe-inline'")
      expect(directive(policy, 'style-src-attr')).toEqual([])
      const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(
        styles.find((s) => s.startsWith("'nonce-")) ?? '',
      )?.[1]
      expect(nonce, String(policy)).toBeDefined()
      const html = await answer.text()
      expect(html).not.toContain(CSP_NONCE_PLACEHOLDER)
      // Every tag the build gave the placeholder now has this answer's nonce.
      expect(html.split(`nonce="${nonce}"`).length - 1).toBe(4)
      nonces.add(nonce ?? '')
      // A shared cache must not hand one nonce to everyone; the browser asks again each time.
      expect(answer.headers.get('cache-control')).toBe('private, no-cache')
      expect(answer.headers.get('etag')).toBeNull()
    }
    expect(nonces.size).toBe(4)
  })

  it('SEC-30 no other answer allows inline styles either', async () => {
    for (const url of ['/api/v1/orders', '/healthz', '/v1/auth/me']) {
      const policy = (await get(s.base, url)).headers.get('content-security-policy')
      expect(directive(policy, 'style-src')).toEqual(["'self'"])
    }
  })
})

describe.skipIf(skipDatabase)('security headers behind a trusted proxy', () => {
  let s: SocketServer
  beforeAll(async () => {
    s = await startSocketServer({ env: { STATIC_DIR: dist, TRUST_PROXY: 'loopback' } })
  })
  afterAll(() => s.close())

  it('SEC-28 HSTS when the trusted proxy says https, not when it says http', async () => {
    for (const url of ['/', '/healthz', '/api/v1/orders']) {
      const secure = await get(s.base, url, { 'x-forwarded-proto': 'https' })
      expect(secure.headers.get('strict-transport-security')).toBe(HSTS_VALUE)
      const plain = await get(s.base, url, { 'x-forwarded-proto': 'http' })
      expect(plain.headers.get('strict-transport-security')).toBeNull()
      expect((await get(s.base, url)).headers.get('strict-transport-security')).toBeNull()
    }
  })
})

describe.skipIf(skipDatabase)('security headers behind a proxy that is not this one', () => {
  let s: SocketServer
  beforeAll(async () => {
    s = await startSocketServer({ env: { STATIC_DIR: dist, TRUST_PROXY: '10.0.0.0/8' } })
  })
  afterAll(() => s.close())

  it('SEC-28 a peer outside TRUST_PROXY cannot ask for HSTS', async () => {
    const answer = await get(s.base, '/', { 'x-forwarded-proto': 'https' })
    expect(answer.headers.get('strict-transport-security')).toBeNull()
  })
})

describe('security headers on a TLS socket of the server', () => {
  it('SEC-28 HSTS on an answer over TLS itself', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'readout-tls-'))
    const key = path.join(folder, 'key.pem')
    const cert = path.join(folder, 'cert.pem')
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
      ],
      { stdio: 'ignore' },
    )
    const app = Fastify({ https: { key: readFileSync(key), cert: readFileSync(cert) } })
    registerSecurityHeaders(app, loadConfig({ HOST: '127.0.0.1' }))
    app.get('/healthz', () => ({ ok: true }))
    try {
      await app.listen({ host: '127.0.0.1', port: 0 })
      const port = (app.server.address() as AddressInfo).port
      const header = await new Promise<string | undefined>((resolve, reject) => {
        https
          .get({ host: '127.0.0.1', port, path: '/healthz', rejectUnauthorized: false }, (res) => {
            res.resume()
            resolve(res.headers['strict-transport-security'])
          })
          .on('error', reject)
      })
      expect(header).toBe(HSTS_VALUE)
    } finally {
      await app.close()
      rmSync(folder, { recursive: true, force: true })
    }
  })
})

describe('the page policy', () => {
  it("SEC-30 a policy that must allow inline styles (Descope's flow) gets no nonce, which would void it", () => {
    const base = "default-src 'self';style-src 'self' 'unsafe-inline';img-src 'self'"
    expect(pagePolicy(base, 'abc')).toBe(base)
    expect(pagePolicy("default-src 'self';style-src 'self';img-src 'self'", 'abc')).toBe(
      "default-src 'self';style-src 'self' 'nonce-abc';img-src 'self'",
    )
  })
})
