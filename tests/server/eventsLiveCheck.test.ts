/**
 * SEC-24: not one frame after a sign-in's end is known. The hub asks each stream whether its
 * sign-in is live before every write, so a stream whose revocation is known but whose socket has
 * not closed yet gets nothing more; and a stream that starts after its family's notice was heard
 * (the guard's check came just before it) ends at once.
 */
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderListSchema } from '../../contract'
import type { EventSink } from '../../server/events/hub'
import { startTestApp, type TestApp } from '../support/testApp'
import { skipDatabase } from '../support/testDatabase'
import { sdkAuthorization } from './identity/identityHarness'

interface RecordingSink extends EventSink {
  chunks: string[]
  ended: boolean
  alive: boolean
}

function recordingSink(onWrite?: () => void): RecordingSink {
  const sink: RecordingSink = {
    chunks: [],
    ended: false,
    alive: true,
    write(chunk) {
      sink.chunks.push(chunk)
      onWrite?.()
    },
    backlog: () => 0,
    end() {
      sink.ended = true
    },
    live: () => sink.alive,
  }
  return sink
}

describe.skipIf(skipDatabase)('SEC-24 nothing after the end is known', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(async () => {
    await t.close()
  })

  it('SEC-24 a stream whose sign-in is known ended gets no frame, not even one already on its way, and is ended', async () => {
    const { hub } = t.app.liveEvents
    const token = (await t.signUp(undefined, 'Dr Colleague')).token
    const id = orderListSchema
      .parse((await t.api('GET', '/orders', { token })).json())
      .find((order) => !order.report?.is_final)!.id

    const revoked = recordingSink()
    let heard: () => void = () => undefined
    const claimHeard = new Promise<void>((resolve) => {
      heard = resolve
    })
    const witness = recordingSink(() => {
      if (witness.chunks.some((chunk) => chunk.includes('order.claimed'))) heard()
    })
    const stops = [await hub.attach(revoked, undefined), await hub.attach(witness, undefined)]
    const before = revoked.chunks.length
    expect(before).toBeGreaterThan(0)

    // The revocation is known; the socket has not closed yet.
    revoked.alive = false
    expect((await t.api('POST', `/orders/${id}/claim`, { token })).statusCode).toBe(200)
    await claimHeard

    expect(revoked.chunks).toHaveLength(before)
    expect(revoked.ended).toBe(true)
    for (const stop of stops) stop()
  })

  it('SEC-24 a stream that starts after its family’s notice was heard ends at once', async () => {
    const { sessions } = t.app.liveEvents
    const reader = await t.signUp(undefined, 'Dr Reader')
    const logout = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: sdkAuthorization(reader.refreshJwt),
      payload: {},
    })
    expect(logout.statusCode).toBe(200)

    let ended = false
    const watch = sessions!.watch(
      { userId: reader.userId, familyId: String(decodeJwt(reader.token).sid) },
      () => {
        ended = true
      },
    )
    expect(ended).toBe(true)
    expect(watch.live()).toBe(false)
  })
})
