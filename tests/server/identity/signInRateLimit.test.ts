import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD, signIn, signedUpUser, startIdentity, uniqueEmail } from './identityHarness'
import type { DescopeErrorBody, IdentityHarness } from './identityHarness'

const WINDOW_SECONDS = 15 * 60

let h: IdentityHarness

beforeAll(async () => {
  h = await startIdentity()
})

afterAll(async () => {
  await h.close()
})

let addressCounter = 0
/** A client address no other test uses, so per-address counters do not leak between tests. */
const freshAddress = () => {
  addressCounter += 1
  return `192.0.2.${addressCounter}`
}

describe('failed sign-ins are rate limited', () => {
  it('per login id: after 5 failures even the right password is refused with 429, a Descope error and Retry-After', async () => {
    const { loginId } = await signedUpUser(h.app)
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      // From different addresses: only the login id's counter can reach its limit.
      const failed = await signIn(h.app, loginId, `wrong password ${attempt}`, freshAddress())
      expect(failed.statusCode).toBe(401)
    }

    const blocked = await signIn(h.app, loginId, PASSWORD, freshAddress())
    expect(blocked.statusCode).toBe(429)
    const body = blocked.json<DescopeErrorBody>()
    expect(body.errorCode).toBe('E130429')
    expect(body.errorMessage).toMatch(/too many failed sign-ins/i)
    expect(Number(blocked.headers['retry-after'])).toBe(WINDOW_SECONDS)

    h.clock.advanceSeconds(100)
    const stillBlocked = await signIn(h.app, loginId, PASSWORD, freshAddress())
    expect(stillBlocked.statusCode).toBe(429)
    expect(Number(stillBlocked.headers['retry-after'])).toBe(WINDOW_SECONDS - 100)

    h.clock.advanceSeconds(WINDOW_SECONDS - 100)
    expect((await signIn(h.app, loginId, PASSWORD, freshAddress())).statusCode).toBe(200)
  })

  it('per client address: after 20 failures from one address every login id is refused from it, not from elsewhere', async () => {
    const address = freshAddress()
    const { loginId } = await signedUpUser(h.app)
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      // Unknown accounts count too: guessing login ids is what this limit slows down.
      const failed = await signIn(h.app, uniqueEmail('guess'), PASSWORD, address)
      expect(failed.statusCode).toBe(401)
    }

    const blocked = await signIn(h.app, loginId, PASSWORD, address)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json<DescopeErrorBody>().errorCode).toBe('E130429')
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)

    expect((await signIn(h.app, loginId, PASSWORD, freshAddress())).statusCode).toBe(200)
  })

  it("a successful sign-in clears the login id's failures", async () => {
    const { loginId } = await signedUpUser(h.app)
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await signIn(h.app, loginId, 'wrong password', freshAddress())).statusCode).toBe(401)
    }
    expect((await signIn(h.app, loginId, PASSWORD, freshAddress())).statusCode).toBe(200)
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await signIn(h.app, loginId, 'wrong password', freshAddress())).statusCode).toBe(401)
    }
    // Four failures since the success: one more is still allowed and answered 401, not 429.
    expect((await signIn(h.app, loginId, 'wrong password', freshAddress())).statusCode).toBe(401)
    expect((await signIn(h.app, loginId, PASSWORD, freshAddress())).statusCode).toBe(429)
  })

  it('a new window starts counting from zero at the first failure after the old one ended', async () => {
    const { loginId } = await signedUpUser(h.app)
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await signIn(h.app, loginId, 'wrong password', freshAddress())
    }
    h.clock.advanceSeconds(WINDOW_SECONDS)
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await signIn(h.app, loginId, 'wrong password', freshAddress())).statusCode).toBe(401)
    }
    const blocked = await signIn(h.app, loginId, PASSWORD, freshAddress())
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBe(WINDOW_SECONDS)
  })
})
