/**
 * A second backend for Readout's SPA, written from the product spec alone
 * (../shared/spec/product-spec.md sections 3, 7 and 8, and docs/local-identity.md): plain
 * node:http, in memory, sharing no code with server/, contract/, src/ or tests/support/msw/.
 * It stands for a hospital's own backend, with switches (variants.ts) for the ways such a
 * backend may answer what the spec leaves open.
 *
 *   const backend = await startSpecBackend({ variants: { lists: 'wrapped', ids: 'integer' } })
 *   await page.goto(`${backend.url}/login`)
 *   …
 *   backend.state.reports.get(orderByAccession(backend.state, 'HX2611002').id)
 *   await backend.close()
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { handleApi } from './api'
import { HttpError, sendJson } from './http'
import { handleIdentity } from './identity'
import { assertBuilt, serveStatic } from './static'
import { createState, resetState, type SpecBackendState } from './state'
import { DEFAULT_VARIANTS, type SpecBackendVariants } from './variants'

export { describeVariants, DEFAULT_VARIANTS, type SpecBackendVariants } from './variants'
export {
  orderByAccession,
  type MessageRecord,
  type OrderRecord,
  type ReportRecord,
  type SpecBackendState,
} from './state'
export { BROKEN_ORDERS, SEED_ORDERS, SEED_PATIENTS } from './seed'
export { ageOn } from './assistant'

export interface SpecBackendOptions {
  /** The built SPA to serve (relative to the working directory); null serves no SPA. */
  staticDir?: string | null
  /** Any switch left out takes its DEFAULT_VARIANTS value. */
  variants?: Partial<SpecBackendVariants>
  /** Writes each request and its status to the console. */
  log?: boolean
}

export interface SpecBackend {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string
  port: number
  /** Live: the same object for the backend's whole life, reset() included. */
  state: SpecBackendState
  /** Back to the seed (no users, conversations or reports), keeping the variants and the port. */
  reset(): void
  close(): Promise<void>
}

export async function startSpecBackend(options: SpecBackendOptions = {}): Promise<SpecBackend> {
  const variants: SpecBackendVariants = { ...DEFAULT_VARIANTS, ...options.variants }
  const staticDir = options.staticDir === undefined ? 'dist-test' : options.staticDir
  const root = staticDir === null ? null : path.resolve(staticDir)
  if (root !== null) assertBuilt(root)
  const state = createState(variants)

  const server = createServer((req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://spec-backend.invalid').pathname
    const method = req.method ?? 'GET'
    res.on('finish', () => {
      state.calls.push({ method, path: urlPath, status: res.statusCode })
      if (options.log) console.log(`[spec-backend] ${method} ${urlPath} ${String(res.statusCode)}`)
    })
    const handle = async () => {
      if (urlPath.startsWith('/api/')) {
        await handleApi(state, req, res, urlPath)
        return
      }
      if (await handleIdentity(state, req, res, urlPath)) return
      if (root === null) throw new HttpError(404, { detail: 'Not Found' })
      await serveStatic(root, req, res, urlPath)
    }
    handle().catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy()
        return
      }
      if (error instanceof HttpError) {
        sendJson(res, error.status, error.body)
        return
      }
      console.error('[spec-backend] unexpected error', error)
      sendJson(res, 500, { detail: 'Internal Server Error' })
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${String(port)}`,
    port,
    state,
    reset: () => {
      resetState(state)
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error)
          else resolve()
        })
        server.closeAllConnections()
      }),
  }
}
