/**
 * RL-3: Descope mode's roles. The session token's top-level `roles` claim (the project's roles),
 * mapped by DESCOPE_ROLE_MAP, gives the user's roles; tenant roles are not read; a token with
 * none of the mapped roles is a radiologist. The real app validates tokens against a loopback
 * server standing for Descope's key endpoint, as tests/server/identity/sessionVerifier.test.ts
 * does; Descope holds the accounts, so the account routes answer 409.
 */
import type { FastifyInstance } from 'fastify'
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
import { startDescopeKeys, type DescopeKeys } from './descopeKeys'

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
  let keys: DescopeKeys
  let database: OpenDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    keys = await startDescopeKeys(projectId, kid)
    database = await openTestDatabase()
    await seedDemoData(database.db, { now: new Date('2026-11-20T08:00:00Z') })
    app = await buildApp({
      config: loadConfig({
        HOST: '127.0.0.1',
        STATIC_DIR: '/nonexistent',
        DESCOPE_PROJECT_ID: projectId,
        DESCOPE_BASE_URL: keys.baseUrl,
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
    await keys.close()
  })

  const token = (sub: string, claims: Record<string, unknown>) =>
    keys.token(sub, { name: `Dr ${sub}`, ...claims })

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
