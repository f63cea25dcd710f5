/**
 * The local identity: the subset of Descope's API that the Descope browser SDK uses for
 * password sign-up/in and session handling, served by this server so the product runs with
 * no cloud account (docs/local-identity.md gives the shapes, found by running the SDK). Register with
 * `app.register(localIdentityRoutes, { db, config, keys?, now? })`; without `keys` the plugin
 * loads them with `loadOrCreateSigningKeys(db)`. The routes live under `/v1/auth`.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import type { Database } from '../db/client'
import { users } from '../db/schema'
import { isUniqueViolation } from '../db/uniqueViolation'
import { rolesOfNewAccount } from '../repo/accounts'
import { recordAudit, type AuditEventInput } from '../repo/audit'
import {
  accountDeactivated,
  DESCOPE_ERROR_CODES,
  IdentityError,
  invalidField,
  rateLimited,
} from './errors'
import { parseBody, requireToken, signInBody, signUpBody } from './identityRequests'
import { loadOrCreateSigningKeys } from './keys'
import type { LocalIdentityKeys } from './keys'
import { createHashQueue, passwordWorkBusy, type HashQueueConfig } from './hashQueue'
import { createDummyHash, hashPassword, verifyPassword } from './passwords'
import { passwordEstimator, passwordWeakness } from './passwordStrength'
import { createSessionFamilies, type SessionFamilies } from './sessionFamilies'
import { createSessionStore, toDescopeUser } from './sessions'
import type { UserRow } from './sessions'
import { DEFAULT_SIGN_IN_RATE_LIMIT, createSignInRateLimiter } from './signInRateLimit'
import type { SignInRateLimitConfig } from './signInRateLimit'
import { createSignUpBucket, DEFAULT_SIGN_UP_BUCKET, type SignUpBucketConfig } from './signUpBucket'

export interface LocalIdentityConfig {
  /** Whether anyone may create an account (server/config.ts allows it on loopback only by default). */
  allowSignup: boolean
  sessionTtlSeconds: number
  refreshTtlSeconds: number
  /** How long a rotated refresh token still answers its successor (SEC-20); 30 s when omitted. */
  refreshReuseGraceSeconds?: number
}

export interface LocalIdentityOptions {
  db: Database
  config: LocalIdentityConfig
  /** The signing keys; when omitted they are loaded (or created) from `db`. */
  keys?: LocalIdentityKeys
  /** The clock; tests move it to expire tokens and rate-limit windows without sleeping. */
  now?: () => Date
  rateLimit?: SignInRateLimitConfig
  /** The session families' answers, shared with the /api/v1 guard so a logout is seen at once. */
  families?: SessionFamilies
  /** Password work at once and waiting (SEC-12), and sign-ups per address (SEC-13). */
  passwords?: { hashQueue?: HashQueueConfig; signUpBucket?: SignUpBucketConfig }
}

const MIN_SESSION_TTL_SECONDS = 40

const userAlreadyExists = () =>
  new IdentityError(
    409,
    DESCOPE_ERROR_CODES.userAlreadyExists,
    'User already exists',
    'A user with this login id already exists; sign in instead.',
  )

const tooManySignUps = (retryAfterSeconds: number) =>
  rateLimited(
    'Too many sign-ups',
    `Too many sign-ups from this address; try again in ${retryAfterSeconds} seconds.`,
    retryAfterSeconds,
  )

function sendIdentityError(reply: FastifyReply, error: IdentityError) {
  if (error.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(error.retryAfterSeconds))
  return reply.code(error.statusCode).send(error.toBody())
}

export const localIdentityRoutes: FastifyPluginAsync<LocalIdentityOptions> = async (
  app,
  options,
) => {
  const { db, config } = options
  if (config.sessionTtlSeconds <= MIN_SESSION_TTL_SECONDS) {
    // The SDK refreshes 20 s before expiry and sets no timer at all with 20 s or less left.
    throw new Error(
      `The session lifetime must be more than ${MIN_SESSION_TTL_SECONDS} seconds for the SDK to refresh it in time (got ${config.sessionTtlSeconds}).`,
    )
  }
  const keys = options.keys ?? (await loadOrCreateSigningKeys(db))
  const now = options.now ?? (() => new Date())
  const families = options.families ?? createSessionFamilies({ db, now })
  const sessions = createSessionStore({ db, keys, lifetimes: config, now, families })
  const limiter = createSignInRateLimiter(db, options.rateLimit ?? DEFAULT_SIGN_IN_RATE_LIMIT)
  // Hashed while the server goes on starting, awaited at a sign-in: a restart does not wait for
  // one scrypt (OPS-3). A failure surfaces at that sign-in.
  const dummyHash = createDummyHash()
  dummyHash.catch(() => undefined)
  const passwordWork = createHashQueue(options.passwords?.hashQueue)
  const signUpBucket = createSignUpBucket(options.passwords?.signUpBucket ?? DEFAULT_SIGN_UP_BUCKET)

  /** An identity event of the audit trail: who, when, from where; never a login secret or token. */
  const identityEvent = (
    kind: AuditEventInput['kind'],
    userId: string | null,
    request: FastifyRequest,
    detail?: AuditEventInput['detail'],
  ): AuditEventInput => ({ kind, userId, address: request.ip, detail: detail ?? null, at: now() })

  const findUserByLoginId = async (loginId: string): Promise<UserRow | undefined> => {
    const [user] = await db.select().from(users).where(eq(users.loginId, loginId))
    return user
  }

  /** The SDK authorizes /me and logoutall with the refresh token; a session token is accepted as well. */
  const userOfPresentedToken = async (request: FastifyRequest): Promise<UserRow> => {
    const token = requireToken(request)
    return (
      (await sessions.userOfSessionToken(token)) ?? (await sessions.userOfActiveRefreshToken(token))
    )
  }

  await app.register(
    (auth, _options, done) => {
      auth.addHook('onRequest', (_request, reply, hookDone) => {
        // Answers carry tokens: no cache may keep them.
        reply.header('cache-control', 'no-store')
        hookDone()
      })

      auth.setErrorHandler((error: unknown, request, reply) => {
        if (error instanceof IdentityError) return sendIdentityError(reply, error)
        const statusCode = (error as { statusCode?: unknown } | null)?.statusCode
        if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
          // Fastify's own refusals (malformed JSON, wrong content type, body too large).
          const message = error instanceof Error ? error.message : 'The request is malformed.'
          return reply.code(statusCode).send({
            errorCode: DESCOPE_ERROR_CODES.badRequest,
            errorDescription: 'Bad request',
            errorMessage: message,
          })
        }
        request.log.error({ err: error }, 'local identity request failed')
        return reply.code(500).send({
          errorCode: DESCOPE_ERROR_CODES.internal,
          errorDescription: 'Internal error',
          errorMessage: 'The identity service failed; try again.',
        })
      })

      auth.post('/password/signup', async (request) => {
        if (!config.allowSignup) {
          throw new IdentityError(
            403,
            DESCOPE_ERROR_CODES.signUpDisabled,
            'Sign-up is disabled',
            'Sign-up is disabled on this server; ask an administrator to create your account.',
          )
        }
        // SEC-13: a flood from one address stops here, before anything is checked or counted.
        const token = signUpBucket.take(request.ip, now())
        if (!token.allowed) throw tooManySignUps(token.retryAfterSeconds)
        const body = parseBody(signUpBody, request.body)
        // Loaded once, outside the slots: the first sign-up must not hold one for seconds.
        await passwordEstimator()
        // SEC-12: the rest waits for a password slot, or is refused at once with 503 (uncounted).
        const passwordHash = await passwordWork.run(async () => {
          // The slot is taken before anything is looked up or hashed (see signInRateLimit.ts).
          const slot = await limiter.reserveSignUp(request.ip, now())
          if (!slot.allowed) throw tooManySignUps(slot.retryAfterSeconds)
          if (await findUserByLoginId(body.loginId)) throw userAlreadyExists()
          // SEC-14: how hard the password is to guess for this user.
          const owner = { loginId: body.loginId, name: body.user?.name }
          const weakness = await passwordWeakness(body.password, owner)
          if (weakness) throw invalidField(`password ${weakness}`)
          return hashPassword(body.password)
        })
        try {
          return await db.transaction(async (tx) => {
            // RL-1: the first account is an admin; the lock makes two first sign-ups take turns.
            const roles = await rolesOfNewAccount(tx)
            const [user] = await tx
              .insert(users)
              .values({
                ...(roles ? { roles } : {}),
                id: `U${randomUUID().replaceAll('-', '')}`,
                loginId: body.loginId,
                email: body.user?.email ?? body.loginId,
                name: body.user?.name ?? '',
                passwordHash,
                createdAt: now(),
              })
              .returning()
            if (!user) throw new Error('The new user was not stored')
            // The sign-up-or-in form tried to sign in first: that failure was this new user's,
            // not a guesser's, so it no longer counts against the address.
            await limiter.recordSignUp(body.loginId, request.ip, now(), tx)
            await recordAudit(tx, identityEvent('sign_up', user.id, request))
            return sessions.issue(tx, user, true)
          })
        } catch (error) {
          // Two sign-ups with the same login id at once: the unique index decides.
          if (isUniqueViolation(error)) throw userAlreadyExists()
          throw error
        }
      })

      auth.post('/password/signin', async (request) => {
        const body = parseBody(signInBody, request.body)
        // SEC-12: with the password queue full, refused before anything is counted.
        if (passwordWork.isFull()) throw passwordWorkBusy()
        // SEC-1: the attempt takes its slot before its password is hashed, so a burst sent at
        // once gets no more passwords checked than the limit allows.
        const slot = await limiter.reserveSignIn(body.loginId, request.ip, now())
        if (!slot.allowed) {
          const blocked = await findUserByLoginId(body.loginId)
          await recordAudit(
            db,
            identityEvent('sign_in_failed', blocked?.id ?? null, request, {
              reason: 'rate_limited',
            }),
          )
          throw rateLimited(
            'Too many failed sign-ins',
            `Too many failed sign-ins; try again in ${slot.retryAfterSeconds} seconds.`,
            slot.retryAfterSeconds,
          )
        }
        const user = await findUserByLoginId(body.loginId)
        // An unknown account is checked against a dummy hash: both answers take the same time.
        const passwordMatches = await passwordWork
          .run(async () => verifyPassword(body.password, user?.passwordHash ?? (await dummyHash)))
          .catch(async (error: unknown) => {
            // SEC-12: the password was never checked (refused for load): not a guess.
            await limiter.giveBack(slot.attempt)
            throw error
          })
        if (!user || !passwordMatches) {
          await limiter.recordFailure(slot.attempt)
          await recordAudit(
            db,
            identityEvent('sign_in_failed', user?.id ?? null, request, {
              reason: user ? 'wrong_password' : 'unknown_login',
            }),
          )
          throw user
            ? new IdentityError(
                401,
                DESCOPE_ERROR_CODES.badCredentials,
                'Invalid credentials',
                'The password is wrong.',
              )
            : new IdentityError(
                401,
                DESCOPE_ERROR_CODES.userNotFound,
                'User not found',
                'No account exists for this login id yet.',
              )
        }
        if (!user.active) {
          // RL-5: told only once the password is right (a guesser learns nothing new), and not
          // counted against the address: it was no guess.
          await limiter.giveBack(slot.attempt)
          await recordAudit(
            db,
            identityEvent('sign_in_failed', user.id, request, { reason: 'deactivated' }),
          )
          throw accountDeactivated()
        }
        await limiter.recordSuccess(slot.attempt, now())
        return db.transaction(async (tx) => {
          await recordAudit(tx, identityEvent('sign_in', user.id, request))
          return sessions.issue(tx, user, false)
        })
      })

      auth.post('/refresh', async (request) => sessions.rotate(requireToken(request)))

      // The SDK calls this on page load; 401 without a token tells it nobody is signed in.
      auth.post('/try-refresh', async (request) => sessions.rotate(requireToken(request)))

      auth.get('/me', async (request) => toDescopeUser(await userOfPresentedToken(request)))

      auth.post('/logout', async (request) => {
        const userId = await sessions.revoke(requireToken(request))
        await recordAudit(db, identityEvent('sign_out', userId, request))
        return {}
      })

      auth.post('/logoutall', async (request) => {
        const user = await userOfPresentedToken(request)
        await sessions.revokeAll(user.id)
        await recordAudit(db, identityEvent('sign_out', user.id, request, { all_sessions: true }))
        return {}
      })

      done()
    },
    { prefix: '/v1/auth' },
  )
}
