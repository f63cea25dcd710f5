import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PASSWORD,
  signIn,
  signUp,
  signedUpUser,
  startIdentity,
  uniqueEmail,
} from './identityHarness'
import type { DescopeErrorBody, IdentityHarness, JwtAnswerBody } from './identityHarness'

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

/**
 * The local form's sign-up-or-in: sign in, and when that fails with bad credentials, sign up.
 * Answers the last response (the sign-in's when it succeeded or was refused otherwise).
 */
async function signUpOrIn(loginId: string, password: string, address: string) {
  const signedIn = await signIn(h.app, loginId, password, address)
  if (signedIn.json<Partial<DescopeErrorBody>>().errorCode !== 'E062108') return signedIn
  return signUp(h.app, { loginId, password, user: { name: 'New User' }, loginOptions: {} }, address)
}

describe('sign-up-or-in from one shared address', () => {
  it('25 new users signing up-or-in from one address within the window are all admitted', async () => {
    const address = freshAddress()
    for (let user = 1; user <= 25; user += 1) {
      const answer = await signUpOrIn(uniqueEmail('new'), PASSWORD, address)
      expect(answer.statusCode, `new user ${user}: ${answer.body}`).toBe(200)
      expect(answer.json<JwtAnswerBody>().firstSeen).toBe(true)
      h.clock.advanceSeconds(20)
    }
    // Still within the window of the first attempt, and an existing user is not held up either.
    const { loginId } = await signedUpUser(h.app)
    expect((await signIn(h.app, loginId, PASSWORD, address)).statusCode).toBe(200)
  })

  it('failures for login ids that never sign up still block the address, between new users signing up', async () => {
    const address = freshAddress()
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      expect((await signUpOrIn(uniqueEmail('new'), PASSWORD, address)).statusCode).toBe(200)
      expect((await signIn(h.app, uniqueEmail('guess'), PASSWORD, address)).statusCode).toBe(401)
    }

    const blocked = await signIn(h.app, uniqueEmail('new'), PASSWORD, address)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json<DescopeErrorBody>().errorCode).toBe('E130429')
  })

  it('a failed sign-in for an existing account still counts, and a sign-up that fails forgives nothing', async () => {
    const address = freshAddress()
    const { loginId: existing } = await signedUpUser(h.app)
    // A wrong password for an account that exists; signing up its login id again is refused.
    expect((await signIn(h.app, existing, 'wrong password', address)).statusCode).toBe(401)
    const again = await signUp(h.app, { loginId: existing, password: PASSWORD }, address)
    expect(again.statusCode).toBe(409)
    // A new login id whose sign-up is refused (password too short) keeps its failed sign-in.
    const shortPassword = await signUpOrIn(uniqueEmail('new'), 'short', address)
    expect(shortPassword.statusCode).toBe(400)
    for (let attempt = 1; attempt <= 18; attempt += 1) {
      expect((await signIn(h.app, uniqueEmail('guess'), PASSWORD, address)).statusCode).toBe(401)
    }

    // 1 + 1 + 18 = 20 failures from the address.
    expect((await signIn(h.app, existing, PASSWORD, address)).statusCode).toBe(429)
  })

  it("a sign-up forgives only failures counted in the address's current window", async () => {
    const address = freshAddress()
    const newcomer = uniqueEmail('new')
    expect((await signIn(h.app, newcomer, PASSWORD, address)).statusCode).toBe(401)
    h.clock.advanceSeconds(WINDOW_SECONDS)
    for (let attempt = 1; attempt <= 19; attempt += 1) {
      expect((await signIn(h.app, uniqueEmail('guess'), PASSWORD, address)).statusCode).toBe(401)
    }
    // The newcomer's failure belonged to the old window, already forgotten: nothing is taken off.
    const signedUp = await signUp(h.app, { loginId: newcomer, password: PASSWORD }, address)
    expect(signedUp.statusCode).toBe(200)
    expect((await signIn(h.app, uniqueEmail('guess'), PASSWORD, address)).statusCode).toBe(401)

    expect((await signIn(h.app, newcomer, PASSWORD, address)).statusCode).toBe(429)
  })

  it("a sign-up clears the login id's own failures, as a sign-in does", async () => {
    const loginId = uniqueEmail('new')
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await signIn(h.app, loginId, PASSWORD, freshAddress())).statusCode).toBe(401)
    }
    const signedUp = await signUp(h.app, { loginId, password: PASSWORD }, freshAddress())
    expect(signedUp.statusCode).toBe(200)
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await signIn(h.app, loginId, 'wrong password', freshAddress())).statusCode).toBe(401)
    }
    expect((await signIn(h.app, loginId, PASSWORD, freshAddress())).statusCode).toBe(200)
  })
})
