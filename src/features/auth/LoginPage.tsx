/**
 * The login screen (LG-1..4): a centred dark card with the product title and the identity
 * provider's sign-up-or-in widget. Success waits LOGIN_REDIRECT_DELAY_MS, then opens '/';
 * a failure is only logged, the page itself stays as it is. After an idle sign-out (SEC-8) the
 * card says so, and that unsent work comes back with the next sign-in.
 */
import { Alert, Box, Card, Center, Heading, Spinner } from '@chakra-ui/react'
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useAppSelector } from '../../app/hooks'
import { useAppConfig } from '../../shared/config'
import { LOGIN_REDIRECT_DELAY_MS } from '../../shared/constants'
import { useDeps } from '../../shared/deps'
import { useFirstPaintRelease } from '../../shared/firstPaint'
import { selectSignedOutAfterIdleMinutes } from './idleLogoffSlice'
import { LocalSignUpOrIn } from './LocalSignUpOrIn'

const CloudSignUpOrIn = lazy(() => import('./CloudSignUpOrIn'))

/**
 * The query of the address that sent the visitor here (`?study=ID`, URL-1), kept across the
 * sign-in; only a query of '/', so no other page can be named.
 */
function returnSearchOf(state: unknown): string {
  const search =
    typeof state === 'object' && state !== null && 'returnTo' in state ? state.returnTo : ''
  return typeof search === 'string' && search.startsWith('?') ? search : ''
}

export function LoginPage() {
  const { productTitle, identity } = useAppConfig()
  const { logger } = useDeps()
  const idleMinutes = useAppSelector(selectSignedOutAfterIdleMinutes)
  const navigate = useNavigate()
  const returnTo = returnSearchOf(useLocation().state)
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // A stored session the server refused: the rows painted with it leave with the sign-in card.
  useFirstPaintRelease(true)

  useEffect(
    () => () => {
      clearTimeout(redirectTimer.current)
    },
    [],
  )

  const onSuccess = useCallback(() => {
    clearTimeout(redirectTimer.current)
    redirectTimer.current = setTimeout(() => {
      void navigate(`/${returnTo}`, { replace: true })
    }, LOGIN_REDIRECT_DELAY_MS)
  }, [navigate, returnTo])

  const onError = useCallback(
    (failure: unknown) => {
      logger.error('auth/signInFailed', failure)
    },
    [logger],
  )

  return (
    <Center as="main" minH="100dvh" bg="bg" px="4">
      <Card.Root
        width="full"
        maxW="sm"
        bg="bg.panel"
        borderColor="border"
        variant="outline"
        size="lg"
      >
        <Card.Header>
          <Heading as="h1" size="xl" textAlign="center">
            {productTitle}
          </Heading>
        </Card.Header>
        <Card.Body>
          {idleMinutes !== null && (
            <Alert.Root status="info" variant="subtle" size="sm" mb="4" role="status">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {`You were signed out after ${String(idleMinutes)} ${idleMinutes === 1 ? 'minute' : 'minutes'} without activity.`}
                </Alert.Title>
                <Alert.Description>
                  Unsent messages and report drafts come back when you sign in again.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {identity.mode === 'cloud' ? (
            <Suspense
              fallback={
                <Box textAlign="center">
                  <Spinner color="fg.muted" />
                </Box>
              }
            >
              <CloudSignUpOrIn onSuccess={onSuccess} onError={onError} />
            </Suspense>
          ) : (
            <LocalSignUpOrIn onSuccess={onSuccess} onError={onError} />
          )}
        </Card.Body>
      </Card.Root>
    </Center>
  )
}
