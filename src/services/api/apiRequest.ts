/**
 * Builds the request of one contract route: the method and the path come from the contract's
 * route table (`routePaths`, the zod-free half of `routes`), so an endpoint cannot drift from what
 * the server registers, and the body is typed by the route's request schema. The route's name travels with the request, so its answer
 * is read by that route's reader (`read/answers.ts`).
 */
import type { z } from 'zod'
import { routePaths, type RouteName, type routes } from '../../../contract'

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

type ParamsOption<N extends RouteName> = [ParamNames<PathOf<N>>] extends [never]
  ? { params?: undefined }
  : { params: RouteParams<N> }

type BodyOption<N extends RouteName> = [RouteBody<N>] extends [never]
  ? { body?: undefined }
  : { body: RouteBody<N> }

export type RequestOptions<N extends RouteName> = ParamsOption<N> &
  BodyOption<N> & { headers?: Record<string, string> | undefined }

/** Fills the `:name` segments of a route path, each one URL-encoded. */
export function routeUrl(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (_segment, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`)
    return encodeURIComponent(value)
  })
}

export function apiRequest<N extends RouteName>(name: N, options: RequestOptions<N>): ApiRequest {
  const route = routePaths[name]
  const request: ApiRequest = {
    route: name,
    url: routeUrl(route.path, options.params),
    method: route.method,
  }
  if (options.body !== undefined) request.body = options.body
  if (options.headers && Object.keys(options.headers).length > 0) {
    request.headers = { ...options.headers }
  }
  return request
}
