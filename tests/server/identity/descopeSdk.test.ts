/**
 * The real Descope browser SDK core (`@descope/core-js-sdk`, the HTTP layer under the web and
 * React SDKs) against the local identity listening on loopback: proof that the answers are
 * what the SDK expects, not only what our own tests expect.
 */
import type { AddressInfo } from 'node:net'
import createSdk from '@descope/core-js-sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSessionVerifier } from '../../../server/identity/sessionVerifier'
import { DEFAULT_REFRESH_REUSE_GRACE_SECONDS } from '../../../server/identity/sessions'
import { LOCAL_PROJECT_ID } from '../../../server/identity/tokens'
import { PASSWORD, startIdentity, uniqueEmail } from './identityHarness'
import type { IdentityHarness } from './identityHarness'

let h: IdentityHarness
let sdk: ReturnType<typeof createSdk>

beforeAll(async () => {
  h = await startIdentity()
  await h.app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = h.app.server.address() as AddressInfo
  sdk = createSdk({ projectId: LOCAL_PROJECT_ID, baseUrl: `http://127.0.0.1:${port}` })
})

afterAll(async () => {
  await h.close()
})

describe('the Descope SDK against the local identity', () => {
  it('ID-1 signs up, signs in, refreshes, reads the user and logs out; the session token opens the API guard', async () => {
    const loginId = uniqueEmail('sdk')
    const signedUp = await sdk.password.signUp(loginId, PASSWORD, { name: 'Dana Scully' })
    expect(signedUp.ok).toBe(true)
    expect(signedUp.data?.firstSeen).toBe(true)
    expect(signedUp.data?.user?.loginIds).toEqual([loginId])

    const signedIn = await sdk.password.signIn(loginId, PASSWORD)
    expect(signedIn.ok).toBe(true)
    const session = signedIn.data!
    expect(session.user?.name).toBe('Dana Scully')
    expect(session.sessionExpiration).toBeGreaterThan(Date.now() / 1000 + 40)

    const verifier = await createSessionVerifier({ mode: 'local', db: h.database.db, keys: h.keys })
    expect(await verifier.verify(session.sessionJwt)).toMatchObject({
      userId: session.user?.userId,
    })

    const refreshed = await sdk.refresh(session.refreshJwt, { dcs: 't', dcr: 't' })
    expect(refreshed.ok).toBe(true)
    const rotated = refreshed.data!
    expect(rotated.refreshJwt).toBeTruthy()
    expect(rotated.refreshJwt).not.toBe(session.refreshJwt)

    const tried = await sdk.refresh(rotated.refreshJwt, undefined, undefined, true)
    expect(tried.ok).toBe(true)
    const current = tried.data!.refreshJwt!

    const user = await sdk.me(current)
    expect(user.ok).toBe(true)
    expect(user.data).toMatchObject({
      userId: session.user?.userId,
      loginIds: [loginId],
      name: 'Dana Scully',
    })

    const loggedOut = await sdk.logout(current)
    expect(loggedOut.ok).toBe(true)

    const afterLogout = await sdk.refresh(current)
    expect(afterLogout.ok).toBe(false)
    expect(afterLogout.code).toBe(401)
    expect(afterLogout.error?.errorCode).toBe('E061301')
  })

  it('ID-1 a refresh token that was rotated away answers 401, which the SDK treats as the end of the session', async () => {
    const loginId = uniqueEmail('sdk')
    const { data } = await sdk.password.signUp(loginId, PASSWORD, { name: 'John Doggett' })
    await sdk.refresh(data!.refreshJwt)
    // Past the reuse grace (SEC-20): within it, a second use answers the same successor.
    h.clock.advanceSeconds(DEFAULT_REFRESH_REUSE_GRACE_SECONDS)
    const replay = await sdk.refresh(data!.refreshJwt)
    expect(replay.ok).toBe(false)
    expect(replay.code).toBe(401)
  })

  it('reports a wrong password as an SDK error, and reads Retry-After once sign-ins are rate limited', async () => {
    const loginId = uniqueEmail('sdk')
    await sdk.password.signUp(loginId, PASSWORD, {})
    const wrong = await sdk.password.signIn(loginId, 'not the password')
    expect(wrong.ok).toBe(false)
    expect(wrong.code).toBe(401)
    expect(wrong.error?.errorCode).toBe('E062109')

    for (let attempt = 2; attempt <= 5; attempt += 1)
      await sdk.password.signIn(loginId, 'not the password')
    const limited = await sdk.password.signIn(loginId, PASSWORD)
    expect(limited.ok).toBe(false)
    expect(limited.code).toBe(429)
    expect(limited.error?.errorCode).toBe('E130429')
    expect((limited.error as { retryAfter?: number } | undefined)?.retryAfter).toBe(15 * 60)
  })

  it('try-refresh with no stored refresh token answers 401: nobody is signed in', async () => {
    const tried = await sdk.refresh(undefined, undefined, undefined, true)
    expect(tried.ok).toBe(false)
    expect(tried.code).toBe(401)
  })
})
