/**
 * Password hashing with scrypt. A stored hash describes itself (`scrypt$N$r$p$salt$hash`,
 * base64 salt and hash), so the cost can be raised later without invalidating existing
 * accounts: verification always uses the parameters stored with the hash.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import type { ScryptOptions } from 'node:crypto'

export interface ScryptParams {
  N: number
  r: number
  p: number
}

/** 2^15 costs ~32 MiB and tens of milliseconds per hash: slow to brute-force, fine for a sign-in. */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 }

const SALT_BYTES = 16
const KEY_BYTES = 32
// A hash read from the database is trusted data, but a corrupted row must not make the server
// allocate gigabytes: refuse parameters far beyond anything this module writes (<= 256 MiB).
const MAX_N = 2 ** 17
const MAX_R = 16
const MAX_P = 16

function scryptAsync(
  password: string,
  salt: Buffer,
  keylen: number,
  params: ScryptParams,
): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    // Node's default ceiling (32 MiB) is exactly the memory N=2^15, r=8 needs; leave headroom.
    maxmem: 256 * params.N * params.r + 1024 * 1024,
  }
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, options, (error, key) => {
      if (error) reject(error)
      else resolve(key)
    })
  })
}

/** Composed and decomposed forms of the same characters must give the same password. */
const normalize = (password: string) => password.normalize('NFKC')

export async function hashPassword(
  password: string,
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await scryptAsync(normalize(password), salt, KEY_BYTES, params)
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$')
}

interface ParsedHash {
  params: ScryptParams
  salt: Buffer
  key: Buffer
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string]
  const params = { N: Number(n), r: Number(r), p: Number(p) }
  const isPowerOfTwo =
    Number.isInteger(params.N) && params.N > 1 && (params.N & (params.N - 1)) === 0
  if (!isPowerOfTwo || params.N > MAX_N) return null
  if (!Number.isInteger(params.r) || params.r < 1 || params.r > MAX_R) return null
  if (!Number.isInteger(params.p) || params.p < 1 || params.p > MAX_P) return null
  const saltBytes = Buffer.from(salt, 'base64')
  const keyBytes = Buffer.from(key, 'base64')
  if (saltBytes.length === 0 || keyBytes.length < 16) return null
  return { params, salt: saltBytes, key: keyBytes }
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored)
  if (!parsed) return false
  const candidate = await scryptAsync(
    normalize(password),
    parsed.salt,
    parsed.key.length,
    parsed.params,
  )
  return timingSafeEqual(candidate, parsed.key)
}

/**
 * A hash of a random password with the current parameters. Signing in to an unknown account
 * is checked against it, so that answer takes as long as a wrong password for a real one.
 */
export function createDummyHash(params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  return hashPassword(randomBytes(24).toString('base64'), params)
}
