/**
 * RL-16: the session's roles beside the signed-in name ('Trainee', 'Admin · Radiologist'), once
 * GET /me has said them (a backend without it: 'Radiologist'). The header's ways to the other
 * views, 'Admin' among them, are the app's (src/app/ViewLinks.tsx).
 */
import { Text } from '@chakra-ui/react'
import { ROLE_LABELS, type UserRole } from '../../../contract'
import { useAppSelector } from '../../app/hooks'
import { selectSessionAccess, selectSessionAccessKnown } from '../../services/api/teachingApi'

/** The order roles read in: admin first, then the clinical roles. */
const ROLE_ORDER: readonly UserRole[] = ['admin', 'radiologist', 'trainee']

export function rolesText(roles: readonly UserRole[]): string {
  return ROLE_ORDER.filter((role) => roles.includes(role))
    .map((role) => ROLE_LABELS[role])
    .join(' · ')
}

export function SessionRoles() {
  const access = useAppSelector(selectSessionAccess)
  const known = useAppSelector(selectSessionAccessKnown)
  const text = known ? rolesText(access.roles) : ''
  if (text === '') return null
  return (
    <Text as="span" fontSize="xs" color="fg.subtle" whiteSpace="nowrap">
      {text}
    </Text>
  )
}
