/**
 * What the Descope browser SDK sends the local identity, read at one edge: the sign-up and sign-in
 * bodies (checked as the SDK checks them, SEC-3 and SEC-7 included) and the refresh token, from
 * the Authorization header or the refresh cookie. The routes in localIdentity.ts use only these.
 */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { CONTROL_CHARACTERS_MESSAGE, isCleanText } from '../../contract'
import { nameText } from '../../contract/inputText'
import { invalidField, invalidRefreshToken } from './errors'

export const PASSWORD_MIN_LENGTH = 8
const PASSWORD_MAX_LENGTH = 1024
const EMAIL_MAX_LENGTH = 254
/** The e-mail pattern the Descope SDK itself validates with, so both sides agree. */
const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)*$/
const DEFAULT_REFRESH_COOKIE = 'DSR'
const COOKIE_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

// SEC-3: no field of a sign-up or sign-in holds what no person types.
const requiredString = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .refine(isCleanText, CONTROL_CHARACTERS_MESSAGE)

const emailSchema = requiredString()
  .trim()
  .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)
  .regex(EMAIL_PATTERN, 'must be an e-mail address')
  .transform((value) => value.toLowerCase())

export const signUpBody = z.object(
  {
    loginId: emailSchema,
    password: requiredString()
      .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
      // How hard it is to guess is estimated later, in a password slot (SEC-12, SEC-14).
      .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`),
    user: z
      .object({
        // What signatures will show: nothing invisible or reordering in it (SEC-31).
        name: nameText(
          requiredString().trim().max(200, 'must be at most 200 characters'),
        ).nullish(),
        email: emailSchema.nullish(),
      })
      .nullish(),
  },
  { error: 'must be a JSON object' },
)

export const signInBody = z.object(
  {
    loginId: emailSchema,
    password: requiredString()
      .min(1, 'is required')
      .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`),
  },
  { error: 'must be a JSON object' },
)

export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'request body'
  throw invalidField(`${field} ${issue?.message ?? 'is invalid'}`)
}

/** The JWT the SDK puts after the project id: `Authorization: Bearer <projectId>:<jwt>`. */
function tokenFromAuthorization(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  const credentials = match?.[1]
  if (!credentials) return null
  const colon = credentials.indexOf(':')
  // `Bearer <projectId>` alone carries no token. The project part is not checked: the token's
  // signature and issuer decide.
  if (colon < 0) return null
  return credentials.slice(colon + 1) || null
}

function cookieValue(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() !== name) continue
    const raw = part.slice(eq + 1).trim()
    try {
      return decodeURIComponent(raw) || null
    } catch {
      return null
    }
  }
  return null
}

/**
 * The SDK sends the refresh token in the Authorization header; with `refreshTokenViaCookie` it
 * may be only in a cookie (named `DSR` unless the SDK says otherwise in a header).
 */
function presentedToken(request: FastifyRequest): string | null {
  const fromHeader = tokenFromAuthorization(request)
  if (fromHeader) return fromHeader
  const requestedName = request.headers['x-descope-refresh-cookie-name']
  const cookieName =
    typeof requestedName === 'string' && COOKIE_NAME_PATTERN.test(requestedName)
      ? requestedName
      : DEFAULT_REFRESH_COOKIE
  return cookieValue(request, cookieName)
}

export function requireToken(request: FastifyRequest): string {
  const token = presentedToken(request)
  if (!token) throw invalidRefreshToken('No refresh token was sent; sign in first.')
  return token
}
