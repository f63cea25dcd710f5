/**
 * SEC-13..SEC-16 over a real socket: weak passwords are refused at sign-up with advice, the
 * user's own words included; a flood from one address meets its token bucket before anything is
 * hashed; and a sign-in refused because the server is busy does not count as a guess.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { skipDatabase } from '../../support/testDatabase'
import { burst, signInOver, signUpOver, startServers, statuses, type Servers } from './burstHarness'
import { PASSWORD, uniqueEmail } from './identityHarness'

let servers: Servers | undefined

afterEach(async () => {
  await servers?.close()
  servers = undefined
})

async function start(env: Record<string, string> = {}): Promise<string> {
  servers = await startServers(1, env)
  return servers.urls[0] ?? ''
}

describe.skipIf(skipDatabase)('SEC-14 weak passwords', () => {
  it('SEC-14 SEC-15 eight spaces, aaaaaaaa, abcdefgh, readout1, radiology and the login id itself are refused with advice; a strong one is accepted', async () => {
    const base = await start()
    const loginId = uniqueEmail('jane.doe')
    for (const password of ['        ', 'aaaaaaaa', 'abcdefgh', 'readout1', 'radiology', loginId]) {
      const answer = await signUpOver(base, loginId, password)
      expect(answer.status, password).toBe(400)
      expect(answer.body?.errorCode).toBe('E011003')
      // The sign-up form shows the message under the password field: it says what to do.
      expect(answer.body?.errorMessage, password).toMatch(
        /^password is too easy to guess: .+\. Add more words that are less common\./,
      )
    }
    const own = await signUpOver(base, loginId, 'readout1')
    expect(own.body?.errorMessage).toContain(
      'your e-mail address, your name or a word of this service',
    )
    expect((await signUpOver(base, loginId, 'mauve kettle orbit 17')).status).toBe(200)
  })

  it("SEC-14 the user's name, run together or not, is a word of their own", async () => {
    const base = await start()
    // signUpOver names every user 'Dr Burst'.
    for (const password of ['DrBurst2024', 'Dr Burst 1', 'burstburst']) {
      const answer = await signUpOver(base, uniqueEmail('named'), password)
      expect(answer.status, password).toBe(400)
    }
  })
})

describe.skipIf(skipDatabase)('SEC-13 the sign-up bucket', () => {
  it('SEC-13 a burst of sign-ups from one address inside the hourly quota: the bucket lets its size through and answers the rest 429 with Retry-After; another address still signs up', async () => {
    const base = await start({ SIGNUP_BURST_PER_ADDRESS: '3', SIGNUP_PER_ADDRESS_PER_MINUTE: '1' })
    const flood = burst(
      Array.from(
        { length: 12 },
        (_, index) => () =>
          signUpOver(base, `bucket.${index}@example.org`, PASSWORD, '203.0.113.50'),
      ),
    )
    const answers = await flood.answers
    const counts = statuses(answers)
    expect(counts.get(200)).toBe(3)
    expect(counts.get(429)).toBe(9)
    for (const answer of answers.filter(({ status }) => status === 429)) {
      expect(answer.body?.errorCode).toBe('E130429')
      expect(answer.body?.errorMessage).toMatch(
        /^Too many sign-ups from this address; try again in \d+ seconds\.$/,
      )
      expect(Number(answer.retryAfter)).toBeGreaterThan(0)
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60)
    }
    expect((await signUpOver(base, uniqueEmail('next'), PASSWORD, '203.0.113.51')).status).toBe(200)
  })
})

describe.skipIf(skipDatabase)('SEC-16 busy is not a guess', () => {
  it('SEC-16 sign-ins refused with 503 while the password queue is full do not count toward the lockout', async () => {
    const base = await start({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '0' })
    const loginId = uniqueEmail('busy')
    expect((await signUpOver(base, loginId, PASSWORD, '203.0.113.60')).status).toBe(200)
    // More wrong guesses at once than the lockout allows (5): one is checked, the rest are busy.
    const answers = await burst(
      Array.from(
        { length: 12 },
        () => () => signInOver(base, loginId, 'wrong guess 1', '203.0.113.61'),
      ),
    ).answers
    const counts = statuses(answers)
    expect(counts.get(500) ?? 0).toBe(0)
    expect(counts.get(503) ?? 0).toBeGreaterThan(5)
    for (const answer of answers.filter(({ status }) => status === 503)) {
      expect(answer.body?.errorCode).toBe('E010503')
      expect(Number(answer.retryAfter)).toBeGreaterThan(0)
    }
    // Only the checked guesses counted: the user still signs in from elsewhere.
    expect((await signInOver(base, loginId, PASSWORD, '203.0.113.62')).status).toBe(200)
  })
})
