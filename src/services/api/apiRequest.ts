/**
 * Builds the request of one contract route: the method and the path come from the contract's
 * route table (`routePaths`, the zod-free half of `routes`), so an endpoint cannot drift from what
 * the server registers, and the body is typed by the route's request schema. The route's name travels with the request, so its answer
 * is read by that route's reader (`read/answers.ts`).
 */
import type { z } from 'zod'
// The values from the contract's constants, not its index (which also holds the zod schemas): the
// page's first script builds its request with this module (src/app/boot).
import type { RouteName, routes } from '../../../contract'
import { API_PREFIX, ORDER_LIST_QUERY_KEYS, routePaths } from '../../../contract/constants'

export type HttpMethod = (typeof routePaths)[RouteName]['method']

/** What an endpoint's `query` hands to the base query; `url` is relative to /api/v1. */
export interface ApiRequest {
  /** The contract route it calls: the base query reads the answer with that route's reader. */
  route: RouteName
  url: string
  method: HttpMethod
  body?: unknown
  /** Request headers of this one call (the report writes' `If-Match`); plain strings, serializable. */
  headers?: Record<string, string>
  /**
   * The query holds a page parameter, so the route answers its `pageAnswer` (a backend that
   * ignores the parameters still answers the whole list, which the page reader takes too).
   */
  page?: true
  /** Sent even as the page goes away (`fetch`'s keepalive): a claim let go as the tab closes. */
  keepalive?: true
}

type PathOf<N extends RouteName> = (typeof routePaths)[N]['path']

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

export type RouteParams<N extends RouteName> = Record<ParamNames<PathOf<N>>, string>

export type RouteBody<N extends RouteName> = (typeof routes)[N] extends { body: z.ZodType }
  ? z.input<(typeof routes)[N]['body']>
  : never

/** A route's query parameters, by the names of its `query` schema; values as the URL carries them. */
export type RouteQuery<N extends RouteName> = (typeof routes)[N] extends {
  query: z.ZodObject<infer Shape>
}
  ? { [K in keyof Shape]?: string }
  : never

type QueryOption<N extends RouteName> = [RouteQuery<N>] extends [never]
  ? { query?: undefined }
  : { query?: RouteQuery<N> }

type ParamsOption<N extends RouteName> = [ParamNames<PathOf<N>>] extends [never]
  ? { params?: undefined }
  : { params: RouteParams<N> }

type BodyOption<N extends RouteName> = [RouteBody<N>] extends [never]
  ? { body?: undefined }
  : // A body whose every key is optional may be left out (finalize: the spec's call has none).
    Partial<RouteBody<N>> extends RouteBody<N>
    ? { body?: RouteBody<N> }
    : { body: RouteBody<N> }

export type RequestOptions<N extends RouteName> = ParamsOption<N> &
  BodyOption<N> &
  QueryOption<N> & { headers?: Record<string, string> | undefined; keepalive?: boolean }

/** Fills the `:name` segments of a route path, each one URL-encoded. */
export function routeUrl(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (_segment, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`)
    return encodeURIComponent(value)
  })
}

const PAGE_KEYS: ReadonlySet<string> = new Set(ORDER_LIST_QUERY_KEYS)
/** The routes whose answer is a page when the query holds a page parameter (`pageAnswer`). */
const PAGED_ROUTES: ReadonlySet<RouteName> = new Set(['listOrders'])

/** `?name=value&...` of the parameters given (an empty one is not sent), or ''. */
function queryString(query: Readonly<Record<string, string | undefined>>): {
  search: string
  page: boolean
} {
  const given = Object.entries(query).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
  )
  const search = given.length === 0 ? '' : `?${new URLSearchParams(given).toString()}`
  return { search, page: given.some(([name]) => PAGE_KEYS.has(name)) }
}

export function apiRequest<N extends RouteName>(name: N, options: RequestOptions<N>): ApiRequest {
  const route = routePaths[name]
  const { search, page } = queryString(options.query ?? {})
  const request: ApiRequest = {
    route: name,
    url: `${routeUrl(route.path, options.params)}${search}`,
    method: route.method,
  }
  if (page && PAGED_ROUTES.has(name)) request.page = true
  if (options.body !== undefined) request.body = options.body
  if (options.headers && Object.keys(options.headers).length > 0) {
    request.headers = { ...options.headers }
  }
  if (options.keepalive) request.keepalive = true
  return request
}

/**
 * The absolute URL of a request's `url` (relative to /api/v1) on `origin`: absolute, because the
 * base query builds a `new Request()`, which needs one outside a browser.
 */
export function absoluteApiUrl(url: string, origin: string = globalThis.location.origin): string {
  return new URL(`${API_PREFIX}${url}`, origin).href
}
