import { describe, expect, it } from 'vitest'
import {
  FIELD_MESSAGES,
  fieldErrorsFor,
  mayBeNewAccount,
  validateCredentials,
} from '../../../../src/features/auth/signInForm'

describe('the sign-up-or-in rules', () => {
  it('LG-1 requires both fields and an e-mail address in the standard pattern', () => {
    expect(validateCredentials('', '')).toEqual({
      email: FIELD_MESSAGES.emailRequired,
      password: FIELD_MESSAGES.passwordRequired,
    })
    expect(validateCredentials('ada@', 'x')).toEqual({ email: FIELD_MESSAGES.emailInvalid })
    expect(validateCredentials(' ada@example.org ', 'x')).toEqual({})
  })

  it('LG-1 only a refused sign-in may be a new account', () => {
    expect(mayBeNewAccount({ step: 'signIn', status: 401, errorCode: 'E062108' })).toBe(true)
    expect(mayBeNewAccount({ step: 'signIn', status: 429, errorCode: 'E130429' })).toBe(false)
    expect(mayBeNewAccount({ step: 'signUp', status: 401, errorCode: 'E062108' })).toBe(false)
  })

  it('LG-3 shows field messages for what the user typed, nothing for service failures', () => {
    expect(fieldErrorsFor({ step: 'signUp', status: 409, errorCode: 'E062107' })).toEqual({
      password: FIELD_MESSAGES.wrongPassword,
    })
    expect(fieldErrorsFor({ step: 'signUp', status: 403, errorCode: 'E062110' })).toEqual({
      password: FIELD_MESSAGES.wrongPassword,
    })
    expect(
      fieldErrorsFor({
        step: 'signIn',
        status: 429,
        errorCode: 'E130429',
        errorMessage: 'too many failed sign-ins; try again in 30 seconds.',
      }),
    ).toEqual({ password: 'Too many failed sign-ins; try again in 30 seconds.' })
    expect(fieldErrorsFor({ step: 'signIn', status: 500, errorCode: 'E010500' })).toBeNull()
    expect(
      fieldErrorsFor({
        step: 'signIn',
        status: 400,
        errorCode: 'E011003',
        errorMessage: 'loginId is required',
      }),
    ).toBeNull()
  })

  it("ADM-21 a deactivated account's sign-in says so, in the server's words", () => {
    const refused = {
      step: 'signIn',
      status: 403,
      errorCode: 'E062111',
      errorMessage: 'This account has been deactivated. Ask an administrator.',
    } as const
    expect(fieldErrorsFor(refused)).toEqual({
      password: 'This account has been deactivated. Ask an administrator.',
    })
    expect(mayBeNewAccount(refused)).toBe(false)
  })
})
