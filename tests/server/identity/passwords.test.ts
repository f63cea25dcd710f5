import { describe, expect, it } from 'vitest'
import {
  DEFAULT_SCRYPT_PARAMS,
  hashPassword,
  verifyPassword,
} from '../../../server/identity/passwords'

describe('password hashing', () => {
  it('stores scrypt parameters, salt and hash in one self-describing string', async () => {
    const stored = await hashPassword('correct horse battery')
    const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$')
    expect(scheme).toBe('scrypt')
    expect([Number(n), Number(r), Number(p)]).toEqual([
      DEFAULT_SCRYPT_PARAMS.N,
      DEFAULT_SCRYPT_PARAMS.r,
      DEFAULT_SCRYPT_PARAMS.p,
    ])
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16)
    expect(Buffer.from(hash!, 'base64')).toHaveLength(32)
    expect(rest).toEqual([])
    expect(stored).not.toContain('correct horse')
  })

  it('verifies the right password only, and salts every hash differently', async () => {
    const first = await hashPassword('correct horse battery')
    const second = await hashPassword('correct horse battery')
    expect(first).not.toBe(second)
    expect(await verifyPassword('correct horse battery', first)).toBe(true)
    expect(await verifyPassword('correct horse battery', second)).toBe(true)
    expect(await verifyPassword('correct horse batterY', first)).toBe(false)
    expect(await verifyPassword('', first)).toBe(false)
  })

  it('verifies with the parameters stored in the hash, so the cost can change later', async () => {
    const cheap = await hashPassword('correct horse battery', { N: 1024, r: 8, p: 1 })
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true)
    expect(await verifyPassword('correct horse battery', cheap)).toBe(true)
  })

  it('treats composed and decomposed accents as the same password', async () => {
    const stored = await hashPassword('caf\u00e9 au lait')
    expect(await verifyPassword('cafe\u0301 au lait', stored)).toBe(true)
  })

  it('refuses malformed or absurd stored hashes instead of throwing', async () => {
    const valid = await hashPassword('correct horse battery')
    const parts = valid.split('$')
    expect(await verifyPassword('correct horse battery', 'plain-text')).toBe(false)
    expect(
      await verifyPassword('correct horse battery', ['bcrypt', ...parts.slice(1)].join('$')),
    ).toBe(false)
    expect(
      await verifyPassword(
        'correct horse battery',
        ['scrypt', '1000', ...parts.slice(2)].join('$'),
      ),
    ).toBe(false)
    expect(
      await verifyPassword(
        'correct horse battery',
        ['scrypt', String(2 ** 24), ...parts.slice(2)].join('$'),
      ),
    ).toBe(false)
  })
})
