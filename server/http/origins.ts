/**
 * SEC-5: which names the server answers to. A server on loopback is still reachable from any web
 * page through DNS rebinding: the attacker's name resolves to 127.0.0.1, so the browser sends
 * `Host: evil.example:8080` and treats the answer as the attacker's own origin. Refusing every
 * `Host` but our own (421, Misdirected Request) closes that; refusing a write whose `Origin` is
 * another site (403) closes cross-site form posts and fetches as well.
 *
 * Allowed: the origins of PUBLIC_ORIGIN when it is set; otherwise the bind address and
 * `localhost` on the port the request came in on (for a wildcard bind, the loopback names only).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from './errors'

export type PublicOrigins =
  /** PUBLIC_ORIGIN: full origins (`https://readout.hospital.org`), checked exactly. */
  | { kind: 'configured'; origins: string[] }
  /** No PUBLIC_ORIGIN: these host names, on whatever port the connection reached. */
  | { kind: 'bind'; hostnames: string[] }

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]'])
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]']

/** An IPv6 address is written in brackets in a Host header and a URL. */
const asUrlHost = (host: string) =>
  host.includes(':') && !host.startsWith('[') ? `[${host}]` : host

/** The default when PUBLIC_ORIGIN is unset: the bind address and localhost. */
export function bindOrigins(bindHost: string): PublicOrigins {
  const host = asUrlHost(bindHost.toLowerCase())
  const hostnames = WILDCARD_HOSTS.has(host) ? LOOPBACK_NAMES : [host, 'localhost']
  return { kind: 'bind', hostnames: [...new Set(hostnames)] }
}

/**
 * PUBLIC_ORIGIN's value: origins separated by commas, each `http(s)://host[:port]` with nothing
 * after it. Answers the normalised origins, or the entries that are not origins.
 */
export function parsePublicOrigins(
  value: string,
): { ok: true; origins: string[] } | { ok: false; bad: string[] } {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  const origins: string[] = []
  const bad: string[] = []
  for (const entry of entries) {
    const url = URL.canParse(entry) ? new URL(entry) : null
    const bare =
      url &&
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.username === '' &&
      url.password === '' &&
      url.search === '' &&
      url.hash === '' &&
      url.pathname === '/' &&
      !entry.replace(/\/$/, '').endsWith('/')
    if (url && bare) origins.push(url.origin)
    else bad.push(entry)
  }
  if (entries.length === 0) return { ok: false, bad: ['(empty)'] }
  return bad.length > 0 ? { ok: false, bad } : { ok: true, origins: [...new Set(origins)] }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/**
 * What a load balancer's health check may ask under any name: it says nothing about anyone.
 * /metrics checks the name itself (server/ops/access.ts, OPS-11): a scraper names the instance.
 */
const ANY_HOST_PATHS = new Set(['/healthz', '/readyz', '/metrics'])

interface Allowed {
  hosts: Set<string>
  origins: Set<string>
}

/** `host[:port]` as a browser writes it for `origin` (no port when it is the scheme's own). */
const hostOfOrigin = (origin: string) => new URL(origin).host

function allowedFor(config: PublicOrigins, localPort: number | undefined): Allowed {
  if (config.kind === 'configured') {
    return {
      hosts: new Set(config.origins.map(hostOfOrigin)),
      origins: new Set(config.origins),
    }
  }
  // An in-process request (tests' inject) has no port of its own: the names decide.
  const withPort = (name: string) => (localPort === undefined ? name : `${name}:${localPort}`)
  const origins = config.hostnames.map((name) => new URL(`http://${withPort(name)}`).origin)
  return { hosts: new Set(origins.map(hostOfOrigin)), origins: new Set(origins) }
}

/** The Host header as a URL would write it: lower case, the scheme's default port dropped. */
function normalisedHost(host: string, protocol: string): string | null {
  const scheme = protocol === 'https' ? 'https' : 'http'
  if (!URL.canParse(`${scheme}://${host}`)) return null
  const url = new URL(`${scheme}://${host}`)
  // A Host header is a name and a port, nothing else.
  if (url.pathname !== '/' || url.username !== '' || url.search !== '' || host.includes('/'))
    return null
  return url.host
}

export function registerOriginCheck(app: FastifyInstance, config: PublicOrigins) {
  const cache = new Map<number | undefined, Allowed>()
  const allowed = (port: number | undefined) => {
    let entry = cache.get(port)
    if (!entry) {
      entry = allowedFor(config, port)
      cache.set(port, entry)
    }
    return entry
  }

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? ''
    if (ANY_HOST_PATHS.has(path)) return
    const port = config.kind === 'bind' ? request.socket.localPort : undefined
    const { hosts, origins } = allowed(port)
    // Behind a trusted proxy, request.host is the name the browser used (X-Forwarded-Host).
    const host = normalisedHost(request.host, request.protocol)
    if (host === null || !hosts.has(host)) {
      void reply.header('connection', 'close')
      throw new HttpError(
        421,
        'misdirected_request',
        'This server does not answer to that host name; set PUBLIC_ORIGIN to the address users open.',
      )
    }
    if (SAFE_METHODS.has(request.method)) return
    // A browser names the page that sends a write; a page of another site may not write here.
    const origin = request.headers.origin
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site'
    if ((origin !== undefined && !origins.has(origin.toLowerCase())) || crossSite) {
      throw new HttpError(403, 'forbidden_origin', 'Writes are accepted from this site only.')
    }
  })
}
