/**
 * JSON bodies as clients really send them. The product's calls are "JSON": many clients (the
 * SPA among them, and generic HTTP layers in hospital integrations) put
 * `Content-Type: application/json` on every request, including those without a body (initialize,
 * finalize, delete conversation, speech token). Fastify's own parser refuses such an empty body
 * with 400; here it is what it is, a request with no body, and each route's schema decides
 * whether it needed one. Everything else (charset parameters, any method, PATCH included, the
 * protection against prototype poisoning) stays Fastify's default JSON parsing.
 */
import type { FastifyInstance } from 'fastify'

export function acceptBodilessJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') {
      done(null, undefined)
      return
    }
    void parseJson(request, text, done)
  })
}
