/**
 * The real server on a loopback port (SEC-10): the app of `startTestApp` on a fresh test database
 * (PGlite, or PostgreSQL in the server-pg project), listening on 127.0.0.1 on a free port, and
 * called with global `fetch` as a browser would: the sign-up through the local identity endpoint,
 * a bearer token, JSON bodies, and an `Origin` on every write. `app.inject` never runs: what a
 * socket changes (a request body read from the wire, keep-alive connections, compression) is
 * exercised here.
 */
import type { AddressInfo } from 'node:net'
import { expect } from 'vitest'
import type { z } from 'zod'
import {
  API_PREFIX,
  errorSchema,
  orderListSchema,
  routePaths,
  type ApiErrorBody,
  type Order,
} from '../../contract'
import { startTestApp, type TestApp } from './testApp'

export type RouteName = keyof typeof routePaths

/** An order id no order has: the 404 of a route about one order. */
export const MISSING_ID = 'no-such-order'

export interface SocketCall {
  /** Values of the route's `:name` parameters, encoded into the path. */
  params?: Record<string, string>
  query?: Record<string, string>
  /** Sent as JSON. */
  body?: unknown
  /** Undefined: the first user's token; null: no Authorization header. */
  token?: string | null
  headers?: Record<string, string>
}

export interface SocketAnswer {
  status: number
  headers: Headers
  /** The answer's body parsed as JSON (null for an empty body, or one that is not JSON). */
  json: unknown
  /** The answer's body as sent (a CSV export's lines). */
  text: string
}

export interface SocketUser {
  token: string
  userId: string
  name: string
}

export interface SocketServer {
  /** `http://127.0.0.1:<port>` */
  base: string
  t: TestApp
  /** A new local account, signed up over the socket exactly as the browser SDK does. */
  signUp(name: string): Promise<SocketUser>
  /** One call of a route of the contract's route table, over the socket. */
  call(route: RouteName, call?: SocketCall): Promise<SocketAnswer>
  /** The whole worklist, as the first user reads it. */
  worklist(): Promise<Order[]>
  close(): Promise<void>
}

let accounts = 0

/** `/orders/:id/claim` with `{id: 'o1'}` → `/orders/o1/claim`; a parameter left out is an error. */
export function routeUrl(route: RouteName, params: Record<string, string> = {}): string {
  return routePaths[route].path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${route} needs the path parameter ${name}`)
    return encodeURIComponent(value)
  })
}

async function readAnswer(res: Response): Promise<SocketAnswer> {
  const text = await res.text()
  const isJson = text !== '' && !res.headers.get('content-type')?.startsWith('text/')
  return { status: res.status, headers: res.headers, json: isJson ? JSON.parse(text) : null, text }
}

export async function startSocketServer(
  opts: Parameters<typeof startTestApp>[0] = {},
): Promise<SocketServer> {
  const t = await startTestApp(opts)
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`
  let firstToken: string | undefined

  const send = async (method: string, path: string, call: SocketCall, token: string | null) => {
    const headers: Record<string, string> = { ...call.headers }
    if (token) headers.authorization = `Bearer ${token}`
    // A browser names the page that writes; the server accepts its own origin (SEC-5).
    if (method !== 'GET' && !('origin' in headers)) headers.origin = base
    if (call.body !== undefined && !('content-type' in headers))
      headers['content-type'] = 'application/json'
    const query = call.query ? `?${new URLSearchParams(call.query).toString()}` : ''
    return fetch(`${base}${path}${query}`, {
      method,
      headers,
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    })
  }

  const call: SocketServer['call'] = async (route, options = {}) => {
    const token = options.token === undefined ? (firstToken ?? null) : options.token
    const { method } = routePaths[route]
    return readAnswer(
      await send(method, `${API_PREFIX}${routeUrl(route, options.params)}`, options, token),
    )
  }

  return {
    base,
    t,
    async signUp(name) {
      accounts += 1
      const loginId = `socket${String(accounts)}-${String(Date.now())}@hospital.test`
      const res = await send(
        'POST',
        '/v1/auth/password/signup',
        { body: { loginId, password: 'correct horse battery', user: { name } } },
        null,
      )
      if (res.status !== 200) throw new Error(`sign-up failed: ${String(res.status)}`)
      const body = (await res.json()) as { sessionJwt: string; user: { userId: string } }
      firstToken ??= body.sessionJwt
      return { token: body.sessionJwt, userId: body.user.userId, name }
    },
    call,
    async worklist() {
      return orderListSchema.parse((await call('listOrders')).json)
    },
    async close() {
      // Keep-alive connections of fetch would hold the close until they time out.
      t.app.server.closeAllConnections()
      await t.close()
    },
  }
}

/** The answer the route exists for: its status, and its body read by the contract's schema. */
export function expectAnswer<S extends z.ZodType>(
  answer: SocketAnswer,
  status: number,
  schema: S,
): z.infer<S> {
  expect(answer.status, JSON.stringify(answer.json)).toBe(status)
  return schema.parse(answer.json)
}

/** A refusal: its status and error code, in the contract's error shape. */
export function expectRefusal(answer: SocketAnswer, status: number, error: string): ApiErrorBody {
  expect(answer.status, JSON.stringify(answer.json)).toBe(status)
  const body = errorSchema.parse(answer.json)
  expect(body.error).toBe(error)
  return body
}
