/**
 * The login screen (LG-1..4): a centred dark card with the product title and the identity
 * provider's sign-up-or-in widget. Success waits LOGIN_REDIRECT_DELAY_MS, then opens '/';
 * a failure is only logged, the page itself stays as it is.
 */
import { Box, Card, Center, Heading, Spinner } from '@chakra-ui/react'
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react'
import { useNavigate } from 'react-router-dom'
import { useAppConfig } from '../../shared/config'
import { LOGIN_REDIRECT_DELAY_MS } from '../../shared/constants'
import { useDeps } from '../../shared/deps'
import { LocalSignUpOrIn } from './LocalSignUpOrIn'

const CloudSignUpOrIn = lazy(() => import('./CloudSignUpOrIn'))

export function LoginPage() {
  const { productTitle, identity } = useAppConfig()
  const { logger } = useDeps()
  const navigate = useNavigate()
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(
    () => () => {
      clearTimeout(redirectTimer.current)
    },
    [],
  )

  const onSuccess = useCallback(() => {
    clearTimeout(redirectTimer.current)
    redirectTimer.current = setTimeout(() => {
      void navigate('/', { replace: true })
    }, LOGIN_REDIRECT_DELAY_MS)
  }, [navigate])

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
