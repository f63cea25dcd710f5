/**
 * RL-16: the session's roles beside the signed-in name ('Trainee', 'Admin · Radiologist'), once
 * GET /me has said them (a backend without it: 'Radiologist'), and for an admin the header's
 * 'Admin' link to the Admin page.
 */
import { Link, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'
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

/** RL-16: the header's way to the Admin page, for an admin only. */
export function AdminLink() {
  const access = useAppSelector(selectSessionAccess)
  if (!access.roles.includes('admin')) return null
  return (
    <Link asChild fontSize="sm" fontWeight="medium" color="fg" focusRing="outside">
      <RouterLink to="/admin">Admin</RouterLink>
    </Link>
  )
}
