import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { createSessionVerifier } from '../../../server/identity/sessionVerifier'
import { DEFAULT_REFRESH_REUSE_GRACE_SECONDS } from '../../../server/identity/sessions'
import { LOCAL_PROJECT_ID } from '../../../server/identity/tokens'
import {
  PASSWORD,
  buildIdentityApp,
  me,
  postWithToken,
  sdkAuthorization,
  signIn,
  signUp,
  signedUpUser,
  startIdentity,
  uniqueEmail,
} from './identityHarness'
import type { DescopeErrorBody, IdentityHarness, JwtAnswerBody } from './identityHarness'

let h: IdentityHarness

beforeAll(async () => {
  h = await startIdentity()
})

afterAll(async () => {
  await h.close()
})

function expectDescopeError(
  response: { statusCode: number; json: () => unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status)
  const body = response.json() as DescopeErrorBody
  expect(Object.keys(body).sort()).toEqual(['errorCode', 'errorDescription', 'errorMessage'])
  expect(body.errorCode).toBe(code)
  expect(body.errorDescription).not.toBe('')
  expect(body.errorMessage).not.toBe('')
  return body
}

describe('password sign-up', () => {
  it('answers exactly the JWT response the Descope SDK reads, for a new user', async () => {
    const loginId = uniqueEmail('Mixed.Case')
    const before = Math.floor(h.clock.now().getTime() / 1000)
    const response = await signUp(h.app, {
      loginId,
      password: PASSWORD,
      user: { name: 'Fox Mulder' },
      loginOptions: {},
    })

    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['cache-control']).toBe('no-store')
    const body = response.json<JwtAnswerBody>()
    expect(Object.keys(body).sort()).toEqual(
      [
        'claims',
        'cookieDomain',
        'cookieExpiration',
        'cookieMaxAge',
        'cookiePath',
        'firstSeen',
        'refreshJwt',
        'sessionExpiration',
        'sessionJwt',
        'user',
      ].sort(),
    )
    expect(body.user).toEqual({
      userId: expect.stringMatching(/^U[0-9a-f]{32}$/) as unknown,
      loginIds: [loginId.toLowerCase()],
      email: loginId.toLowerCase(),
      name: 'Fox Mulder',
      status: 'enabled',
    })
    expect(body.firstSeen).toBe(true)
    expect(body.cookiePath).toBe('/')
    expect(body.cookieDomain).toBe('')
    expect(body.cookieMaxAge).toBe(7 * 86_400)
    expect(body.sessionExpiration).toBe(before + 600)
    expect(body.cookieExpiration).toBe(before + 7 * 86_400)

    const session = decodeJwt(body.sessionJwt)
    const refresh = decodeJwt(body.refreshJwt)
    expect(session).toMatchObject({
      iss: LOCAL_PROJECT_ID,
      sub: body.user.userId,
      typ: 'session',
      exp: body.sessionExpiration,
    })
    expect(refresh).toMatchObject({
      iss: LOCAL_PROJECT_ID,
      sub: body.user.userId,
      typ: 'refresh',
      exp: body.cookieExpiration,
    })
    expect(typeof session.jti).toBe('string')
    expect(session.jti).not.toBe(refresh.jti)
    expect(body.claims).toEqual(session)
  })

  it('keeps the e-mail given in the user object and defaults the name to empty', async () => {
    const loginId = uniqueEmail()
    const response = await signUp(h.app, {
      loginId,
      password: PASSWORD,
      user: { email: 'Contact@Example.org' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json<JwtAnswerBody>().user).toMatchObject({
      loginIds: [loginId],
      email: 'contact@example.org',
      name: '',
    })
  })

  it('refuses a login id that already exists, whatever its case, with a Descope error', async () => {
    const { loginId } = await signedUpUser(h.app)
    const response = await signUp(h.app, {
      loginId: loginId.toUpperCase(),
      password: 'another password',
    })
    const body = expectDescopeError(response, 409, 'E062107')
    expect(body.errorDescription).toMatch(/already exists/i)
  })

  it('lets exactly one of two simultaneous sign-ups with the same login id through', async () => {
    const loginId = uniqueEmail('race')
    const answers = await Promise.all([
      signUp(h.app, { loginId, password: PASSWORD }),
      signUp(h.app, { loginId, password: 'another password' }),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    expectDescopeError(
      answers.find((answer) => answer.statusCode === 409)!,
      409,
      'E062107',
    )
  })

  it('refuses a login id that is not an e-mail address, naming the field', async () => {
    const response = await signUp(h.app, { loginId: 'not-an-email', password: PASSWORD })
    const body = expectDescopeError(response, 400, 'E011003')
    expect(body.errorMessage).toBe('loginId must be an e-mail address')
  })

  it('refuses a password shorter than 8 characters, saying so', async () => {
    const response = await signUp(h.app, { loginId: uniqueEmail(), password: 'short' })
    const body = expectDescopeError(response, 400, 'E011003')
    expect(body.errorMessage).toBe('password must be at least 8 characters')
  })

  it('refuses a missing password and a body that is not an object, naming what is wrong', async () => {
    const missing = await signUp(h.app, { loginId: uniqueEmail() })
    expect(expectDescopeError(missing, 400, 'E011003').errorMessage).toBe('password is required')

    const badUserEmail = await signUp(h.app, {
      loginId: uniqueEmail(),
      password: PASSWORD,
      user: { email: 'nope' },
    })
    expect(expectDescopeError(badUserEmail, 400, 'E011003').errorMessage).toBe(
      'user.email must be an e-mail address',
    )

    const notJson = await h.app.inject({
      method: 'POST',
      url: '/v1/auth/password/signup',
      headers: { ...sdkAuthorization(), 'content-type': 'application/json' },
      payload: '{"loginId":',
    })
    expectDescopeError(notJson, 400, 'E011001')
  })

  it('refuses sign-up with 403 when the server does not allow it, while existing users still sign in', async () => {
    const { loginId } = await signedUpUser(h.app)
    const closed = await buildIdentityApp({
      db: h.database.db,
      keys: h.keys,
      clock: h.clock,
      config: { allowSignup: false },
    })
    try {
      const refused = await signUp(closed, { loginId: uniqueEmail(), password: PASSWORD })
      const body = expectDescopeError(refused, 403, 'E062110')
      expect(body.errorMessage).toMatch(/sign-up is disabled/i)

      const existing = await signIn(closed, loginId, PASSWORD)
      expect(existing.statusCode).toBe(200)
    } finally {
      await closed.close()
    }
  })
})

describe('password sign-in', () => {
  it('ID-1 signs an existing user in with the same answer shape, not first seen', async () => {
    const { loginId, user } = await signedUpUser(h.app, 'Walter Skinner')
    const response = await signIn(h.app, loginId.toUpperCase(), PASSWORD)
    expect(response.statusCode).toBe(200)
    const body = response.json<JwtAnswerBody>()
    expect(body.firstSeen).toBe(false)
    expect(body.user).toEqual(user)
    expect(decodeJwt(body.sessionJwt)).toMatchObject({ sub: user.userId, typ: 'session' })
  })

  it("LG-5 answers an unknown user with Descope's user-not-found code, a wrong password with its own", async () => {
    const { loginId } = await signedUpUser(h.app)
    const wrong = await signIn(h.app, loginId, 'not the password', '10.1.0.1')
    const unknown = await signIn(h.app, uniqueEmail('nobody'), PASSWORD, '10.1.0.2')
    expect(expectDescopeError(wrong, 401, 'E062109').errorDescription).toBe('Invalid credentials')
    expect(expectDescopeError(unknown, 401, 'E062108').errorDescription).toBe('User not found')
  })

  it('validates the body like sign-up does', async () => {
    const response = await signIn(h.app, 'someone@', PASSWORD)
    expect(expectDescopeError(response, 400, 'E011003').errorMessage).toBe(
      'loginId must be an e-mail address',
    )
  })
})

describe('refresh', () => {
  it('ID-1 rotates the refresh token: a new pair is issued and the old refresh token is refused afterwards', async () => {
    const first = await signedUpUser(h.app)
    h.clock.advanceSeconds(60)
    const refreshed = await postWithToken(h.app, '/v1/auth/refresh?dcs=t&dcr=t', first.refreshJwt)
    expect(refreshed.statusCode).toBe(200)
    const second = refreshed.json<JwtAnswerBody>()
    expect(second.refreshJwt).not.toBe(first.refreshJwt)
    expect(second.sessionJwt).not.toBe(first.sessionJwt)
    expect(second.sessionExpiration).toBe(first.sessionExpiration + 60)
    expect(second.firstSeen).toBe(false)
    expect(second.user).toEqual(first.user)

    // Past the reuse grace (SEC-20), a second use is a replay.
    h.clock.advanceSeconds(DEFAULT_REFRESH_REUSE_GRACE_SECONDS)
    const reused = await postWithToken(h.app, '/v1/auth/refresh', first.refreshJwt)
    expectDescopeError(reused, 401, 'E061301')
  })

  it('treats a rotated token presented again as theft: its successors are revoked, other sessions survive', async () => {
    const { loginId, refreshJwt: original } = await signedUpUser(h.app)
    const otherDevice = (await signIn(h.app, loginId, PASSWORD)).json<JwtAnswerBody>()
    const successor = (
      await postWithToken(h.app, '/v1/auth/refresh', original)
    ).json<JwtAnswerBody>()
    const nextSuccessor = (
      await postWithToken(h.app, '/v1/auth/refresh', successor.refreshJwt)
    ).json<JwtAnswerBody>()

    const replay = await postWithToken(h.app, '/v1/auth/refresh', original)
    expect(expectDescopeError(replay, 401, 'E061301').errorMessage).toMatch(/already used/)
    expectDescopeError(
      await postWithToken(h.app, '/v1/auth/refresh', nextSuccessor.refreshJwt),
      401,
      'E061301',
    )
    expect(
      (await postWithToken(h.app, '/v1/auth/refresh', otherDevice.refreshJwt)).statusCode,
    ).toBe(200)
  })

  it('SEC-20 two simultaneous refreshes of the same token both answer the same successor', async () => {
    const { refreshJwt } = await signedUpUser(h.app)
    const answers = await Promise.all([
      postWithToken(h.app, '/v1/auth/refresh', refreshJwt),
      postWithToken(h.app, '/v1/auth/refresh', refreshJwt),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
    const [first, second] = answers.map((answer) => answer.json<JwtAnswerBody>().refreshJwt)
    expect(first).toBe(second)
  })

  it('try-refresh rotates like refresh, and without a refresh token answers 401 (nobody signed in)', async () => {
    const { refreshJwt } = await signedUpUser(h.app)
    const tried = await postWithToken(h.app, '/v1/auth/try-refresh', refreshJwt)
    expect(tried.statusCode).toBe(200)
    expect(tried.json<JwtAnswerBody>().refreshJwt).not.toBe(refreshJwt)

    const anonymous = await postWithToken(h.app, '/v1/auth/try-refresh')
    expect(expectDescopeError(anonymous, 401, 'E061301').errorMessage).toMatch(/no refresh token/i)
  })

  it('reads the refresh token from the DSR cookie, or from the cookie the SDK names', async () => {
    const { refreshJwt } = await signedUpUser(h.app)
    const viaCookie = await h.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      headers: { ...sdkAuthorization(), cookie: `theme=dark; DSR=${refreshJwt}` },
      payload: {},
    })
    expect(viaCookie.statusCode).toBe(200)
    const next = viaCookie.json<JwtAnswerBody>().refreshJwt

    const namedCookie = await h.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      headers: {
        ...sdkAuthorization(),
        'x-descope-refresh-cookie-name': 'RO_REFRESH',
        cookie: `RO_REFRESH=${next}`,
      },
      payload: {},
    })
    expect(namedCookie.statusCode).toBe(200)
  })

  it('refuses a session token, a tampered token and an expired refresh token with 401', async () => {
    const { sessionJwt, refreshJwt } = await signedUpUser(h.app)
    expectDescopeError(await postWithToken(h.app, '/v1/auth/refresh', sessionJwt), 401, 'E061301')

    const [header, payload, signature] = refreshJwt.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'Uintruder' })).toString(
      'base64url',
    )
    expectDescopeError(
      await postWithToken(h.app, '/v1/auth/refresh', `${header}.${forged}.${signature}`),
      401,
      'E061301',
    )

    h.clock.advanceSeconds(7 * 86_400 + 10)
    try {
      expectDescopeError(await postWithToken(h.app, '/v1/auth/refresh', refreshJwt), 401, 'E061301')
    } finally {
      h.clock.advanceSeconds(-(7 * 86_400 + 10))
    }
  })

  it('ID-1 the new session token of a refresh is accepted by the session verifier until it expires', async () => {
    const verifier = await createSessionVerifier({
      mode: 'local',
      db: h.database.db,
      keys: h.keys,
      now: h.clock.now,
    })
    const { refreshJwt, user } = await signedUpUser(h.app)
    const refreshed = (
      await postWithToken(h.app, '/v1/auth/refresh', refreshJwt)
    ).json<JwtAnswerBody>()
    expect(await verifier.verify(refreshed.sessionJwt)).toMatchObject({ userId: user.userId })
    h.clock.advanceSeconds(600 + 10)
    try {
      expect(await verifier.verify(refreshed.sessionJwt)).toBeNull()
    } finally {
      h.clock.advanceSeconds(-(600 + 10))
    }
  })
})

describe('me', () => {
  it('answers the user object itself for the refresh token the SDK sends, and for a session token', async () => {
    const { refreshJwt, sessionJwt, user } = await signedUpUser(h.app, 'Monica Reyes')
    const withRefresh = await me(h.app, refreshJwt)
    expect(withRefresh.statusCode).toBe(200)
    expect(withRefresh.json()).toEqual(user)
    expect(user.name).toBe('Monica Reyes')

    const withSession = await me(h.app, sessionJwt)
    expect(withSession.json()).toEqual(user)
  })

  it('answers 401 without a token or with a garbage one', async () => {
    expectDescopeError(await me(h.app), 401, 'E061301')
    expectDescopeError(await me(h.app, 'a.b.c'), 401, 'E061301')
  })
})

describe('logout', () => {
  it('ID-2 revokes the refresh token: logout answers {} and refresh or me afterwards answer 401', async () => {
    const { refreshJwt } = await signedUpUser(h.app)
    const loggedOut = await postWithToken(h.app, '/v1/auth/logout', refreshJwt)
    expect(loggedOut.statusCode).toBe(200)
    expect(loggedOut.json()).toEqual({})

    expectDescopeError(await postWithToken(h.app, '/v1/auth/refresh', refreshJwt), 401, 'E061301')
    expectDescopeError(await me(h.app, refreshJwt), 401, 'E061301')
    // Logging out twice is harmless.
    expect((await postWithToken(h.app, '/v1/auth/logout', refreshJwt)).statusCode).toBe(200)
  })

  it("ID-2 logout leaves the user's other sessions alone; logoutall ends every one of them", async () => {
    const { loginId, refreshJwt: laptop } = await signedUpUser(h.app)
    const tablet = (await signIn(h.app, loginId, PASSWORD)).json<JwtAnswerBody>().refreshJwt
    const phone = (await signIn(h.app, loginId, PASSWORD)).json<JwtAnswerBody>().refreshJwt
    const other = await signedUpUser(h.app)

    await postWithToken(h.app, '/v1/auth/logout', laptop)
    const tabletNext = (
      await postWithToken(h.app, '/v1/auth/refresh', tablet)
    ).json<JwtAnswerBody>().refreshJwt
    expect(tabletNext).toBeTruthy()

    const all = await postWithToken(h.app, '/v1/auth/logoutall', tabletNext)
    expect(all.statusCode).toBe(200)
    expect(all.json()).toEqual({})
    expectDescopeError(await postWithToken(h.app, '/v1/auth/refresh', tabletNext), 401, 'E061301')
    expectDescopeError(await postWithToken(h.app, '/v1/auth/refresh', phone), 401, 'E061301')
    expect((await postWithToken(h.app, '/v1/auth/refresh', other.refreshJwt)).statusCode).toBe(200)
  })

  it('refuses logout without a token', async () => {
    expectDescopeError(await postWithToken(h.app, '/v1/auth/logout'), 401, 'E061301')
  })
})

describe('configuration', () => {
  it('refuses a session lifetime too short for the SDK to refresh before expiry', async () => {
    await expect(
      buildIdentityApp({
        db: h.database.db,
        keys: h.keys,
        clock: h.clock,
        config: { sessionTtlSeconds: 30 },
      }),
    ).rejects.toThrow(/more than 40 seconds/)
  })
})
