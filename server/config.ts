/**
 * Server configuration from environment variables, validated once at start-up. docs/settings.md
 * documents every variable; a bad value stops the server with a message naming it.
 */
import path from 'node:path'
import { z } from 'zod'
import { CLAIM } from '../contract'
import type { HeavyGateConfig } from './http/heavyGate'
import { bindOrigins, parsePublicOrigins, type PublicOrigins } from './http/origins'
import { trustProxy, type TrustProxy } from './http/trustProxy'
import { hl7Config, hl7Env, type Hl7Config } from './integration/hl7/settings'
import { fhirConfig, fhirEnv, type FhirConfig } from './integration/fhir/settings'
import { outcomesConfig, outcomesEnv, type OutcomesConfig } from './outcomes/settings'
import { DEFAULT_SIGN_IN_RATE_LIMIT, type SignInRateLimitConfig } from './identity/signInRateLimit'
import { imagesConfig, imagesEnv, type ImagesConfig } from './integration/imagesSettings'
import { passwordEnv, passwordLimits, type PasswordLimits } from './identity/passwordSettings'
import { descopeRoleMapEnv, type DescopeRoleMap } from './identity/roles'

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes'].includes(v)))

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))

const envSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  STATIC_DIR: z.string().default('./dist'),
  SEED: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  PUBLIC_ORIGIN: optionalText.transform((value, ctx) => {
    if (value === undefined) return undefined
    const parsed = parsePublicOrigins(value)
    if (parsed.ok) return parsed.origins
    ctx.addIssue({
      code: 'custom',
      message: `must be the addresses users open, as origins separated by commas (https://readout.hospital.org, http://10.1.2.3:8080), with no path; not ${parsed.bad.map((entry) => JSON.stringify(entry)).join(', ')}`,
    })
    return z.NEVER
  }),
  // Once an opt-in to keep signed reports; they are always kept now (CL-3). Any value is
  // tolerated, so an old deployment still starts, and a warning says it is not read.
  RETAIN_SIGNED_REPORTS: optionalText,
  REQUIRE_CRITICAL_COMMUNICATION: flag,
  HEAVY_ANSWERS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  HEAVY_ANSWERS_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  HEAVY_ANSWERS_MAX_WAIT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  WORKLIST_FINAL_DAYS: z.coerce.number().min(0).max(3650).default(3),
  CLAIM_LEASE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(CLAIM.leaseSeconds),
  // identity
  ALLOW_SIGNUP: flag,
  DESCOPE_PROJECT_ID: optionalText,
  DESCOPE_BASE_URL: optionalText,
  ...descopeRoleMapEnv,
  SESSION_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(600),
  REFRESH_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .max(90 * 86_400)
    .default(7 * 86_400),
  // SEC-20: Okta's range (0 to 60 s) and default; 0 turns the grace off.
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(30),
  SIGNIN_MAX_FAILURES_PER_LOGIN: z.coerce.number().int().min(1).max(1000).default(5),
  SIGNIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  SIGNUP_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
  ...passwordEnv,
  WRITE_MAX_PER_USER_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  // OPS-11: /metrics from anywhere with this bearer token; unset, from this machine only.
  METRICS_TOKEN: optionalText.refine((token) => token === undefined || token.length >= 16, {
    message: 'must be at least 16 characters (a random one: openssl rand -hex 24)',
  }),
  // speech
  AZURE_SPEECH_KEY: optionalText,
  AZURE_SPEECH_REGION: optionalText,
  AZURE_SPEECH_TOKEN_URL: optionalText,
  SPEECH_HOST: optionalText,
  SPEECH_REGION: optionalText,
  // assistant
  ASSISTANT_PROVIDER: z.enum(['local', 'openai']).default('local'),
  OPENAI_BASE_URL: z.string().default('https://api.openai.com/v1'),
  OPENAI_API_KEY: optionalText,
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  // images: the PACS viewer link and the archives (INT-34..INT-38, INT-97)
  ...imagesEnv,
  ...hl7Env,
  ...fhirEnv,
  ...outcomesEnv,
})

export type Env = z.input<typeof envSchema>

export type SpeechConfig =
  | { kind: 'azure'; key: string; region: string; tokenUrl: string }
  | { kind: 'host'; host: string; region: string }
  | { kind: 'none' }

export type { ImagesConfig }

export interface ServerConfig {
  host: string
  port: number
  /**
   * Behind a reverse proxy or load balancer: which hops to trust, so that `request.ip` (the
   * per-address sign-in limit) is the client's address rather than the proxy's.
   */
  trustProxy: TrustProxy
  /**
   * The names the server answers to (SEC-5): PUBLIC_ORIGIN's origins, or by default the bind
   * address and localhost on the port a request came in on. Any other Host gets 421, and a write
   * from a page of another origin 403.
   */
  publicOrigins: PublicOrigins
  database:
    { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string } | { kind: 'memory' }
  staticDir: string
  seed: boolean
  /**
   * What the environment sets that is no longer read, one sentence each, logged as warnings at
   * start-up (RETAIN_SIGNED_REPORTS: a signed report is never deleted, CL-3).
   */
  warnings: string[]
  /**
   * CR-3: a report asserting a critical finding is signed only once a communication of it is
   * recorded (409 `critical_result_not_communicated`); `REQUIRE_CRITICAL_COMMUNICATION=0` lifts it.
   */
  requireCriticalCommunication: boolean
  /**
   * SEC-9: whole-list answers (the worklist, the patients) built at once per process, how many
   * may wait, and for how long; past that a request gets 503 with Retry-After.
   */
  heavyAnswers: HeavyGateConfig
  /** How long a signed study stays on the worklist (days); older ones are found by search. */
  worklistFinalDays: number
  /** How long a claim on a study lasts without renewal (seconds). */
  claimLeaseSeconds: number
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  /** /api/v1 writes (POST, PUT, PATCH, DELETE) allowed per signed-in user in one window. */
  writeRateLimit: { maxPerUser: number; windowSeconds: number }
  /** OPS-11: the bearer token /metrics asks for; undefined: loopback scrapes only. */
  metricsToken: string | undefined
  identity:
    | {
        mode: 'local'
        allowSignup: boolean
        sessionTtlSeconds: number
        refreshTtlSeconds: number
        refreshReuseGraceSeconds: number
        /** Sign-in and sign-up limits (server/identity/signInRateLimit.ts). */
        rateLimit: SignInRateLimitConfig
        /** Password work at once (SEC-12) and sign-ups per address (SEC-13). */
        passwords: PasswordLimits
      }
    | {
        mode: 'descope'
        projectId: string
        baseUrl: string | undefined
        /** DESCOPE_ROLE_MAP (RL-3): which Descope roles give each of ours. */
        roleMap: DescopeRoleMap
      }
  speech: SpeechConfig
  /** Images: the PACS viewer's link and the archive the study UIDs come from. */
  images: ImagesConfig
  hl7: Hl7Config
  /** The FHIR server's system clients (SMART Backend Services). */
  fhir: FhirConfig
  /** The department's time zone and peer review's share of studies (outcomes/settings.ts). */
  outcomes: OutcomesConfig
  assistant:
    | { provider: 'local' }
    | {
        provider: 'openai'
        baseUrl: string
        apiKey: string | undefined
        model: string
        timeoutMs: number
      }
}

export const RETAIN_SIGNED_REPORTS_IGNORED =
  'RETAIN_SIGNED_REPORTS is no longer read: clearing a conversation never deletes a signed report, its revisions, addenda or communications. Remove the setting.'

export const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1'])

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid configuration: ${problems}`)
  }
  const e = parsed.data
  const loopback = LOOPBACK_HOSTS.has(e.HOST)

  let speech: SpeechConfig = { kind: 'none' }
  if (e.SPEECH_HOST) {
    speech = { kind: 'host', host: e.SPEECH_HOST, region: e.SPEECH_REGION ?? 'local' }
  } else if (e.AZURE_SPEECH_KEY && e.AZURE_SPEECH_REGION) {
    speech = {
      kind: 'azure',
      key: e.AZURE_SPEECH_KEY,
      region: e.AZURE_SPEECH_REGION,
      tokenUrl:
        e.AZURE_SPEECH_TOKEN_URL ??
        `https://${e.AZURE_SPEECH_REGION}.api.cognitive.microsoft.com/sts/v1.0/issueToken`,
    }
  }

  return {
    host: e.HOST,
    port: e.PORT,
    trustProxy: e.TRUST_PROXY,
    publicOrigins: e.PUBLIC_ORIGIN
      ? { kind: 'configured', origins: e.PUBLIC_ORIGIN }
      : bindOrigins(e.HOST),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR) },
    staticDir: path.resolve(e.STATIC_DIR),
    seed: e.SEED ?? true,
    warnings: e.RETAIN_SIGNED_REPORTS === undefined ? [] : [RETAIN_SIGNED_REPORTS_IGNORED],
    requireCriticalCommunication: e.REQUIRE_CRITICAL_COMMUNICATION ?? true,
    worklistFinalDays: e.WORKLIST_FINAL_DAYS,
    claimLeaseSeconds: e.CLAIM_LEASE_SECONDS,
    heavyAnswers: {
      concurrency: e.HEAVY_ANSWERS_CONCURRENCY,
      queue: e.HEAVY_ANSWERS_QUEUE,
      maxWaitMs: e.HEAVY_ANSWERS_MAX_WAIT_MS,
    },
    logLevel: e.LOG_LEVEL,
    writeRateLimit: { maxPerUser: e.WRITE_MAX_PER_USER_PER_MINUTE, windowSeconds: 60 },
    metricsToken: e.METRICS_TOKEN,
    identity: e.DESCOPE_PROJECT_ID
      ? {
          mode: 'descope',
          projectId: e.DESCOPE_PROJECT_ID,
          baseUrl: e.DESCOPE_BASE_URL,
          roleMap: e.DESCOPE_ROLE_MAP,
        }
      : {
          mode: 'local',
          // Open sign-up is safe only on loopback; anywhere else it must be asked for.
          allowSignup: e.ALLOW_SIGNUP ?? loopback,
          sessionTtlSeconds: e.SESSION_TTL_SECONDS,
          refreshTtlSeconds: e.REFRESH_TTL_SECONDS,
          refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
          rateLimit: {
            ...DEFAULT_SIGN_IN_RATE_LIMIT,
            maxFailuresPerLoginId: e.SIGNIN_MAX_FAILURES_PER_LOGIN,
            maxFailuresPerAddress: e.SIGNIN_MAX_FAILURES_PER_ADDRESS,
            maxSignUpsPerAddress: e.SIGNUP_MAX_PER_ADDRESS,
          },
          passwords: passwordLimits(e),
        },
    speech,
    images: imagesConfig(e),
    hl7: hl7Config(e),
    fhir: fhirConfig(e),
    outcomes: outcomesConfig(e),
    assistant:
      e.ASSISTANT_PROVIDER === 'openai'
        ? {
            provider: 'openai',
            baseUrl: e.OPENAI_BASE_URL,
            apiKey: e.OPENAI_API_KEY,
            model: e.OPENAI_MODEL,
            timeoutMs: e.OPENAI_TIMEOUT_MS,
          }
        : { provider: 'local' },
  }
}
