/**
 * RT-5: what an uncaught error in a route shows instead of a blank page, with two ways back.
 * The error itself is logged, not shown: it may hold patient data or internals.
 */
import { Button, Center, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { useEffect } from 'react'
import { Link as RouterLink, useRouteError } from 'react-router-dom'
import { useDeps } from '../shared/deps'
import { useFirstPaintRelease } from '../shared/firstPaint'

export const ERROR_PAGE_TITLE = 'Unexpected Application Error!'

export function RouteErrorPage() {
  const error = useRouteError()
  const { logger, navigator } = useDeps()
  useFirstPaintRelease(true)

  useEffect(() => {
    logger.error('route/uncaughtError', error)
  }, [error, logger])

  return (
    <Center as="main" minH="100dvh" bg="bg" px="4">
      <Stack gap="4" maxW="md" textAlign="center" align="center">
        <Heading as="h1" size="xl">
          {ERROR_PAGE_TITLE}
        </Heading>
        <Text color="fg.muted">
          Something went wrong while showing this page. Your saved work is not affected.
        </Text>
        <HStack gap="4">
          <Button
            colorPalette="brand"
            onClick={() => {
              navigator.reload()
            }}
          >
            Reload
          </Button>
          <Link asChild color="brand.fg">
            <RouterLink to="/" reloadDocument>
              Go to the worklist
            </RouterLink>
          </Link>
        </HStack>
      </Stack>
    </Center>
  )
}
