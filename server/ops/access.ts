/**
 * OPS-11: who may read /metrics. Route counts, pool sizes and backlogs are no clinical data, but
 * they map the service for an attacker, so by default only this machine reads them:
 * - without METRICS_TOKEN, a request from a loopback address, not through a proxy (no forwarding
 *   header: behind a proxy on this machine every request comes from loopback), naming the server
 *   by an address or `localhost` (a DNS name could be rebound to 127.0.0.1 by a web page the
 *   browser on this machine shows). Anything else is told there is no such route (404);
 * - with METRICS_TOKEN, `Authorization: Bearer <METRICS_TOKEN>` from anywhere, compared in
 *   constant time; anything else is 401. Loopback is not exempt: one rule, easy to test.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { isIP } from 'node:net'

/** What a request carries that decides its access. */
export interface MetricsRequest {
  ip: string
  host: string
  headers: Record<string, string | string[] | undefined>
}

export type MetricsAccess = 'allowed' | 'hidden' | 'unauthorized'

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip']

export function isLoopbackAddress(ip: string): boolean {
  const address = ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : ip
  if (address === '::1') return true
  return isIP(address) === 4 && address.startsWith('127.')
}

/** `127.0.0.1:8080`, `[::1]:8080`, `localhost`: a name no DNS answers for. */
function namesNoDns(host: string): boolean {
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.split(':', 1)[0]
  return name === 'localhost' || isIP(name ?? '') !== 0
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/** The access rule above; `token` is METRICS_TOKEN (undefined: loopback only). */
export function metricsAccess(request: MetricsRequest, token: string | undefined): MetricsAccess {
  if (token !== undefined) {
    const given = request.headers.authorization
    const bearer = typeof given === 'string' ? /^Bearer (\S+)$/i.exec(given.trim())?.[1] : ''
    // Digests have one length whatever was sent, so the comparison's time says nothing.
    return timingSafeEqual(digest(bearer ?? ''), digest(token)) ? 'allowed' : 'unauthorized'
  }
  const local =
    isLoopbackAddress(request.ip) &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined) &&
    namesNoDns(request.host)
  return local ? 'allowed' : 'hidden'
}
