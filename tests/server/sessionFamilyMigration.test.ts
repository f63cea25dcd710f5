/**
 * SEC-4: the migration that brings session families keeps the sessions of a running server:
 * every refresh token chain becomes one family, named by its first token, so a refresh token
 * issued before the upgrade still refreshes, and logging out with its successor ends them all.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, asc, eq, isNull } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { createLocalAssistant } from '../../server/assistant/local'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/client'
import { refreshTokens } from '../../server/db/schema'
import { loadOrCreateSigningKeys } from '../../server/identity/keys'
import { signToken } from '../../server/identity/tokens'
import { createTestClock, sdkAuthorization } from './identity/identityHarness'
import { createDatabaseBefore } from '../support/migrations'
import { onPostgres } from '../support/testDatabase'

const USER = 'Ubefore0000000000000000000000000'

describe.skipIf(onPostgres)('SEC-4 the session family migration', () => {
  it('SEC-4 gives each refresh token chain written before it one family, named by its first token; the old refresh token still refreshes and logout ends the chain', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'readout-families-'))
    try {
      const before = await createDatabaseBefore(dataDir, '0004_session_families')
      const at = '2026-11-20T08:00:00Z'
      const later = '2026-12-20T08:00:00Z'
      await before.exec(`
        insert into users (id, login_id, email, name, password_hash)
          values ('${USER}', 'before@hospital.test', 'before@hospital.test', 'Dr Before', 'x');
        insert into refresh_tokens (id, user_id, expires_at, revoked_at, replaced_by) values
          ('r0', '${USER}', '${later}', '${at}', 'r1'),
          ('r2', '${USER}', '${later}', null, null),
          ('r1', '${USER}', '${later}', '${at}', 'r2'),
          ('s0', '${USER}', '${later}', null, null),
          ('t0', '${USER}', '${later}', '${at}', 't1'),
          ('t1', '${USER}', '${later}', '${at}', null);`)
      await before.close()

      const database = await openDatabase({ kind: 'pglite', dataDir })
      const clock = createTestClock(new Date('2026-11-21T08:00:00Z'))
      const app = await buildApp({
        config: loadConfig({ HOST: '127.0.0.1', STATIC_DIR: '/nonexistent', DATA_DIR: dataDir }),
        db: database.db,
        assistant: createLocalAssistant(),
        logger: false,
        now: clock.now,
      })
      try {
        const families = () =>
          database.db
            .select({ id: refreshTokens.id, familyId: refreshTokens.familyId })
            .from(refreshTokens)
            .orderBy(asc(refreshTokens.id))
        expect(await families()).toEqual([
          { id: 'r0', familyId: 'r0' },
          { id: 'r1', familyId: 'r0' },
          { id: 'r2', familyId: 'r0' },
          { id: 's0', familyId: 's0' },
          { id: 't0', familyId: 't0' },
          { id: 't1', familyId: 't0' },
        ])

        // Tokens as the server before the upgrade signed them: no session family claim.
        const keys = await loadOrCreateSigningKeys(database.db)
        const old = (type: 'session' | 'refresh', jti: string) =>
          signToken(keys, {
            type,
            userId: USER,
            jti,
            issuedAt: clock.now(),
            expiresAt: new Date(clock.now().getTime() + 600_000),
          })
        const orders = async (token: string) =>
          (
            await app.inject({
              method: 'GET',
              url: '/api/v1/orders',
              headers: { authorization: `Bearer ${token}` },
            })
          ).statusCode
        expect(await orders((await old('session', 'old-session')).jwt)).toBe(401)

        const refreshed = await app.inject({
          method: 'POST',
          url: '/v1/auth/refresh',
          headers: sdkAuthorization((await old('refresh', 'r2')).jwt),
          payload: {},
        })
        expect(refreshed.statusCode).toBe(200)
        const next = refreshed.json<{ sessionJwt: string; refreshJwt: string }>()
        expect(decodeJwt(next.sessionJwt).sid).toBe('r0')
        expect(await orders(next.sessionJwt)).toBe(200)

        const logout = await app.inject({
          method: 'POST',
          url: '/v1/auth/logout',
          headers: sdkAuthorization(next.refreshJwt),
          payload: {},
        })
        expect(logout.statusCode).toBe(200)
        expect(await orders(next.sessionJwt)).toBe(401)
        const notRevoked = await database.db
          .select({ id: refreshTokens.id })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.userId, USER), isNull(refreshTokens.revokedAt)))
        expect(notRevoked).toEqual([{ id: 's0' }])
      } finally {
        await app.close()
        await database.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
