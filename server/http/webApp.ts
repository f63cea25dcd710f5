/**
 * The web app the server hands out: the built SPA's files (precompressed, content-hashed ones
 * kept a year), `index.html` for every client route, and 404 in the API's error shape for
 * anything else. Before a build, a client route says how to make one (503).
 */
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { CSP_NONCE_PLACEHOLDER, pagePolicy } from './csp'

export async function serveWebApp(app: FastifyInstance, staticDir: string): Promise<void> {
  const indexHtml = path.join(staticDir, 'index.html')
  const spaBuilt = existsSync(indexHtml)
  if (spaBuilt) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      // Source maps are never served, even from a folder a development build left them in. The
      // page itself always goes through sendPage, for its nonce.
      allowedPath: (pathName) => !isSourceMap(pathName) && pathName !== '/index.html',
      // The build writes each script and stylesheet compressed beside it (`.br`, `.gz`): sent
      // as they are, they cost no CPU per request (compressing the app's 740 KB first-screen
      // chunk on the fly competed with the worklist's first page on a busy server).
      preCompressed: true,
      // Set below, per file (send's own `max-age=0` would replace it).
      cacheControl: false,
      setHeaders: (response, filePath) => {
        // A file under assets/ is named by its content's hash: a new build writes new names, so
        // a browser keeps it and never asks again.
        if (path.relative(staticDir, filePath).startsWith(`assets${path.sep}`))
          response.setHeader('Cache-Control', IMMUTABLE)
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url
    // HEAD is answered as GET without the body (Node writes none): a load balancer's or uptime
    // checker's `HEAD /` sees the page's 200, not a 404 (OPS-19).
    const reading = request.method === 'GET' || request.method === 'HEAD'
    if (!reading || isApiPath(url) || isSourceMap(url)) {
      return reply.status(404).send({ error: 'not_found', message: 'No such route.' })
    }
    if (!spaBuilt) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).')
    }
    // Client routes (/, /login, anything else) get the SPA; the router decides what to show.
    return sendPage(reply, indexHtml)
  })
}

/**
 * The SPA's page with a fresh nonce for its styles (SEC-30): in the `<style>` and `<link>` tags
 * and the `csp-nonce` meta the build wrote with a placeholder (Vite's `html.cspNonce`), and in
 * this answer's policy. `private`: a shared cache must not keep a page whose nonce it would hand
 * to everyone; `no-cache` with no validator: the browser asks again, and gets a new nonce.
 */
async function sendPage(reply: FastifyReply, indexHtml: string): Promise<FastifyReply> {
  const nonce = randomBytes(18).toString('base64')
  const page = (await readFile(indexHtml, 'utf8')).replaceAll(CSP_NONCE_PLACEHOLDER, nonce)
  const base = reply.raw.getHeader('content-security-policy')
  if (typeof base === 'string')
    void reply.header('Content-Security-Policy', pagePolicy(base, nonce))
  return reply
    .header('Cache-Control', 'private, no-cache')
    .type('text/html; charset=utf-8')
    .send(page)
}

/** A content-hashed build file: kept for a year without asking again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * The product API, the identity service and the FHIR server (INT-76): answers that hold clinical
 * data or tokens, and never the SPA.
 */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/v1/') || /^\/fhir(?:[/?#]|$)/.test(url)
}

function isSourceMap(url: string): boolean {
  return (url.split('?')[0] ?? '').endsWith('.map')
}
