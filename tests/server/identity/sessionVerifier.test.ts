import { SignJWT, generateKeyPair } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearerToken, createSessionVerifier } from '../../../server/identity/sessionVerifier'
import { LOCAL_PROJECT_ID } from '../../../server/identity/tokens'
import { startDescopeKeys, type DescopeKeys } from './descopeKeys'
import { signedUpUser, startIdentity } from './identityHarness'
import type { IdentityHarness } from './identityHarness'

describe('local session verifier', () => {
  let h: IdentityHarness

  beforeAll(async () => {
    h = await startIdentity()
  })

  afterAll(async () => {
    await h.close()
  })

  it('accepts a session token of the local identity and answers its user', async () => {
    const verifier = await createSessionVerifier({
      mode: 'local',
      db: h.database.db,
      keys: h.keys,
      now: h.clock.now,
    })
    const { sessionJwt, user } = await signedUpUser(h.app)
    expect(await verifier.verify(sessionJwt)).toEqual({
      userId: user.userId,
      roles: expect.any(Array) as unknown,
    })
  })

  it('refuses a refresh token, even though it is signed by the same key', async () => {
    const verifier = await createSessionVerifier({
      mode: 'local',
      db: h.database.db,
      keys: h.keys,
      now: h.clock.now,
    })
    const { refreshJwt } = await signedUpUser(h.app)
    expect(await verifier.verify(refreshJwt)).toBeNull()
  })

  it('refuses an expired session token (the clock is moved, nothing sleeps)', async () => {
    const clock = { current: h.clock.now() }
    const verifier = await createSessionVerifier({
      mode: 'local',
      db: h.database.db,
      keys: h.keys,
      now: () => clock.current,
    })
    const { sessionJwt } = await signedUpUser(h.app)
    clock.current = new Date(clock.current.getTime() + 590_000)
    expect(await verifier.verify(sessionJwt)).not.toBeNull()
    clock.current = new Date(clock.current.getTime() + 20_000)
    expect(await verifier.verify(sessionJwt)).toBeNull()
  })

  it('refuses a tampered token, a token signed with another secret and garbage', async () => {
    const verifier = await createSessionVerifier({
      mode: 'local',
      db: h.database.db,
      keys: h.keys,
      now: h.clock.now,
    })
    const { sessionJwt } = await signedUpUser(h.app)
    const [header, payload, signature] = sessionJwt.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >
    const otherUser = Buffer.from(JSON.stringify({ ...claims, sub: 'Uother' })).toString(
      'base64url',
    )
    expect(await verifier.verify(`${header}.${otherUser}.${signature}`)).toBeNull()

    const foreign = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new Uint8Array(32).fill(7))
    expect(await verifier.verify(foreign)).toBeNull()

    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`
    expect(await verifier.verify(unsigned)).toBeNull()
    expect(await verifier.verify('')).toBeNull()
    expect(await verifier.verify('not a jwt')).toBeNull()
  })

  it("the /api/v1 bearer extractor takes `Bearer <jwt>` only, never the SDK's `Bearer <projectId>:<refreshJwt>`", async () => {
    const verifier = await createSessionVerifier({
      mode: 'local',
      db: h.database.db,
      keys: h.keys,
      now: h.clock.now,
    })
    const { sessionJwt, refreshJwt, user } = await signedUpUser(h.app)

    const plain = bearerToken({ headers: { authorization: `Bearer ${sessionJwt}` } })
    expect(plain).toBe(sessionJwt)
    expect(await verifier.verify(plain!)).toMatchObject({ userId: user.userId })
    expect(bearerToken({ headers: { authorization: `bearer   ${sessionJwt}` } })).toBe(sessionJwt)

    expect(
      bearerToken({ headers: { authorization: `Bearer ${LOCAL_PROJECT_ID}:${refreshJwt}` } }),
    ).toBeNull()
    expect(
      bearerToken({ headers: { authorization: `Bearer ${LOCAL_PROJECT_ID}:${sessionJwt}` } }),
    ).toBeNull()
    expect(bearerToken({ headers: { authorization: `Bearer ${LOCAL_PROJECT_ID}` } })).toBeNull()
    expect(bearerToken({ headers: { authorization: `Basic ${sessionJwt}` } })).toBeNull()
    expect(bearerToken({ headers: {} })).toBeNull()
    // A refresh token sent in the right form still fails at the verifier.
    const asBearer = bearerToken({ headers: { authorization: `Bearer ${refreshJwt}` } })
    expect(await verifier.verify(asBearer!)).toBeNull()
  })
})

describe('Descope (cloud) session verifier', () => {
  const projectId = 'P2xReadoutCloudTestProject000'
  const kid = 'test-key-1'
  let descope: DescopeKeys
  let baseUrl: string
  let signingKey: CryptoKey
  let otherKey: CryptoKey
  let keyRequests: string[]

  beforeAll(async () => {
    descope = await startDescopeKeys(projectId, kid)
    ;({ baseUrl, signingKey, requests: keyRequests } = descope)
    otherKey = (await generateKeyPair('RS256')).privateKey
  })

  afterAll(async () => {
    await descope.close()
  })

  const descopeToken = (
    opts: {
      key?: CryptoKey
      kid?: string
      drn?: string
      expiresIn?: string | number
      sub?: string
    } = {},
  ) =>
    new SignJWT({ drn: opts.drn ?? 'DS', amr: ['pwd'] })
      .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? kid, typ: 'JWT' })
      .setIssuer(`https://api.descope.com/${projectId}`)
      .setSubject(opts.sub ?? 'U2cloudUser')
      .setIssuedAt()
      .setExpirationTime(opts.expiresIn ?? '10m')
      .sign(opts.key ?? signingKey)

  it("accepts a Descope session token signed with a key from the project's JWKS and answers its subject", async () => {
    const verifier = await createSessionVerifier({ mode: 'descope', projectId, baseUrl })
    expect(await verifier.verify(await descopeToken())).toEqual({
      userId: 'U2cloudUser',
      name: undefined,
      roles: ['radiologist'],
    })
    expect(keyRequests).toContain(`/v2/keys/${projectId}`)
  })

  it('refuses a token signed with another key, a refresh token, an expired token and an unknown key id', async () => {
    const verifier = await createSessionVerifier({ mode: 'descope', projectId, baseUrl })
    expect(await verifier.verify(await descopeToken({ key: otherKey }))).toBeNull()
    expect(await verifier.verify(await descopeToken({ drn: 'DSR' }))).toBeNull()
    expect(
      await verifier.verify(await descopeToken({ expiresIn: Math.floor(Date.now() / 1000) - 60 })),
    ).toBeNull()
    expect(await verifier.verify(await descopeToken({ kid: 'unknown-kid' }))).toBeNull()
    expect(await verifier.verify('garbage')).toBeNull()
  })

  it('refuses a token issued for another project', async () => {
    const verifier = await createSessionVerifier({ mode: 'descope', projectId, baseUrl })
    const foreign = await new SignJWT({ drn: 'DS' })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer('https://api.descope.com/P2SomeOtherProject00000000000')
      .setSubject('U2cloudUser')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(signingKey)
    expect(await verifier.verify(foreign)).toBeNull()
  })
})
