/**
 * TRUST_PROXY on the real server app (config → buildApp → Fastify): behind a reverse proxy the
 * per-address sign-in limit counts each client's address, taken from X-Forwarded-For only when
 * the proxy is trusted. A low SIGNIN_MAX_FAILURES_PER_ADDRESS keeps the tests short.
 */
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'
import { PASSWORD, sdkAuthorization, signedUpUser, uniqueEmail } from './identityHarness'

const MAX_FAILURES_PER_ADDRESS = 3
const PROXY = '10.0.0.7'

let t: TestApp | undefined

afterEach(async () => {
  await t?.close()
  t = undefined
})

async function startBehindProxy(trustProxy?: string): Promise<FastifyInstance> {
  t = await startTestApp({
    seed: false,
    env: {
      SIGNIN_MAX_FAILURES_PER_ADDRESS: String(MAX_FAILURES_PER_ADDRESS),
      ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
    },
  })
  return t.app
}

/** A sign-in arriving from `remoteAddress` (the proxy) that says it forwards `forwardedFor`. */
function signInVia(
  app: FastifyInstance,
  loginId: string,
  password: string,
  { remoteAddress = PROXY, forwardedFor }: { remoteAddress?: string; forwardedFor?: string },
) {
  return app.inject({
    method: 'POST',
    url: '/v1/auth/password/signin',
    headers: {
      ...sdkAuthorization(),
      ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
    },
    payload: { loginId, password, loginOptions: {} },
    remoteAddress,
  })
}

/** Enough failed sign-ins for unknown login ids to reach the per-address limit. */
async function failUntilLimit(app: FastifyInstance, via: Parameters<typeof signInVia>[3]) {
  for (let attempt = 1; attempt <= MAX_FAILURES_PER_ADDRESS; attempt += 1) {
    expect((await signInVia(app, uniqueEmail('guess'), PASSWORD, via)).statusCode).toBe(401)
  }
}

describe.skipIf(skipDatabase)('TRUST_PROXY and the per-address sign-in limit', () => {
  it('with TRUST_PROXY listing the proxies, each X-Forwarded-For client is limited on its own', async () => {
    const app = await startBehindProxy('10.0.0.0/8, 192.168.1.1')
    const { loginId } = await signedUpUser(app)
    // Through two listed proxies: the outer one appended the client, the inner one connected.
    await failUntilLimit(app, { forwardedFor: '203.0.113.5, 10.0.0.8' })

    const blocked = await signInVia(app, loginId, PASSWORD, { forwardedFor: '203.0.113.5' })
    expect(blocked.statusCode).toBe(429)
    expect(
      (await signInVia(app, loginId, PASSWORD, { forwardedFor: '203.0.113.6' })).statusCode,
    ).toBe(200)
    // A client that reaches the server directly cannot pick its address with the header.
    await failUntilLimit(app, { remoteAddress: '198.51.100.9', forwardedFor: '203.0.113.7' })
    expect(
      (await signInVia(app, loginId, PASSWORD, { forwardedFor: '203.0.113.7' })).statusCode,
    ).toBe(200)
    expect(
      (
        await signInVia(app, loginId, PASSWORD, {
          remoteAddress: '198.51.100.9',
          forwardedFor: '203.0.113.8',
        })
      ).statusCode,
    ).toBe(429)
  })

  it('with TRUST_PROXY=true, the client address comes from X-Forwarded-For', async () => {
    const app = await startBehindProxy('true')
    const { loginId } = await signedUpUser(app)
    await failUntilLimit(app, { forwardedFor: '203.0.113.5' })

    expect(
      (await signInVia(app, loginId, PASSWORD, { forwardedFor: '203.0.113.5' })).statusCode,
    ).toBe(429)
    expect(
      (await signInVia(app, loginId, PASSWORD, { forwardedFor: '203.0.113.6' })).statusCode,
    ).toBe(200)
  })

  it('without TRUST_PROXY, X-Forwarded-For is not trusted: every client behind the proxy shares its address', async () => {
    const app = await startBehindProxy()
    const { loginId } = await signedUpUser(app)
    await failUntilLimit(app, { forwardedFor: '203.0.113.5' })

    // Another client, the right password: refused, as the proxy's address is the one limited.
    const blocked = await signInVia(app, loginId, PASSWORD, { forwardedFor: '203.0.113.6' })
    expect(blocked.statusCode).toBe(429)
    expect(
      (await signInVia(app, loginId, PASSWORD, { remoteAddress: '10.0.0.8' })).statusCode,
    ).toBe(200)
  })

  it('with TRUST_PROXY naming other addresses, the connecting proxy is not trusted either', async () => {
    const app = await startBehindProxy('192.168.1.1')
    const { loginId } = await signedUpUser(app)
    await failUntilLimit(app, { forwardedFor: '203.0.113.5' })

    expect(
      (await signInVia(app, loginId, PASSWORD, { forwardedFor: '203.0.113.6' })).statusCode,
    ).toBe(429)
  })
})
