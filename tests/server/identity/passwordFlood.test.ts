/**
 * SEC-12, SEC-13: a flood of sign-ups does not starve the API. Over a real socket, attackers keep
 * more sign-ups in flight than the password queue holds, each from an address of its own (so no
 * per-address limit stops them), while a signed-in user reads the worklist in a loop. The reads
 * are compared with the same reads before the flood: password work runs a few at a time, and the
 * excess is answered at once with 503 and Retry-After, never 500.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultHashConcurrency } from '../../../server/identity/hashQueue'
import { skipDatabase } from '../../support/testDatabase'
import {
  apiOver,
  signUpOver,
  startServers,
  statuses,
  type Answer,
  type Servers,
} from './burstHarness'
import { uniqueEmail } from './identityHarness'

const STRONG = 'mauve kettle orbit 17'
/** More than the queue and the slots together. */
const WAVE = 60
const WAVES = 3
const READS = 30
const QUEUE = 6

let servers: Servers
let base = ''

beforeAll(async () => {
  servers = await startServers(
    1,
    {
      // The default of a 2-core machine.
      PASSWORD_HASH_CONCURRENCY: String(defaultHashConcurrency(2)),
      PASSWORD_HASH_QUEUE: String(QUEUE),
      SIGNUP_MAX_PER_ADDRESS: '1000',
    },
    { seed: true },
  )
  base = servers.urls[0] ?? ''
})

afterAll(async () => {
  await servers.close()
})

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0
}

async function timedReads(token: string, count: number): Promise<number[]> {
  const times: number[] = []
  for (let index = 0; index < count; index += 1) {
    const started = performance.now()
    const answer = await apiOver(base, 'GET', '/orders', token)
    times.push(performance.now() - started)
    expect(answer.status).toBe(200)
  }
  return times
}

let addresses = 0
const nextAddress = () => {
  addresses += 1
  return `198.18.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`
}

describe.skipIf(skipDatabase)('SEC-12 a sign-up flood and the API', () => {
  it('SEC-12 SEC-13 reads stay fast while more sign-ups are in flight than the queue holds; the excess gets 503 with Retry-After, none 500', async () => {
    const reader = await signUpOver(base, uniqueEmail('reader'), STRONG, '203.0.113.7')
    expect(reader.status).toBe(200)
    const token = String(reader.body?.sessionJwt)
    // Warm up: the first estimate loads the dictionaries, the first read builds the worklist.
    expect((await signUpOver(base, uniqueEmail('warm'), STRONG, nextAddress())).status).toBe(200)
    await timedReads(token, 5)
    const quiet = await timedReads(token, READS)

    // Waves of sign-ups sent at once, each from an address of its own, until the reads are done.
    const state = { flooding: true }
    let waves = 0
    const answers: Answer[] = []
    const flood = (async () => {
      for (; state.flooding; waves += 1) {
        const wave = Array.from({ length: WAVE }, () =>
          signUpOver(base, uniqueEmail('flood'), STRONG, nextAddress()),
        )
        answers.push(...(await Promise.all(wave)))
      }
    })()
    // Let the first wave reach the server before the reads start.
    await new Promise((resolve) => setTimeout(resolve, 200))
    const loopDelay = monitorEventLoopDelay({ resolution: 10 })
    loopDelay.enable()
    // A server the flood starves gets a minute, then fails on the ratio rather than a timeout.
    const deadline = performance.now() + 45_000
    const loud: number[] = []
    while ((loud.length < READS || waves < WAVES) && performance.now() < deadline) {
      loud.push(...(await timedReads(token, 1)))
    }
    loopDelay.disable()
    state.flooding = false
    await flood

    const counts = statuses(answers)
    const ratio = p95(loud) / p95(quiet)
    console.log(
      `SEC-12 reads p95 ${p95(quiet).toFixed(1)} ms quiet, ${p95(loud).toFixed(1)} ms under the flood (x${ratio.toFixed(1)}); ${loud.length} reads, event loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms; ${waves} waves of sign-ups: ${JSON.stringify(Object.fromEntries(counts))}`,
    )
    expect(counts.get(500) ?? 0).toBe(0)
    // Before the queue the ratio was 491 (two reads in 45 s); with it 1.7 to 7.1 on a machine at
    // load 10 to 13. The bound sits far from both, so a busy CI host cannot flip it (SEC-12).
    expect(ratio).toBeLessThan(50)
    expect([...counts.keys()].every((status) => [200, 503].includes(status))).toBe(true)
    expect(counts.get(200) ?? 0).toBeGreaterThan(0)
    expect(counts.get(503) ?? 0).toBeGreaterThan(0)
    for (const answer of answers.filter(({ status }) => status === 503)) {
      expect(answer.body?.errorCode).toBe('E010503')
      expect(Number(answer.retryAfter)).toBeGreaterThan(0)
    }
  })
})
