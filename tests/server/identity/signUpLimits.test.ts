/**
 * SEC-7: sign-up is limited per client address before any password is hashed, so a flood of
 * sign-ups from one address neither creates accounts without end nor holds other users up; the
 * most common passwords are refused with a field message, like a short one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { like } from 'drizzle-orm'
import { users } from '../../../server/db/schema'
import { skipDatabase } from '../../support/testDatabase'
import { apiOver, burst, signUpOver, startServers, statuses, type Servers } from './burstHarness'
import { PASSWORD, uniqueEmail } from './identityHarness'

const MAX_SIGN_UPS = 10
const SIGN_UPS = 100

let servers: Servers
let base = ''

beforeAll(async () => {
  servers = await startServers(1, { SIGNUP_MAX_PER_ADDRESS: String(MAX_SIGN_UPS) })
  base = servers.urls[0] ?? ''
})

afterAll(async () => {
  await servers.close()
})

describe.skipIf(skipDatabase)('SEC-7 sign-up limits and common passwords', () => {
  it('SEC-7 100 parallel sign-ups from one address: at most the limit are created, the rest get 429 with Retry-After, and another user is answered meanwhile', async () => {
    const other = await signUpOver(base, uniqueEmail('other'), PASSWORD)
    expect(other.status).toBe(200)
    const token = String(other.body?.sessionJwt)

    const flood = burst(
      Array.from(
        { length: SIGN_UPS },
        (_, index) => () =>
          signUpOver(base, `flood.${index}@example.org`, PASSWORD, '203.0.113.80'),
      ),
    )
    // Another signed-in user reads the worklist while the flood is under way.
    const read = await apiOver(base, 'GET', '/orders', token)
    expect(read.status).toBe(200)

    const answers = await flood.answers
    const counts = statuses(answers)
    expect(counts.get(200) ?? 0).toBeLessThanOrEqual(MAX_SIGN_UPS)
    expect(counts.get(429) ?? 0).toBeGreaterThanOrEqual(SIGN_UPS - MAX_SIGN_UPS)
    expect((counts.get(200) ?? 0) + (counts.get(429) ?? 0)).toBe(SIGN_UPS)
    for (const answer of answers.filter(({ status }) => status === 429)) {
      expect(answer.body?.errorCode).toBe('E130429')
      expect(answer.body?.errorMessage).toMatch(/too many sign-ups/i)
      expect(Number(answer.retryAfter)).toBeGreaterThan(0)
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60 * 60)
    }
    const created = await servers.db
      .select({ id: users.id })
      .from(users)
      .where(like(users.loginId, 'flood.%'))
    expect(created.length).toBe(counts.get(200) ?? 0)

    // Another address still signs up.
    expect((await signUpOver(base, uniqueEmail('late'), PASSWORD, '203.0.113.81')).status).toBe(200)
  })

  it('SEC-7 the most common passwords are refused at sign-up with a field message, whatever their case', async () => {
    for (const password of ['password1', '12345678', 'qwertyui', 'Password1', 'P@ssw0rd']) {
      const answer = await signUpOver(base, uniqueEmail('common'), password, '203.0.113.90')
      expect(answer.status, password).toBe(400)
      expect(answer.body?.errorCode).toBe('E011003')
      expect(answer.body?.errorMessage).toBe(
        'password is one of the most common passwords; choose one that is harder to guess',
      )
    }
    const short = await signUpOver(base, uniqueEmail('short'), 'abc', '203.0.113.90')
    expect(short.body?.errorMessage).toBe('password must be at least 8 characters')
    expect((await signUpOver(base, uniqueEmail('fine'), PASSWORD, '203.0.113.90')).status).toBe(200)
  })
})
