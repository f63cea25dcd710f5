/**
 * Errors of the local identity, in the shape the Descope SDKs parse:
 * `{errorCode, errorDescription, errorMessage}` with a 4xx status.
 *
 * Codes the Descope SDKs themselves name are reused with their meaning (node-sdk
 * `DescopeErrors`, go-sdk `errors.go`, python-sdk rate-limit handling):
 * - E011001 bad request (body is not JSON)
 * - E011003 invalid request (a field fails validation; the message names the field)
 * - E062107 user already exists
 * - E062108 user not found: a sign-in for a login id that has no account, so the local card can
 *   say so and offer to create one (a sign-up-or-in flow tells as much, and sign-up's E062107
 *   already does)
 * - E130429 rate limit exceeded (with a `Retry-After` header, which the SDK reads)
 * Codes Descope does not publish for these situations are local choices, kept in the E06xxxx
 * (authentication) range:
 * - E061301 refresh token missing, invalid, expired or revoked (401: the SDK ends the session)
 * - E061302 session token missing or invalid (401)
 * - E062109 wrong password for an existing account (401)
 * - E062110 sign-up is disabled on this server (403)
 * - E062111 the account has been deactivated by an administrator (403 at sign-in, RL-5; a
 *   refresh of such an account answers E061301 with the same words, so the SDK ends the session)
 * - E010503 too many passwords being checked at once (503 with `Retry-After`, SEC-12)
 * - E010500 internal error (500)
 */
export const DESCOPE_ERROR_CODES = {
  badRequest: 'E011001',
  invalidRequest: 'E011003',
  userAlreadyExists: 'E062107',
  userNotFound: 'E062108',
  badCredentials: 'E062109',
  rateLimited: 'E130429',
  invalidRefreshToken: 'E061301',
  invalidSessionToken: 'E061302',
  signUpDisabled: 'E062110',
  accountDeactivated: 'E062111',
  internal: 'E010500',
  busy: 'E010503',
} as const

export type DescopeErrorCode = (typeof DESCOPE_ERROR_CODES)[keyof typeof DESCOPE_ERROR_CODES]

export interface DescopeErrorBody {
  errorCode: DescopeErrorCode
  errorDescription: string
  errorMessage: string
}

/** Thrown inside the identity routes; the plugin's error handler turns it into the answer. */
export class IdentityError extends Error {
  readonly statusCode: number
  readonly code: DescopeErrorCode
  readonly description: string
  /** Seconds, for 429 and 503 answers. */
  readonly retryAfterSeconds: number | undefined

  constructor(
    statusCode: number,
    code: DescopeErrorCode,
    description: string,
    message: string,
    retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'IdentityError'
    this.statusCode = statusCode
    this.code = code
    this.description = description
    this.retryAfterSeconds = retryAfterSeconds
  }

  toBody(): DescopeErrorBody {
    return { errorCode: this.code, errorDescription: this.description, errorMessage: this.message }
  }
}

export const invalidRefreshToken = (message: string) =>
  new IdentityError(
    401,
    DESCOPE_ERROR_CODES.invalidRefreshToken,
    'Refresh token is invalid',
    message,
  )

/** RL-5: what a deactivated account is told, at sign-in and at a refresh. */
export const ACCOUNT_DEACTIVATED_MESSAGE =
  'This account has been deactivated. Ask an administrator.'

export const accountDeactivated = () =>
  new IdentityError(
    403,
    DESCOPE_ERROR_CODES.accountDeactivated,
    'Account deactivated',
    ACCOUNT_DEACTIVATED_MESSAGE,
  )

export const invalidField = (message: string) =>
  new IdentityError(400, DESCOPE_ERROR_CODES.invalidRequest, 'Request is invalid', message)

/** 429 with the seconds to wait, which the error handler also sends as `Retry-After`. */
export const rateLimited = (description: string, message: string, retryAfterSeconds: number) =>
  new IdentityError(429, DESCOPE_ERROR_CODES.rateLimited, description, message, retryAfterSeconds)
