/**
 * The guard checks a session token's signature once per process and its lifetime at every use:
 * what it remembers answers exactly as `verifyToken` would.
 */
import { describe, expect, it } from 'vitest'
import type { LocalTokenClaims } from '../../../server/identity/tokens'
import { createVerifiedTokens } from '../../../server/identity/verifiedTokens'

const at = (iso: string) => new Date(iso)
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000)

function claimsFor(issued: string, expires: string): LocalTokenClaims {
  return {
    iss: 'local',
    sub: 'user-1',
    iat: seconds(issued),
    exp: seconds(expires),
    jti: 'jti-1',
    typ: 'session',
    sid: 'family-1',
  }
}

describe('verified session tokens', () => {
  it('SEC-4 a token is checked once, then answered from memory while it lives', async () => {
    const tokens = createVerifiedTokens()
    const claims = claimsFor('2026-11-25T10:00:00Z', '2026-11-25T10:10:00Z')
    let checks = 0
    const verify = () => {
      checks += 1
      return Promise.resolve(claims)
    }
    expect(await tokens.claims('t', at('2026-11-25T10:00:01Z'), verify)).toEqual(claims)
    expect(await tokens.claims('t', at('2026-11-25T10:09:00Z'), verify)).toEqual(claims)
    expect(checks).toBe(1)
  })

  it('SEC-4 a remembered token past its expiry (and the 5 s tolerance) is checked again, and refused', async () => {
    const tokens = createVerifiedTokens()
    const claims = claimsFor('2026-11-25T10:00:00Z', '2026-11-25T10:10:00Z')
    await tokens.claims('t', at('2026-11-25T10:00:01Z'), () => Promise.resolve(claims))
    let checks = 0
    const refuse = () => {
      checks += 1
      return Promise.resolve(null)
    }
    expect(await tokens.claims('t', at('2026-11-25T10:10:04Z'), refuse)).toEqual(claims)
    expect(await tokens.claims('t', at('2026-11-25T10:10:05Z'), refuse)).toBeNull()
    expect(checks).toBe(1)
  })

  it('SEC-4 a remembered token issued more than 5 s after the clock (a clock stepped back) is checked again', async () => {
    const tokens = createVerifiedTokens()
    const claims = claimsFor('2026-11-25T10:00:00Z', '2026-11-25T10:10:00Z')
    await tokens.claims('t', at('2026-11-25T10:00:00Z'), () => Promise.resolve(claims))
    expect(
      await tokens.claims('t', at('2026-11-25T09:59:54Z'), () => Promise.resolve(null)),
    ).toBeNull()
  })

  it('forgets the oldest token past its limit, and a refused token is never remembered', async () => {
    const tokens = createVerifiedTokens(2)
    const now = at('2026-11-25T10:00:01Z')
    const claims = claimsFor('2026-11-25T10:00:00Z', '2026-11-25T10:10:00Z')
    let checks = 0
    const verify = () => {
      checks += 1
      return Promise.resolve(claims)
    }
    await tokens.claims('a', now, verify)
    await tokens.claims('b', now, verify)
    await tokens.claims('c', now, verify)
    await tokens.claims('a', now, verify)
    expect(checks).toBe(4)
    await tokens.claims('x', now, () => Promise.resolve(null))
    expect(await tokens.claims('x', now, verify)).toEqual(claims)
  })
})
