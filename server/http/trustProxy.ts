/**
 * TRUST_PROXY: which reverse proxies' X-Forwarded-For the server believes for `request.ip` (the
 * per-address sign-in limit, the audit's address), read and checked at start-up.
 */
import { isIP } from 'node:net'
import { z } from 'zod'

/** What Fastify's `trustProxy` is given: which proxies' X-Forwarded-For to believe for `request.ip`. */
export type TrustProxy = boolean | string[]

/** proxy-addr's names for address ranges, usable in the list alongside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal']

function isAddressOrCidr(entry: string): boolean {
  const slash = entry.indexOf('/')
  const version = isIP(slash < 0 ? entry : entry.slice(0, slash))
  if (version === 0) return false
  if (slash < 0) return true
  const prefix = entry.slice(slash + 1)
  // proxy-addr refuses a /0 range: TRUST_PROXY=true says that.
  return /^[1-9]\d{0,2}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)
}

/**
 * Off; on for every hop (`true`: the left-most X-Forwarded-For address, which a client can forge
 * unless the proxy replaces the header); or the proxies' addresses and CIDR ranges separated by
 * commas (the first address from the right that is not a listed proxy). Fastify 5 dropped hop
 * counts, as they cannot check the nearest peer, so a count fails here rather than trusting nobody.
 */
export const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = raw?.trim() ?? ''
    if (['', '0', 'false', 'no'].includes(value)) return false
    if (['1', 'true', 'yes'].includes(value)) return true
    if (/^\d+$/.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `hop counts are not supported (Fastify ignores them since they cannot check the nearest proxy's address); list the proxies' addresses or CIDR ranges, e.g. 10.0.0.0/8, or use true`,
      })
      return z.NEVER
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '')
    const bad = entries.filter(
      (entry) => !PROXY_RANGE_NAMES.includes(entry) && !isAddressOrCidr(entry),
    )
    if (entries.length > 0 && bad.length === 0) return entries
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false, or a comma-separated list of proxy addresses and CIDR ranges (or ${PROXY_RANGE_NAMES.join(', ')}); ${bad.length > 0 ? `not ${bad.map((entry) => JSON.stringify(entry)).join(', ')}` : 'the list is empty'}`,
    })
    return z.NEVER
  })
