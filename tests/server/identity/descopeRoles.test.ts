/**
 * RL-3: Descope mode's roles. The session token's top-level `roles` claim (the project's roles),
 * mapped by DESCOPE_ROLE_MAP, gives the user's roles; tenant roles are not read; a token with
 * none of the mapped roles is a radiologist. The real app validates tokens against a loopback
 * server standing for Descope's key endpoint, as tests/server/identity/sessionVerifier.test.ts
 * does; Descope holds the accounts, so the account routes answer 409.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { whoAmIAnswerSchema } from '../../../contract'
import { createLocalAssistant } from '../../../server/assistant/local'
import { buildApp } from '../../../server/app'
import { loadConfig } from '../../../server/config'
import type { OpenDatabase } from '../../../server/db/client'
import {
  DEFAULT_DESCOPE_ROLE_MAP,
  parseDescopeRoleMap,
  rolesFromDescopeClaims,
} from '../../../server/identity/roles'
import { seedDemoData } from '../../../server/seed/seed'
import { openTestDatabase } from '../../support/testDatabase'
import { call } from '../admin/accountsHarness'

const MAP = 'radiologist=Radiologist|Attending, trainee=Resident|Fellow, admin=Admin'

describe('RL-3 the role map', () => {
  it('RL-3 maps Descope roles without regard to case; a token with none of them is a radiologist; tenant roles are not read', () => {
    const map = parseDescopeRoleMap(MAP)
    if (typeof map === 'string') throw new Error(map)
    expect(rolesFromDescopeClaims({ roles: ['fellow'] }, map)).toEqual(['trainee'])
    expect(rolesFromDescopeClaims({ roles: ['Admin', 'ATTENDING'] }, map)).toEqual([
      'radiologist',
      'admin',
    ])
    expect(rolesFromDescopeClaims({ roles: ['trainee'] }, map)).toEqual(['radiologist'])
    expect(rolesFromDescopeClaims({}, map)).toEqual(['radiologist'])
    expect(
      rolesFromDescopeClaims({ tenants: { T1: { roles: ['Admin'] } }, roles: ['Resident'] }, map),
    ).toEqual(['trainee'])
    expect(rolesFromDescopeClaims({ roles: ['trainee', 7] }, DEFAULT_DESCOPE_ROLE_MAP)).toEqual([
      'trainee',
    ])
  })

  it('RL-3 a malformed DESCOPE_ROLE_MAP stops the start with a message naming it', () => {
    for (const bad of ['root=Admin', 'admin', 'admin=Admin=Boss', 'trainee=Resident|', ' , '])
      expect(() => loadConfig({ DESCOPE_PROJECT_ID: 'P1', DESCOPE_ROLE_MAP: bad })).toThrow(
        /DESCOPE_ROLE_MAP/,
      )
    expect(loadConfig({ DESCOPE_PROJECT_ID: 'P1', DESCOPE_ROLE_MAP: MAP }).identity).toMatchObject({
      roleMap: {
        radiologist: ['Radiologist', 'Attending'],
        trainee: ['Resident', 'Fellow'],
        admin: ['Admin'],
      },
    })
  })
})

describe('RL-3 Descope sessions in the app', () => {
  const projectId = 'P2xReadoutRolesTestProject000'
  const kid = 'roles-key-1'
  let keys: Server
  let signingKey: CryptoKey
  let database: OpenDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true })
    signingKey = pair.privateKey
    const jwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' }
    keys = createServer((request, response) => {
      const ours = request.url === `/v2/keys/${projectId}`
      response.writeHead(ours ? 200 : 404, { 'content-type': 'application/json' })
      response.end(JSON.stringify(ours ? { keys: [jwk] } : { errorCode: 'E000404' }))
    })
    await new Promise<void>((resolve) => keys.listen(0, '127.0.0.1', resolve))
    database = await openTestDatabase()
    await seedDemoData(database.db, { now: new Date('2026-11-20T08:00:00Z') })
    app = await buildApp({
      config: loadConfig({
        HOST: '127.0.0.1',
        STATIC_DIR: '/nonexistent',
        DESCOPE_PROJECT_ID: projectId,
        DESCOPE_BASE_URL: `http://127.0.0.1:${(keys.address() as AddressInfo).port}`,
        DESCOPE_ROLE_MAP: MAP,
      }),
      db: database.db,
      assistant: createLocalAssistant(),
      logger: false,
    })
    await app.ready()
  })

  afterAll(async () => {
    await app.close()
    await database.close()
    await new Promise<void>((resolve) => {
      keys.close(() => {
        resolve()
      })
    })
  })

  const token = (sub: string, claims: Record<string, unknown>) =>
    new SignJWT({ drn: 'DS', name: `Dr ${sub}`, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(`https://api.descope.com/${projectId}`)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(signingKey)

  it('RL-3 RL-6 GET /me answers the mapped roles; a single user may clear all until a second appears in the trail', async () => {
    const resident = await token('U2resident', { roles: ['Resident'] })
    const first = await call(app, 'GET', '/me', resident)
    expect(first.status).toBe(200)
    expect(whoAmIAnswerSchema.parse(first.body)).toEqual({
      user_id: 'U2resident',
      name: 'Dr U2resident',
      roles: ['trainee'],
      clear_all: true,
    })
    const plain = await token('U2plain', {})
    const order = (await call(app, 'GET', '/orders', plain)).body as { id: string }[]
    expect((await call(app, 'POST', `/orders/${order[0]?.id}/initialize`, plain)).status).toBe(200)
    expect(whoAmIAnswerSchema.parse((await call(app, 'GET', '/me', resident)).body)).toMatchObject({
      clear_all: false,
    })
    expect(
      (await call(app, 'POST', `/orders/${order[0]?.id}/report/finalize`, resident, {})).status,
    ).toBe(403)
    expect(whoAmIAnswerSchema.parse((await call(app, 'GET', '/me', plain)).body).roles).toEqual([
      'radiologist',
    ])
  })

  it('RL-3 the accounts are managed in Descope: an admin reads the audit trail, but the account routes answer 409', async () => {
    const admin = await token('U2admin', { roles: ['Admin'] })
    for (const answer of [
      await call(app, 'GET', '/admin/users', admin),
      await call(app, 'PATCH', '/admin/users/U2resident', admin, { active: false }),
    ]) {
      expect(answer.status).toBe(409)
      expect(answer.body).toEqual({
        error: 'managed_by_identity_provider',
        message: 'Accounts and roles are managed in Descope.',
      })
    }
    expect((await call(app, 'GET', '/admin/audit', admin)).status).toBe(200)
  })
})
