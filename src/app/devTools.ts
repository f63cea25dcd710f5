/**
 * Redux DevTools settings. Developers debug with time travel (design card), so DevTools are on
 * in development; a production build enables them only with VITE_ENABLE_DEVTOOLS=true. Either
 * way, what DevTools receive is scrubbed of credentials.
 */
import type { Action } from '@reduxjs/toolkit'
import { createApiActionSanitizer } from '@reduxjs/toolkit/query'
import { baseApi } from '../services/api/baseApi'

export const REDACTED = '[redacted]'

/** Keys whose values are secrets: tokens, JWTs, Authorization headers, passwords. */
const SECRET_KEY = /token|jwt|authorization|password|secret/i

/**
 * RTK Query's per-request metadata holds the Request, whose headers carry the bearer token;
 * DevTools would serialize it, and nothing in it helps debugging that the action lacks.
 */
const DROPPED_KEYS = new Set(['baseQueryMeta'])

/**
 * A deep copy of `value` with every secret replaced; the original is never touched. `ancestors`
 * holds the objects on the path from the root: only a true cycle is cut, while an object that
 * the state shares in two places (structural sharing) is copied in both.
 */
export function redactSecrets(value: unknown, ancestors = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== 'object') return value
  if (ancestors.has(value)) return '[circular]'
  ancestors.add(value)
  let copy: unknown
  if (Array.isArray(value)) {
    copy = value.map((item) => redactSecrets(item, ancestors))
  } else {
    const fields: Record<string, unknown> = {}
    for (const [key, member] of Object.entries(value)) {
      if (DROPPED_KEYS.has(key)) continue
      fields[key] = SECRET_KEY.test(key) ? REDACTED : redactSecrets(member, ancestors)
    }
    copy = fields
  }
  ancestors.delete(value)
  return copy
}

const nameApiActions = createApiActionSanitizer(baseApi)

export function sanitizeAction<A extends Action>(action: A): A {
  // The copy keeps the action's shape with secrets replaced, which is what DevTools expects back.
  return redactSecrets(nameApiActions(action)) as A
}

export function sanitizeState<S>(state: S): S {
  // Same shape as the state, secrets replaced (see sanitizeAction).
  return redactSecrets(state) as S
}

export interface DevToolsSettings {
  name: string
  actionSanitizer: typeof sanitizeAction
  stateSanitizer: typeof sanitizeState
}

export function devToolsSettings(enabled: boolean, name: string): DevToolsSettings | false {
  return enabled ? { name, actionSanitizer: sanitizeAction, stateSanitizer: sanitizeState } : false
}
