/**
 * SEC-1: sign-in limits hold under guesses sent all at once, to one server or to two on the same
 * database, and a guesser elsewhere does not lock the real user out. Default limits: 5 checked
 * passwords per login id, 20 per address, in 15 minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skipDatabase } from '../../support/testDatabase'
import {
  burst,
  signInOver,
  signUpOver,
  startServers,
  statuses,
  type Answer,
  type Servers,
} from './burstHarness'
import { PASSWORD, uniqueEmail } from './identityHarness'

const MAX_PER_LOGIN = 5
const GUESSES = 100

let servers: Servers

beforeAll(async () => {
  servers = await startServers(2)
})

afterAll(async () => {
  await servers.close()
})

let addressCounter = 0
/** A client address (as the proxy reports it) that no other test uses. */
const freshAddress = () => {
  addressCounter += 1
  return `203.0.113.${addressCounter}`
}

/** A new account, signed up from 127.0.0.1: the real user's usual workstation. */
async function account(): Promise<string> {
  const loginId = uniqueEmail('burst')
  const answer = await signUpOver(servers.urls[0] ?? '', loginId, PASSWORD)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return loginId
}

/** Every refusal is the Descope rate-limit error with a Retry-After in the window. */
function expectRefusals(answers: Answer[]) {
  for (const answer of answers.filter(({ status }) => status === 429)) {
    expect(answer.body?.errorCode).toBe('E130429')
    expect(Number(answer.retryAfter)).toBeGreaterThan(0)
    expect(Number(answer.retryAfter)).toBeLessThanOrEqual(15 * 60)
  }
}

/**
 * 100 wrong guesses at once from `from`, spread over `urls`; once the first refusal is back
 * (the limit is reached) and while the rest may still be under way, the right password too.
 */
async function guessAtOnce(urls: string[], loginId: string, from: string) {
  const { answers, firstRefused } = burst(
    Array.from(
      { length: GUESSES },
      (_, index) => () =>
        signInOver(urls[index % urls.length] ?? '', loginId, `wrong guess ${index}`, from),
    ),
  )
  await firstRefused
  const right = await signInOver(urls[0] ?? '', loginId, PASSWORD, from)
  return { guesses: await answers, right }
}

describe.skipIf(skipDatabase)('SEC-1 sign-in limits under parallel requests', () => {
  it('SEC-1 a burst of 100 parallel wrong passwords for one account checks at most 5, refuses the rest with 429, and the right password sent inside the burst does not sign in', async () => {
    const loginId = await account()
    const from = freshAddress()
    const { guesses, right } = await guessAtOnce([servers.urls[0] ?? ''], loginId, from)

    const counts = statuses(guesses)
    expect(counts.get(401) ?? 0).toBeLessThanOrEqual(MAX_PER_LOGIN)
    expect(counts.get(429) ?? 0).toBeGreaterThanOrEqual(GUESSES - MAX_PER_LOGIN)
    expect((counts.get(401) ?? 0) + (counts.get(429) ?? 0)).toBe(GUESSES)
    expectRefusals(guesses)
    expect(right.status).toBe(429)
    expect(right.body?.errorCode).toBe('E130429')
    // Still refused afterwards from any address the account never signed in from.
    expect(
      (await signInOver(servers.urls[0] ?? '', loginId, PASSWORD, freshAddress())).status,
    ).toBe(429)
  })

  it('SEC-1 two server instances on one database share the limit: 100 guesses spread over both check at most 5', async () => {
    const loginId = await account()
    const { guesses, right } = await guessAtOnce(servers.urls, loginId, freshAddress())

    const counts = statuses(guesses)
    expect(counts.get(401) ?? 0).toBeLessThanOrEqual(MAX_PER_LOGIN)
    expect(counts.get(429) ?? 0).toBeGreaterThanOrEqual(GUESSES - MAX_PER_LOGIN)
    expectRefusals(guesses)
    expect(right.status).toBe(429)
    for (const url of servers.urls) {
      expect((await signInOver(url, loginId, PASSWORD, freshAddress())).status).toBe(429)
    }
  })

  it('SEC-1 a guesser elsewhere does not lock the real user out: the right password from an address the account signed in from still signs in', async () => {
    const loginId = await account()
    const office = freshAddress()
    expect((await signInOver(servers.urls[0] ?? '', loginId, PASSWORD, office)).status).toBe(200)

    const { guesses } = await guessAtOnce(servers.urls, loginId, freshAddress())
    expect(statuses(guesses).get(401) ?? 0).toBeLessThanOrEqual(MAX_PER_LOGIN)

    // The workstation it signed up from and the office it signed in from are its own.
    for (const url of servers.urls) {
      expect((await signInOver(url, loginId, PASSWORD)).status).toBe(200)
      expect((await signInOver(url, loginId, PASSWORD, office)).status).toBe(200)
    }
    // An address it never signed in from is still locked out.
    expect(
      (await signInOver(servers.urls[1] ?? '', loginId, PASSWORD, freshAddress())).status,
    ).toBe(429)
  })

  it('SEC-1 a guesser at an address the account signed in from gets that address its own 5 checks, no more', async () => {
    const loginId = await account()
    const office = freshAddress()
    expect((await signInOver(servers.urls[0] ?? '', loginId, PASSWORD, office)).status).toBe(200)

    const { guesses, right } = await guessAtOnce(servers.urls, loginId, office)
    expect(statuses(guesses).get(401) ?? 0).toBeLessThanOrEqual(MAX_PER_LOGIN)
    expect(right.status).toBe(429)
    // The workstation the account signed up from keeps its own count.
    expect((await signInOver(servers.urls[1] ?? '', loginId, PASSWORD)).status).toBe(200)
  })
})
