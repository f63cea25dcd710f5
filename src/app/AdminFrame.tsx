/**
 * The Admin page's frame (ADM-10, RT-4's one exception): a header with 'Worklist' back to '/',
 * who is signed in with their roles (RL-16) and 'Log out', around the admin feature's page. Only an admin stays: GET /me
 * decides, and anyone else, or a backend without /me, is sent to '/'. Its code (with the admin
 * feature's) loads only when /admin is opened (src/app/router.tsx).
 */
import { Box, Flex, Link, Text } from '@chakra-ui/react'
import { Navigate, Link as RouterLink } from 'react-router-dom'
import { AdminPage } from '../features/admin'
import { LogoutButton, SessionLoading, SignedInUser } from '../features/auth'
import {
  selectSessionAccess,
  selectSessionAccessKnown,
  useWhoAmIQuery,
} from '../services/api/teachingApi'
import { useAppSelector } from './hooks'
import { HEADER_BAR } from './headerBar'

export function AdminFrame() {
  // Read here too, not only by the session's flow: the page may be the first one opened.
  useWhoAmIQuery()
  const known = useAppSelector(selectSessionAccessKnown)
  const access = useAppSelector(selectSessionAccess)
  if (!known) return <SessionLoading />
  if (!access.roles.includes('admin')) return <Navigate to="/" replace />
  return (
    <Box minH="100dvh" bg="bg">
      <Flex {...HEADER_BAR}>
        <Link asChild fontWeight="medium" color="fg" focusRing="outside">
          <RouterLink to="/">Worklist</RouterLink>
        </Link>
        <Text flex="1" />
        <SignedInUser />
        <LogoutButton />
      </Flex>
      <Box as="main">
        <AdminPage />
      </Box>
    </Box>
  )
}
