/**
 * The SPA's configuration, read once from Vite's environment and validated, so a bad value
 * fails at start-up with its name instead of somewhere deep in a component.
 */
import { createContext, useContext } from 'react'
import { z } from 'zod'
// A named import: Vite turns package.json into an ES module and keeps only `version`.
import { version } from '../../package.json'

export const DEFAULT_PRODUCT_NAME = 'Readout'

/** Local mode's project id; the local identity server accepts any, the SDK needs one. */
export const LOCAL_PROJECT_ID = 'P-readout-local'

/** SEC-8: minutes without activity before the tab warns and then signs out (HIPAA automatic logoff). */
export const DEFAULT_IDLE_LOGOFF_MINUTES = 15

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))

const envSchema = z.object({
  VITE_PRODUCT_NAME: optionalText,
  VITE_DESCOPE_PROJECT_ID: optionalText,
  VITE_DESCOPE_BASE_URL: optionalText.pipe(z.url().optional()),
  VITE_ENABLE_DEVTOOLS: z.enum(['true', 'false', '']).optional(),
  // A whole number of minutes, at most a day; unset or empty means the default.
  IDLE_LOGOFF_MINUTES: optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, 'a whole number of minutes')
      .transform(Number)
      .pipe(z.number().int().min(1).max(1440))
      .optional(),
  ),
  DEV: z.boolean().default(false),
})

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
}

export function loadConfig(env: AppEnv): AppConfig {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ')
    throw new Error(`Invalid configuration: ${problems}`)
  }
  const e = parsed.data
  const productName = e.VITE_PRODUCT_NAME ?? DEFAULT_PRODUCT_NAME
  return {
    productName,
    version,
    productTitle: `${productName} v${version}`,
    identity: e.VITE_DESCOPE_PROJECT_ID
      ? { mode: 'cloud', projectId: e.VITE_DESCOPE_PROJECT_ID, baseUrl: e.VITE_DESCOPE_BASE_URL }
      : { mode: 'local', projectId: LOCAL_PROJECT_ID },
    devTools: e.DEV || e.VITE_ENABLE_DEVTOOLS === 'true',
    idleLogoffMinutes: e.IDLE_LOGOFF_MINUTES ?? DEFAULT_IDLE_LOGOFF_MINUTES,
  }
}

export const appConfig: AppConfig = loadConfig(import.meta.env)

export const ConfigContext = createContext<AppConfig>(appConfig)

export function useAppConfig(): AppConfig {
  return useContext(ConfigContext)
}
