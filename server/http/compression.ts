/**
 * Response compression: brotli or gzip, as the client's Accept-Encoding prefers, for JSON, text,
 * JavaScript and CSS answers of 1 KB or more (the 10k-order worklist: 5 MB as JSON, 1 MB gzipped).
 * Smaller answers, other types (images, fonts) and bodiless 204 and 304 answers go out as they are.
 *
 * Register it on the root instance before any route: @fastify/compress attaches itself to each
 * route as the route is added, so routes added earlier (and the not-found handler) stay identity.
 */
import { Readable } from 'node:stream'
import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/** Answers smaller than this are sent as they are: compressing them saves next to nothing. */
export const COMPRESSION_THRESHOLD = 1024

/**
 * JSON (also `+json` types), any text (HTML, CSS, plain, text/javascript) and JavaScript; the
 * plugin adds the types its MIME table marks compressible (SVG, for one), never images or fonts.
 */
const COMPRESSIBLE_TYPES =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|[\w.+-]+\+json)(?:;|$))/u

/** Status codes whose answers have no body (RFC 9110 §15.3.5, §15.4.5). */
const BODILESS = new Set([204, 304])

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // A 204 or 304 has no body, so nothing to encode and no Content-Encoding to announce. The
  // plugin would still wrap a stream body (@fastify/static answers a 304 with an empty stream) in
  // a gzip stream and say so; dropping the body first keeps both answers as the route sent them.
  // Route hooks run after the instance's, so this runs before the plugin's own onSend hook.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!BODILESS.has(reply.statusCode)) return payload
    if (payload instanceof Readable) payload.destroy()
    return null
  })
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: COMPRESSIBLE_TYPES,
    // Requests are never compressed by the SPA: leave request bodies to Fastify's own parser.
    globalDecompression: false,
  })
}
