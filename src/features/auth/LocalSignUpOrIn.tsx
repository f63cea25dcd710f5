/**
 * Local mode's stand-in for Descope's hosted "sign-up-or-in" flow: a native form that drives the
 * real Descope SDK (`password.signIn`, then `password.signUp` for a new address) against the
 * server's Descope-compatible endpoints. Like the widget, it owns its field messages and reports
 * only success or failure to the page.
 */
import { Button, Field, Input, Stack } from '@chakra-ui/react'
import { useDescope } from '@descope/react-sdk'
import { useState, type FormEvent } from 'react'
import {
  fieldErrorsFor,
  mayBeNewAccount,
  validateCredentials,
  type FieldErrors,
  type SignInFailure,
} from './signInForm'

export interface SignUpOrInProps {
  onSuccess: () => void
  onError: (failure: unknown) => void
}

interface SdkAnswer {
  ok: boolean
  code?: number
  error?: { errorCode: string; errorDescription: string; errorMessage?: string }
}

function failureOf(step: SignInFailure['step'], answer: SdkAnswer): SignInFailure {
  return {
    step,
    status: answer.code,
    errorCode: answer.error?.errorCode,
    errorDescription: answer.error?.errorDescription,
    errorMessage: answer.error?.errorMessage,
  }
}

export function LocalSignUpOrIn({ onSuccess, onError }: SignUpOrInProps) {
  const sdk = useDescope()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [pending, setPending] = useState(false)

  const signUpOrIn = async (loginId: string): Promise<SignInFailure | null> => {
    const signIn = await sdk.password.signIn(loginId, password)
    if (signIn.ok) return null
    const signInFailure = failureOf('signIn', signIn)
    if (!mayBeNewAccount(signInFailure)) return signInFailure
    const signUp = await sdk.password.signUp(loginId, password, { email: loginId })
    return signUp.ok ? null : failureOf('signUp', signUp)
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    const invalid = validateCredentials(email, password)
    setErrors(invalid)
    if (invalid.email || invalid.password) return
    setPending(true)
    let failure: SignInFailure | null
    try {
      failure = await signUpOrIn(email.trim())
    } catch (error) {
      // The SDK throws when a request got no answer at all (network down).
      setPending(false)
      onError(error)
      return
    }
    if (failure === null) {
      // Stays pending: the page moves on shortly and a second submit must not race it.
      onSuccess()
      return
    }
    setPending(false)
    setErrors(fieldErrorsFor(failure) ?? {})
    onError(failure)
  }

  return (
    <form noValidate aria-label="Sign up or sign in" onSubmit={(event) => void submit(event)}>
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.email)} required>
          <Field.Label>Email</Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value)
            }}
          />
          <Field.ErrorText>{errors.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)} required>
          <Field.Label>Password</Field.Label>
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value)
            }}
          />
          <Field.ErrorText>{errors.password}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={pending} width="full">
          Continue
        </Button>
      </Stack>
    </form>
  )
}
