/**
 * Local mode's stand-in for Descope's hosted "sign-up-or-in" flow: a native form that drives the
 * real Descope SDK against the server's Descope-compatible endpoints. 'Continue' signs in; an
 * e-mail with no account yet is told so (LG-5) and offered account creation with the name that
 * will appear under the clinician's signatures ('Full name'), so a mistyped address never makes
 * a second account on its own. Like the widget, it owns its field messages and reports only
 * success or failure to the page.
 */
import { Alert, Button, Field, HStack, Input, Stack } from '@chakra-ui/react'
import { useDescope } from '@descope/react-sdk'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import {
  fieldErrorsFor,
  DESCOPE_ERRORS,
  mayBeNewAccount,
  validateCredentials,
  validateName,
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
  const [name, setName] = useState('')
  /** 'create': the e-mail has no account yet; the form offers to create it. */
  const [step, setStep] = useState<'signIn' | 'create'>('signIn')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [pending, setPending] = useState(false)
  const nameRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (step === 'create') nameRef.current?.focus()
  }, [step])

  const signIn = async (loginId: string): Promise<SignInFailure | null> => {
    const answer = await sdk.password.signIn(loginId, password)
    return answer.ok ? null : failureOf('signIn', answer)
  }
  const signUp = async (loginId: string): Promise<SignInFailure | null> => {
    const answer = await sdk.password.signUp(loginId, password, {
      email: loginId,
      name: name.trim(),
    })
    return answer.ok ? null : failureOf('signUp', answer)
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    const creating = step === 'create'
    const invalid = {
      ...validateCredentials(email, password),
      ...(creating ? validateName(name) : {}),
    }
    setErrors(invalid)
    if (invalid.email || invalid.password || invalid.name) return
    setPending(true)
    let failure: SignInFailure | null
    try {
      failure = await (creating ? signUp : signIn)(email.trim())
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
    if (mayBeNewAccount(failure)) {
      setErrors({})
      setStep('create')
      return
    }
    // Creating found the account after all: it was the password that was wrong.
    if (creating && failure.errorCode === DESCOPE_ERRORS.userAlreadyExists) setStep('signIn')
    setErrors(fieldErrorsFor(failure) ?? {})
    onError(failure)
  }

  return (
    <form noValidate aria-label="Sign up or sign in" onSubmit={(event) => void submit(event)}>
      <Stack gap="4">
        {step === 'create' && (
          <Alert.Root status="info" variant="subtle" size="sm">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>No account exists for {email.trim()} yet.</Alert.Title>
              <Alert.Description>
                Check the address, or create an account with your full name.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <Field.Root invalid={Boolean(errors.email)} required>
          <Field.Label>Email</Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value)
              // Another address is another question: does it have an account?
              setStep('signIn')
            }}
          />
          <Field.ErrorText>{errors.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)} required>
          <Field.Label>Password</Field.Label>
          <Input
            type="password"
            name="password"
            autoComplete={step === 'create' ? 'new-password' : 'current-password'}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value)
            }}
          />
          <Field.ErrorText>{errors.password}</Field.ErrorText>
        </Field.Root>
        {step === 'create' && (
          <Field.Root invalid={Boolean(errors.name)} required>
            <Field.Label>Full name</Field.Label>
            <Input
              ref={nameRef}
              name="name"
              autoComplete="name"
              value={name}
              onChange={(event) => {
                setName(event.target.value)
              }}
            />
            <Field.HelperText>As it should appear under your signature.</Field.HelperText>
            <Field.ErrorText>{errors.name}</Field.ErrorText>
          </Field.Root>
        )}
        {step === 'create' ? (
          <HStack gap="3">
            <Button
              variant="outline"
              disabled={pending}
              onClick={() => {
                setStep('signIn')
                setErrors({})
              }}
            >
              Back
            </Button>
            <Button type="submit" colorPalette="brand" loading={pending} flex="1">
              Create account
            </Button>
          </HStack>
        ) : (
          <Button type="submit" colorPalette="brand" loading={pending} width="full">
            Continue
          </Button>
        )}
      </Stack>
    </form>
  )
}
