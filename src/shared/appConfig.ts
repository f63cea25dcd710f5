/**
 * The SPA's configuration, read once from Vite's environment and validated, so a bad value
 * fails at start-up with its name instead of somewhere deep in a component. (Checked by hand,
 * not with zod: this runs before the first paint, and the first screen does without zod.)
 * No React here: the page's first script (src/app/boot) reads it before React has loaded;
 * config.ts adds the context components read it from.
 */
// A named import: Vite turns package.json into an ES module and keeps only `version`.
import { version } from '../../package.json'

export const DEFAULT_PRODUCT_NAME = 'Readout'

/** Local mode's project id; the local identity server accepts any, the SDK needs one. */
export const LOCAL_PROJECT_ID = 'P-readout-local'

/** SEC-8: minutes without activity before the tab warns and then signs out (HIPAA automatic logoff). */
export const DEFAULT_IDLE_LOGOFF_MINUTES = 15

/** WL-9: minutes a stat study may wait before its row is marked past the target. */
export const DEFAULT_STAT_TARGET_MINUTES = 30

/**
 * WL-13: minutes an urgent study may wait before its row is marked. An hour: the report turnaround
 * commonly asked of acute (emergency department and inpatient) studies, twice the stat target.
 * A department with a longer urgent target (the Wait Time Alliance's benchmark gives urgent
 * reports 12 hours) sets VITE_URGENT_TARGET_MINUTES up to 1440.
 */
export const DEFAULT_URGENT_TARGET_MINUTES = 60

/** What Vite puts in `import.meta.env`; anything else in it is ignored. */
export type AppEnv = Readonly<Record<string, unknown>>

export type IdentityConfig =
  /** The Descope-compatible endpoints of our own server, on the page's origin. */
  | { mode: 'local'; projectId: string }
  /** Descope itself, with its hosted sign-up-or-in flow. */
  | { mode: 'cloud'; projectId: string; baseUrl: string | undefined }

export interface AppConfig {
  productName: string
  version: string
  /** LG-4: product name + ' v' + package version, on the login card, the sidebar and the tab. */
  productTitle: string
  identity: IdentityConfig
  /** Redux DevTools: on in development, in production only when asked for. */
  devTools: boolean
  /** SEC-8: minutes without activity before the warning, then the sign-out. */
  idleLogoffMinutes: number
  /** WL-9, WL-13: a stat or urgent study waiting longer than these minutes is marked. */
  waitTargets: { stat: number; urgent: number }
}

/** What is wrong, each with the setting's name: any of it stops the app. */
type ConfigProblems = string[]

/** Unset, empty or blank is undefined; any other text is trimmed. */
function optionalText(env: AppEnv, name: string, problems: ConfigProblems): string | undefined {
  const value = env[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string') {
    problems.push(`${name}: expected text`)
    return undefined
  }
  const text = value.trim()
  return text === '' ? undefined : text
}

function optionalUrl(env: AppEnv, name: string, problems: ConfigProblems): string | undefined {
  const text = optionalText(env, name, problems)
  if (text === undefined) return undefined
  try {
    new URL(text)
    return text
  } catch {
    problems.push(`${name}: expected a URL`)
    return undefined
  }
}

/** A whole number of minutes, at most a day; unset or empty means the default. */
function optionalMinutes(env: AppEnv, name: string, problems: ConfigProblems): number | undefined {
  const text = optionalText(env, name, problems)
  if (text === undefined) return undefined
  const minutes = /^\d+$/.test(text) ? Number(text) : Number.NaN
  if (minutes >= 1 && minutes <= 1440) return minutes
  problems.push(`${name}: a whole number of minutes from 1 to 1440`)
  return undefined
}

export function loadConfig(env: AppEnv): AppConfig {
  const problems: ConfigProblems = []
  const productName = optionalText(env, 'VITE_PRODUCT_NAME', problems) ?? DEFAULT_PRODUCT_NAME
  const projectId = optionalText(env, 'VITE_DESCOPE_PROJECT_ID', problems)
  const baseUrl = optionalUrl(env, 'VITE_DESCOPE_BASE_URL', problems)
  const devToolsFlag = env.VITE_ENABLE_DEVTOOLS
  if (
    devToolsFlag !== undefined &&
    devToolsFlag !== 'true' &&
    devToolsFlag !== 'false' &&
    devToolsFlag !== ''
  )
    problems.push("VITE_ENABLE_DEVTOOLS: expected 'true', 'false' or nothing")
  const idleLogoffMinutes = optionalMinutes(env, 'IDLE_LOGOFF_MINUTES', problems)
  const statTargetMinutes = optionalMinutes(env, 'VITE_STAT_TARGET_MINUTES', problems)
  const urgentTargetMinutes = optionalMinutes(env, 'VITE_URGENT_TARGET_MINUTES', problems)
  const dev = env.DEV ?? false
  if (typeof dev !== 'boolean') problems.push('DEV: expected true or false')
  if (problems.length > 0) throw new Error(`Invalid configuration: ${problems.join('; ')}`)
  return {
    productName,
    version,
    productTitle: `${productName} v${version}`,
    identity: projectId
      ? { mode: 'cloud', projectId, baseUrl }
      : { mode: 'local', projectId: LOCAL_PROJECT_ID },
    devTools: dev === true || devToolsFlag === 'true',
    idleLogoffMinutes: idleLogoffMinutes ?? DEFAULT_IDLE_LOGOFF_MINUTES,
    waitTargets: {
      stat: statTargetMinutes ?? DEFAULT_STAT_TARGET_MINUTES,
      urgent: urgentTargetMinutes ?? DEFAULT_URGENT_TARGET_MINUTES,
    },
  }
}

export const appConfig: AppConfig = loadConfig(import.meta.env)
