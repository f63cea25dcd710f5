/**
 * The security headers of every answer (SEC-28..SEC-30).
 *
 * - Content-Security-Policy: scripts only from this origin; connections to this origin plus
 *   whatever identity and speech services the configuration names. Styles from this origin and,
 *   on the SPA's page, from `<style>` elements carrying that answer's nonce (webApp.ts writes a
 *   fresh one into the page; the SPA hands it to Emotion, which Chakra styles through). No
 *   `'unsafe-inline'` for styles in local identity mode. Inline `style="..."` attributes stay
 *   refused: React, Chakra's positioning and the virtual lists set styles through the CSSOM
 *   (`element.style`), which CSP does not govern. Descope's hosted flow (IDENTITY_MODE=descope)
 *   is the vendor's markup, loaded at run time from its CDN, with inline styles we cannot vouch
 *   for: that mode keeps `'unsafe-inline'` for styles, and sends no nonce (a nonce would make
 *   browsers ignore it). docs/security.md says why.
 * - X-Frame-Options agrees with `frame-ancestors`: DENY where it says `'none'`.
 * - Strict-Transport-Security only on answers that went over TLS: a socket of our own that is
 *   encrypted, or, behind TRUST_PROXY, a trusted proxy's `X-Forwarded-Proto: https`
 *   (`request.protocol` reads both). Sent over plain http it would mean nothing to a browser at
 *   best, and pin a host to https that does not serve it at worst.
 */
import type { ServerConfig } from '../config'

/** What webApp.ts puts in the page for each answer's nonce (Vite's `html.cspNonce`). */
export const CSP_NONCE_PLACEHOLDER = 'READOUT_CSP_NONCE'

/** A year, and the subdomains too: helmet's default, and what browsers' preload lists ask for. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains'

type Directives = Record<string, string[] | null>

export function contentSecurityPolicy(config: ServerConfig): Directives {
  const connect = ["'self'"]
  const script = ["'self'"]
  const frame: string[] = ["'none'"]
  if (config.identity.mode === 'descope') {
    const base = config.identity.baseUrl ?? 'https://api.descope.com'
    connect.push(base, 'https://*.descope.com')
    // The flow widget loads its components from Descope's CDN.
    script.push('https://descopecdn.com', 'https://static.descope.com')
    connect.push('https://descopecdn.com', 'https://static.descope.com')
  }
  if (config.speech.kind === 'azure') {
    connect.push(
      `wss://${config.speech.region}.stt.speech.microsoft.com`,
      `https://${config.speech.region}.api.cognitive.microsoft.com`,
    )
  } else if (config.speech.kind === 'host') {
    connect.push(config.speech.host)
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc: script,
    styleSrc: inlineStylesNeeded(config) ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: connect,
    mediaSrc: ["'self'", 'blob:'],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: frame,
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // Served over plain http on loopback; upgrading would break every request.
    upgradeInsecureRequests: null,
  }
}

/** Descope's hosted flow brings inline styles of its own (see above). */
function inlineStylesNeeded(config: ServerConfig): boolean {
  return config.identity.mode === 'descope'
}

/**
 * The policy of the SPA's page: `base` (what every other answer carries) with the answer's nonce
 * added to `style-src`, unless that already allows inline styles (a nonce beside
 * `'unsafe-inline'` would make browsers ignore the latter).
 */
export function pagePolicy(base: string, nonce: string): string {
  const styles = /(^|;)style-src ([^;]*)/.exec(base)
  if (!styles || styles[2]?.includes("'unsafe-inline'")) return base
  return base.replace(styles[0], `${styles[0]} 'nonce-${nonce}'`)
}

/**
 * helmet's X-Frame-Options, agreeing with `frame-ancestors`: DENY for `'none'`, SAMEORIGIN for
 * `'self'` alone; anything else (a named origin) has no X-Frame-Options equivalent, so the
 * header is left out and the CSP decides (browsers prefer frame-ancestors when both are sent).
 */
export function frameOptions(directives: Directives): { action: 'deny' | 'sameorigin' } | false {
  const ancestors = directives.frameAncestors ?? []
  if (ancestors.length === 1 && ancestors[0] === "'none'") return { action: 'deny' }
  if (ancestors.length === 1 && ancestors[0] === "'self'") return { action: 'sameorigin' }
  return false
}
