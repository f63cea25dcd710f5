/**
 * Who a session is for, as the SessionBridge tells the store: the session token's subject, read
 * without the token ever leaving the auth feature; nothing at all from anything else.
 */
import { describe, expect, it } from 'vitest'
import { sessionUserId, tokenSubject } from '../../../../src/features/auth/sessionUser'

const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const jwt = (payload: unknown) => `${segment({ alg: 'ES384' })}.${segment(payload)}.signature`

describe('the session’s user', () => {
  it('ID-2 is the session token’s subject', () => {
    expect(tokenSubject(jwt({ sub: 'U2abc-_', exp: 1 }))).toBe('U2abc-_')
    // base64url without padding, and a subject beyond ASCII.
    expect(tokenSubject(jwt({ sub: 'Zoë', iss: 'P-x' }))).toBe('Zoë')
  })

  it('ID-2 is unknown for anything but a JWT with a subject', () => {
    expect(tokenSubject(undefined)).toBeNull()
    expect(tokenSubject('')).toBeNull()
    expect(tokenSubject('not-a-jwt')).toBeNull()
    expect(tokenSubject('a.%%%.c')).toBeNull()
    expect(tokenSubject(`x.${segment('just a string')}.y`)).toBeNull()
    expect(tokenSubject(jwt({ sub: '' }))).toBeNull()
    expect(tokenSubject(jwt({ sub: 42 }))).toBeNull()
  })

  it('ID-2 falls back on the claims the SDK received when the token says nothing', () => {
    expect(sessionUserId(jwt({ sub: 'U1' }), { sub: 'U9' })).toBe('U1')
    expect(sessionUserId('', { sub: 'U9' })).toBe('U9')
    expect(sessionUserId(undefined, {})).toBeNull()
    expect(sessionUserId(undefined, null)).toBeNull()
  })
})
