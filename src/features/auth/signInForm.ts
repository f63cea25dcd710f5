/**
 * The rules and messages of the local sign-up-or-in form, kept apart from the component so the
 * form reads as layout. The messages are the form's own ("the widget's"), as the Descope flow
 * shows its own; the app adds nothing on the page when sign-in fails (LG-3).
 */
import { nameProblem } from '../../shared/honestText'

/** The identity SDK's own e-mail pattern (core-js-sdk), so the form never accepts what it refuses. */
export const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)*$/

export const FIELD_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  wrongPassword: 'Incorrect email or password',
  nameRequired: 'Full name is required',
} as const

/**
 * Error codes of the Descope API, as the local identity server (server/identity/errors.ts) and
 * Descope itself send them. A sign-in for an e-mail with no account is `userNotFound` (the
 * Descope SDK's own name for E062108): the form says so and offers to create the account. A
 * backend that answers every failed sign-in with it leaves the creation to settle it: sign-up of
 * an existing account answers `userAlreadyExists`, a wrong password.
 */
export const DESCOPE_ERRORS = {
  userNotFound: 'E062108',
  badCredentials: 'E062109',
  userAlreadyExists: 'E062107',
  signUpDisabled: 'E062110',
  invalidRequest: 'E011003',
  rateLimited: 'E130429',
  busy: 'E010503',
  /** RL-5: an administrator deactivated the account (ADM-21: the form says so). */
  accountDeactivated: 'E062111',
} as const

export interface FieldErrors {
  email?: string
  password?: string
  name?: string
}

export function validateCredentials(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {}
  if (email.trim() === '') errors.email = FIELD_MESSAGES.emailRequired
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = FIELD_MESSAGES.emailInvalid
  if (password === '') errors.password = FIELD_MESSAGES.passwordRequired
  return errors
}

/** What a failed SDK call reports: no Response object, nothing secret, safe to log. */
export interface SignInFailure {
  step: 'signIn' | 'signUp'
  status?: number
  errorCode?: string
  errorDescription?: string
  errorMessage?: string
}

/** Sign-in failed because the account may simply not exist yet: creating it is offered. */
export function mayBeNewAccount(failure: SignInFailure): boolean {
  return failure.step === 'signIn' && failure.errorCode === DESCOPE_ERRORS.userNotFound
}

/**
 * The name a new account signs with: required, as it appears under a signature, and nothing in
 * it that would make the signature read differently (SEC-38).
 */
export function validateName(name: string): FieldErrors {
  if (name.trim() === '') return { name: FIELD_MESSAGES.nameRequired }
  const problem = nameProblem('Full name', name)
  return problem ? { name: problem } : {}
}

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * The field message the form shows for a failure, as the hosted widget would, or nothing when
 * the failure is not about what the user typed (service down, network): that is only logged.
 */
export function fieldErrorsFor(failure: SignInFailure): FieldErrors | null {
  switch (failure.errorCode) {
    case DESCOPE_ERRORS.badCredentials:
    case DESCOPE_ERRORS.userNotFound:
      return { password: FIELD_MESSAGES.wrongPassword }
    case DESCOPE_ERRORS.userAlreadyExists:
      // Sign-up found the account, so it was the password that was wrong.
      return { password: FIELD_MESSAGES.wrongPassword }
    case DESCOPE_ERRORS.signUpDisabled:
      // No account may be created here: the account is missing or the password wrong.
      return { password: FIELD_MESSAGES.wrongPassword }
    // SEC-12: a busy server's answer (too many passwords at once) says when to try again too.
    case DESCOPE_ERRORS.rateLimited:
    case DESCOPE_ERRORS.busy:
      return {
        password: sentence(failure.errorMessage ?? 'Too many failed sign-ins; try again later.'),
      }
    case DESCOPE_ERRORS.accountDeactivated:
      return {
        password:
          failure.errorMessage ?? 'This account has been deactivated. Ask an administrator.',
      }
    case DESCOPE_ERRORS.invalidRequest:
      // A new account's password policy ("password must be at least 8 characters", "password
      // is too easy to guess: ..." with the estimator's advice, SEC-15).
      if (failure.step === 'signUp' && failure.errorMessage?.startsWith('password')) {
        return { password: sentence(failure.errorMessage) }
      }
      return null
    default:
      return null
  }
}
