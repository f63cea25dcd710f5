/**
 * Security headers on every answer (SEC-28, SEC-29; csp.ts says what each one holds and why).
 * helmet's middleware is built once: @fastify/helmet built it anew for every request (parsing the
 * CSP directives each time), a tenth of a small answer's CPU. HSTS is ours, not helmet's: helmet
 * sends it on every answer, plain http included.
 */
import type { FastifyInstance } from 'fastify'
import helmet from 'helmet'
import type { ServerConfig } from '../config'
import { contentSecurityPolicy, frameOptions, HSTS_VALUE } from './csp'

export function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): void {
  const directives = contentSecurityPolicy(config)
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives },
    xFrameOptions: frameOptions(directives),
    strictTransportSecurity: false,
  })
  app.addHook('onRequest', (request, reply, done) => {
    // TLS on our own socket, or a trusted proxy's X-Forwarded-Proto (TRUST_PROXY).
    if (request.protocol === 'https') reply.raw.setHeader('Strict-Transport-Security', HSTS_VALUE)
    securityHeaders(request.raw, reply.raw, () => {
      done()
    })
  })
}
