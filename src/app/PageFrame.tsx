/**
 * The frame of a signed-in view other than the workspace (the Admin page, Follow-ups, the
 * Department, Peer review): the header bar with the ways to the other views, who is signed in
 * (RL-16) and 'Log out', around the view. GET /me decides who may stay: anyone else, or a backend
 * without /me, is sent to '/' (ADM-11). Each view's code loads only when it is opened
 * (src/app/router.tsx).
 */
import type { ReactNode } from 'react'
import { Box, Flex, Text } from '@chakra-ui/react'
import { Navigate, useLocation } from 'react-router-dom'
import type { UserRole } from '../../contract'
import { LogoutButton, SessionLoading, SignedInUser } from '../features/auth'
import {
  selectSessionAccess,
  selectSessionAccessKnown,
  useWhoAmIQuery,
} from '../services/api/teachingApi'
import { useAppSelector } from './hooks'
import { HEADER_BAR } from './headerBar'
import { ViewLinks } from './ViewLinks'

export function PageFrame({
  roles,
  children,
}: {
  /** Who may open the view: holders of any of these roles. */
  roles: readonly UserRole[]
  children: ReactNode
}) {
  // Read here too, not only by the session's flow: the page may be the first one opened.
  useWhoAmIQuery()
  const known = useAppSelector(selectSessionAccessKnown)
  const access = useAppSelector(selectSessionAccess)
  const { pathname } = useLocation()
  if (!known) return <SessionLoading />
  if (!roles.some((role) => access.roles.includes(role))) return <Navigate to="/" replace />
  return (
    <Box minH="100dvh" bg="bg">
      <Flex {...HEADER_BAR}>
        <ViewLinks current={pathname} />
        <Text flex="1" />
        <SignedInUser />
        <LogoutButton />
      </Flex>
      <Box as="main">{children}</Box>
    </Box>
  )
}
