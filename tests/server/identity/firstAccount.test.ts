/**
 * RL-1: the first account of a server is its admin, and only one account can be first. Sign-ups
 * sent at the same moment over real sockets to two instances (on PostgreSQL each with its own
 * pool, as separate processes would have; PGlite in memory is one instance) from different
 * addresses, to an empty database: exactly one of them becomes admin and radiologist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../server/db/schema'
import { skipDatabase } from '../../support/testDatabase'
import { burst, signUpOver, startServers, statuses, type Servers } from './burstHarness'
import { PASSWORD, uniqueEmail } from './identityHarness'

const SIGN_UPS = 8

describe.skipIf(skipDatabase)('RL-1 the first account', () => {
  let servers: Servers

  beforeAll(async () => {
    servers = await startServers(2, {
      PASSWORD_HASH_CONCURRENCY: '4',
      PASSWORD_HASH_QUEUE: '100',
      SIGNUP_BURST_PER_ADDRESS: '100',
    })
  })

  afterAll(async () => {
    await servers.close()
  })

  it('RL-1 eight first sign-ups at the same moment on two instances make exactly one admin; the rest are radiologists', async () => {
    const { answers } = burst(
      Array.from(
        { length: SIGN_UPS },
        (_, i) => () =>
          signUpOver(
            servers.urls[i % servers.urls.length] ?? '',
            uniqueEmail(`first-${i}`),
            PASSWORD,
            `10.9.0.${i + 1}`,
          ),
      ),
    )
    expect(statuses(await answers)).toEqual(new Map([[200, SIGN_UPS]]))
    const accounts = await servers.db.select({ roles: users.roles }).from(users)
    expect(accounts).toHaveLength(SIGN_UPS)
    const roles = accounts.map((account) => JSON.stringify(account.roles)).sort()
    expect(roles).toEqual([
      '["admin","radiologist"]',
      ...Array.from({ length: SIGN_UPS - 1 }, () => '["radiologist"]'),
    ])
  })
})
