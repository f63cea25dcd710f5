import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import { settings } from '../../../server/db/schema'
import { JWT_SECRET_SETTING, loadOrCreateSigningKeys } from '../../../server/identity/keys'
import { localIdentityRoutes } from '../../../server/identity/localIdentity'
import { createSessionVerifier } from '../../../server/identity/sessionVerifier'
import { openTestDatabase } from '../../support/testDatabase'
import {
  defaultIdentityConfig,
  postWithToken,
  signedUpUser,
  startIdentity,
} from './identityHarness'
import type { JwtAnswerBody } from './identityHarness'

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'readout-identity-'))

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the signing secret', () => {
  it('is created once, 256 bits, in the settings table, and loading it again gives the same secret', async () => {
    const database = await openTestDatabase()
    try {
      const first = await loadOrCreateSigningKeys(database.db)
      const second = await loadOrCreateSigningKeys(database.db)
      expect(first.secret).toHaveLength(32)
      expect(Buffer.from(second.secret).equals(Buffer.from(first.secret))).toBe(true)
      const rows = await database.db
        .select()
        .from(settings)
        .where(eq(settings.key, JWT_SECRET_SETTING))
      expect(rows).toHaveLength(1)
      expect(Buffer.from(rows[0]!.value, 'base64url').equals(Buffer.from(first.secret))).toBe(true)
    } finally {
      await database.close()
    }
  })

  it('is shared by the identity routes and the verifier when both load it from the database', async () => {
    const database = await openTestDatabase()
    const app = Fastify({ logger: false })
    try {
      await app.register(localIdentityRoutes, { db: database.db, config: defaultIdentityConfig })
      const verifier = await createSessionVerifier({ mode: 'local', db: database.db })
      const { sessionJwt, user } = await signedUpUser(app)
      expect(await verifier.verify(sessionJwt)).toMatchObject({ userId: user.userId })
    } finally {
      await app.close()
      await database.close()
    }
  })

  it('ID-1 survives a restart: tokens issued before it still verify and refresh afterwards', async () => {
    const before = await startIdentity({ target: { kind: 'pglite', dataDir } })
    let issued: Awaited<ReturnType<typeof signedUpUser>>
    try {
      issued = await signedUpUser(before.app)
    } finally {
      await before.close()
    }

    const after = await startIdentity({ target: { kind: 'pglite', dataDir } })
    try {
      const verifier = await createSessionVerifier({ mode: 'local', db: after.database.db })
      expect(await verifier.verify(issued.sessionJwt)).toMatchObject({ userId: issued.user.userId })

      const refreshed = await postWithToken(after.app, '/v1/auth/refresh', issued.refreshJwt)
      expect(refreshed.statusCode).toBe(200)
      expect(refreshed.json<JwtAnswerBody>().user).toEqual(issued.user)
    } finally {
      await after.close()
    }
  })
})
